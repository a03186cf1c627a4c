package io.eragate.core.route;

import java.util.Objects;

/**
 * One route: requests to {@code path} go to the upstream called {@code upstream}.
 *
 * @param path an absolute path such as {@code /mcp}; no query string, no fragment
 * @param upstream the name of a configured upstream
 */
public record Route(String path, String upstream) {

    public Route {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(upstream, "upstream");
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("route path must start with '/': \"" + path + "\"");
        }
        if (path.indexOf('?') >= 0 || path.indexOf('#') >= 0) {
            throw new IllegalArgumentException("route path must not contain '?' or '#': \"" + path + "\"");
        }
        if (upstream.isBlank()) {
            throw new IllegalArgumentException("route for \"" + path + "\" names no upstream");
        }
    }
}
