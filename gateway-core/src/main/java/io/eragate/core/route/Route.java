package io.eragate.core.route;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * One route: requests to {@code path} go to its upstream, or, on a federated route, to the upstream that owns the
 * name they carry; rules may send some of them elsewhere.
 *
 * @param path an absolute path such as {@code /mcp}; no query string, no fragment
 * @param upstreams the names of the configured upstreams behind the path, in order (the first wins a tie); one for
 *     a plain route, several for a federated one
 * @param names how a federated route names its upstreams' tools and prompts
 * @param rules tried in order before anything else; the first that matches decides
 * @param fanOutTimeout how long a federated list waits for each upstream before leaving it out
 * @param maxNameLength the longest tool or prompt name a federated route shows (longer ones are shortened)
 */
public record Route(String path, List<String> upstreams, NamingMode names, List<RouteRule> rules,
        Duration fanOutTimeout, int maxNameLength) {

    /** The fan-out deadline of a route that does not set one. */
    public static final Duration DEFAULT_FAN_OUT_TIMEOUT = Duration.ofSeconds(5);
    /** The name length cap of a route that does not set one: what many LLM providers accept for a tool name. */
    public static final int DEFAULT_MAX_NAME_LENGTH = 64;

    public Route {
        Objects.requireNonNull(path, "path");
        upstreams = List.copyOf(upstreams);
        Objects.requireNonNull(names, "names");
        rules = List.copyOf(rules);
        Objects.requireNonNull(fanOutTimeout, "fanOutTimeout");
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("route path must start with '/': \"" + path + "\"");
        }
        if (path.indexOf('?') >= 0 || path.indexOf('#') >= 0) {
            throw new IllegalArgumentException("route path must not contain '?' or '#': \"" + path + "\"");
        }
        if (upstreams.isEmpty() || upstreams.stream().anyMatch(String::isBlank)) {
            throw new IllegalArgumentException("route for \"" + path + "\" names no upstream");
        }
        if (maxNameLength < ExposedNames.MIN_NAME_LENGTH || maxNameLength > ExposedNames.MAX_NAME_LENGTH) {
            throw new IllegalArgumentException("route for \"" + path + "\": maxNameLength must be between "
                    + ExposedNames.MIN_NAME_LENGTH + " and " + ExposedNames.MAX_NAME_LENGTH);
        }
    }

    /** A plain route: one upstream, no rules. */
    public Route(String path, String upstream) {
        this(path, List.of(Objects.requireNonNull(upstream, "upstream")), NamingMode.AS_IS, List.of(),
                DEFAULT_FAN_OUT_TIMEOUT, DEFAULT_MAX_NAME_LENGTH);
    }

    /** The first upstream: the only one of a plain route. */
    public String upstream() {
        return upstreams.get(0);
    }

    /** Whether several upstreams share this path, so that lists are merged and names say their owner. */
    public boolean isFederated() {
        return upstreams.size() > 1;
    }

    /** Every upstream this route may send a request to: its own, then those only rules name. */
    public List<String> reachableUpstreams() {
        LinkedHashSet<String> all = new LinkedHashSet<>(upstreams);
        rules.forEach(rule -> all.add(rule.upstream()));
        return List.copyOf(all);
    }
}
