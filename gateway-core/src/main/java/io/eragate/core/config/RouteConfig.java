package io.eragate.core.config;

import io.eragate.core.route.NamingMode;
import io.eragate.core.route.Route;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Sends MCP requests on one gateway path to one upstream, or to several behind one endpoint (a federated route), with
 * optional rules that send some requests elsewhere.
 *
 * @param path          the request path, starting with {@code /}; unique among routes
 * @param upstreams     the {@link UpstreamConfig#name()}s behind the path ({@code upstream: x} is a list of one)
 * @param names         how a federated route shows tool and prompt names (default prefixed when federated)
 * @param rules         tried in order on the validated method and name; the first match names the upstream
 * @param fanOutTimeout how long a federated list waits for each upstream (default 5s)
 * @param maxNameLength the longest tool or prompt name a federated route shows (default 64, 16..128)
 * @param scopes        scopes every request on this route needs besides {@code auth.scopes} (default none)
 */
public record RouteConfig(String path, List<String> upstreams, NamingMode names, List<RuleConfig> rules,
        Duration fanOutTimeout, int maxNameLength, List<String> scopes) {

    public RouteConfig {
        Objects.requireNonNull(path, "path");
        upstreams = List.copyOf(upstreams);
        Objects.requireNonNull(names, "names");
        rules = List.copyOf(rules);
        Objects.requireNonNull(fanOutTimeout, "fanOutTimeout");
        scopes = List.copyOf(scopes);
        if (upstreams.isEmpty()) {
            throw new IllegalArgumentException("route " + path + " needs an upstream");
        }
    }

    /** A route without scopes of its own. */
    public RouteConfig(String path, List<String> upstreams, NamingMode names, List<RuleConfig> rules,
            Duration fanOutTimeout, int maxNameLength) {
        this(path, upstreams, names, rules, fanOutTimeout, maxNameLength, List.of());
    }

    /** A route to one upstream, without rules. */
    public RouteConfig(String path, String upstream) {
        this(path, List.of(Objects.requireNonNull(upstream, "upstream")), NamingMode.AS_IS, List.of(),
                Route.DEFAULT_FAN_OUT_TIMEOUT, Route.DEFAULT_MAX_NAME_LENGTH);
    }

    /** A federated route over {@code upstreams} with prefixed names and the default bounds. */
    public static RouteConfig federated(String path, List<String> upstreams) {
        return new RouteConfig(path, upstreams, NamingMode.PREFIXED, List.of(), Route.DEFAULT_FAN_OUT_TIMEOUT,
                Route.DEFAULT_MAX_NAME_LENGTH);
    }

    /** The first (for a plain route, the only) upstream. */
    public String upstream() {
        return upstreams.get(0);
    }

    /** This route with other rules. */
    public RouteConfig withRules(List<RuleConfig> newRules) {
        return new RouteConfig(path, upstreams, names, newRules, fanOutTimeout, maxNameLength, scopes);
    }

    /** This route with another fan-out deadline. */
    public RouteConfig withFanOutTimeout(Duration newFanOutTimeout) {
        return new RouteConfig(path, upstreams, names, rules, newFanOutTimeout, maxNameLength, scopes);
    }

    /** This route with scopes of its own. */
    public RouteConfig withScopes(List<String> newScopes) {
        return new RouteConfig(path, upstreams, names, rules, fanOutTimeout, maxNameLength, newScopes);
    }

    /** The route the request path uses. */
    public Route toRoute() {
        return new Route(path, upstreams, names, rules.stream().map(RuleConfig::toRule).toList(), fanOutTimeout,
                maxNameLength);
    }
}
