package io.eragate.core.route;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The immutable table from request path to route.
 *
 * <p>Matching is exact and byte-for-byte on the path as received: no percent-decoding, no dot-segment removal, no case
 * folding, and no trailing-slash leniency. A route for {@code /mcp} does not match {@code /mcp/}, {@code /MCP} or
 * {@code /x/../mcp}. An MCP endpoint is one URL that clients are configured with, so a near miss is a configuration
 * error that should surface as 404 rather than be guessed at; and a path that only matches after normalisation is a
 * classic way to slip past path-based policy.
 */
public final class RouteTable {

    private final Map<String, Route> byPath;
    private final Set<String> paths;

    /**
     * @param routes the routes; paths must be distinct
     * @throws IllegalArgumentException when two routes share a path
     */
    public RouteTable(List<Route> routes) {
        Objects.requireNonNull(routes, "routes");
        Map<String, Route> table = new HashMap<>();
        Set<String> ordered = new LinkedHashSet<>();
        for (Route route : routes) {
            Objects.requireNonNull(route, "route");
            Route previous = table.putIfAbsent(route.path(), route);
            if (previous != null) {
                throw new IllegalArgumentException("two routes for path \"" + route.path() + "\": upstreams \""
                        + previous.upstream() + "\" and \"" + route.upstream() + "\"");
            }
            ordered.add(route.path());
        }
        this.byPath = Map.copyOf(table);
        this.paths = Collections.unmodifiableSet(ordered);
    }

    /** The route for exactly {@code path} (the request path without its query string), if any. */
    public Optional<Route> match(String path) {
        return Optional.ofNullable(byPath.get(Objects.requireNonNull(path, "path")));
    }

    /** The routed paths, in the order the routes were given. */
    public Set<String> paths() {
        return paths;
    }

    @Override
    public String toString() {
        return "RouteTable" + paths;
    }
}
