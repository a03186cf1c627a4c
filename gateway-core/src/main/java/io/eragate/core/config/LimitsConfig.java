package io.eragate.core.config;

import java.time.Duration;
import java.util.Objects;

/**
 * The bounds on buffers, connections and waiting that keep the gateway's memory and time bounded. Defaults and
 * accepted ranges are set in one place, {@code ConfigReader#limits}, and listed in {@code docs/configuration.md}.
 *
 * @param maxBodyBytes                       largest MCP request body (default 4MiB, 1KiB..256MiB)
 * @param maxHeaderBytes                     largest request header block (default 16KiB, 1KiB..1MiB)
 * @param maxInitialLineBytes                longest HTTP request line (default 8KiB, 1KiB..64KiB)
 * @param maxConnections                     open client connections (default 10000, 1..1000000)
 * @param idleTimeout                        a client connection with no traffic is closed after this
 *                                           (default 60s, 1ms..24h)
 * @param upstreamConnectTimeout             time to open a connection to an upstream (default 5s, 1ms..24h)
 * @param upstreamResponseTimeout            time until the upstream's response headers (default 60s, 1ms..24h)
 * @param maxUpstreamConnectionsPerEventLoop pooled connections per upstream and event loop (default 128, 1..10000)
 * @param maxPendingUpstreamAcquires         requests waiting for a pooled connection per upstream and event loop
 *                                           (default 1024, 1..100000)
 * @param requestHeaderTimeout               a request's line and headers must be complete within this, from its first
 *                                           byte (from the accept for a connection's first request)
 *                                           (default 10s, 1ms..24h)
 */
public record LimitsConfig(
        long maxBodyBytes,
        int maxHeaderBytes,
        int maxInitialLineBytes,
        int maxConnections,
        Duration idleTimeout,
        Duration upstreamConnectTimeout,
        Duration upstreamResponseTimeout,
        int maxUpstreamConnectionsPerEventLoop,
        int maxPendingUpstreamAcquires,
        Duration requestHeaderTimeout) {

    public LimitsConfig {
        Objects.requireNonNull(idleTimeout, "idleTimeout");
        Objects.requireNonNull(requestHeaderTimeout, "requestHeaderTimeout");
        Objects.requireNonNull(upstreamConnectTimeout, "upstreamConnectTimeout");
        Objects.requireNonNull(upstreamResponseTimeout, "upstreamResponseTimeout");
    }

    /** The limits without a say on {@code requestHeaderTimeout}, which takes its default. */
    public LimitsConfig(long maxBodyBytes, int maxHeaderBytes, int maxInitialLineBytes, int maxConnections,
            Duration idleTimeout, Duration upstreamConnectTimeout, Duration upstreamResponseTimeout,
            int maxUpstreamConnectionsPerEventLoop, int maxPendingUpstreamAcquires) {
        this(maxBodyBytes, maxHeaderBytes, maxInitialLineBytes, maxConnections, idleTimeout, upstreamConnectTimeout,
                upstreamResponseTimeout, maxUpstreamConnectionsPerEventLoop, maxPendingUpstreamAcquires,
                ConfigReader.DEFAULT_REQUEST_HEADER_TIMEOUT);
    }

    /** Every limit at its default. */
    public static LimitsConfig defaults() {
        return ConfigReader.DEFAULT_LIMITS;
    }
}
