package io.eragate.core.config;

import io.eragate.core.route.NameGlob;
import io.eragate.core.route.RouteRule;
import java.util.Objects;

/**
 * One rule of a route: requests that {@code match} go to {@code upstream}.
 *
 * @param match    the globs on the validated method and name
 * @param upstream the {@link UpstreamConfig#name()} that serves matching requests
 */
public record RuleConfig(RuleMatch match, String upstream) {

    public RuleConfig {
        Objects.requireNonNull(match, "match");
        Objects.requireNonNull(upstream, "upstream");
    }

    /** The rule the router evaluates. */
    public RouteRule toRule() {
        return new RouteRule(NameGlob.of(match.method()), match.name() == null ? null : NameGlob.of(match.name()),
                upstream);
    }

    /**
     * The globs of a rule (see {@link NameGlob}).
     *
     * @param method the glob on the JSON-RPC method (default {@code *})
     * @param name   the glob on the name, or null when the rule does not look at names
     */
    public record RuleMatch(String method, String name) {
        public RuleMatch {
            Objects.requireNonNull(method, "method");
        }
    }
}
