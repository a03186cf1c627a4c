package io.eragate.core.stdio;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The environment of an upstream process: a few variables a program needs to run at all, taken from the gateway's
 * own environment, plus the configured ones (which win). Everything else the gateway has (tokens, cloud credentials)
 * stays out of the child, which may be third-party code fetched by {@code npx}.
 */
public final class ChildEnvironment {

    /** Variables passed on from the gateway when it has them. */
    public static final List<String> INHERITED = List.of("HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER", "LANG",
            "TMPDIR", "TZ");

    private ChildEnvironment() {
    }

    /**
     * The child's whole environment.
     *
     * @param gateway the gateway's environment ({@link System#getenv()})
     * @param configured the upstream's {@code env}
     */
    public static Map<String, String> of(Map<String, String> gateway, Map<String, String> configured) {
        Objects.requireNonNull(gateway, "gateway");
        Objects.requireNonNull(configured, "configured");
        Map<String, String> env = new LinkedHashMap<>();
        for (String name : INHERITED) {
            String value = gateway.get(name);
            // A value starting with "()" is an exported shell function, which is code, not configuration.
            if (value != null && !value.startsWith("()")) {
                env.put(name, value);
            }
        }
        env.putAll(configured);
        return env;
    }
}
