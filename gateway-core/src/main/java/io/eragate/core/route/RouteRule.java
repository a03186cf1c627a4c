package io.eragate.core.route;

import java.util.Objects;

/**
 * One rule of a route: a request whose validated method matches {@code method} and whose validated name matches
 * {@code name} goes to {@code upstream}. Rules are tried in order; the first that matches wins.
 *
 * @param method the glob on the JSON-RPC method
 * @param name the glob on the name ({@code params.name}, or {@code params.uri} for {@code resources/read}); null
 *     when the rule does not look at names, so that it also matches requests that carry none
 * @param upstream the upstream that serves a matching request
 */
public record RouteRule(NameGlob method, NameGlob name, String upstream) {

    public RouteRule {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(upstream, "upstream");
    }

    /** Whether a request with this validated method and name (null when it has none) matches. */
    public boolean matches(String requestMethod, String requestName) {
        return method.matches(requestMethod) && (name == null || name.matches(requestName));
    }
}
