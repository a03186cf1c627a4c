package io.eragate.core.config;

import java.util.Objects;

/**
 * Sends MCP requests on one gateway path to one upstream.
 *
 * @param path     the request path, starting with {@code /}; unique among routes
 * @param upstream the {@link UpstreamConfig#name()} of the upstream that serves it
 */
public record RouteConfig(String path, String upstream) {

    public RouteConfig {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(upstream, "upstream");
    }
}
