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
 * @param upstreamIdleTimeout                longest silence on an upstream answer once its head arrived, keep-alive
 *                                           comments counting as traffic (default 60s, 1ms..24h)
 * @param upstreamTotalTimeout               one upstream exchange from start to end (default 10m, 0 = none or
 *                                           1ms..24h)
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
        Duration upstreamIdleTimeout,
        Duration upstreamTotalTimeout,
        Duration requestHeaderTimeout) {

    public LimitsConfig {
        Objects.requireNonNull(upstreamIdleTimeout, "upstreamIdleTimeout");
        Objects.requireNonNull(upstreamTotalTimeout, "upstreamTotalTimeout");
        Objects.requireNonNull(idleTimeout, "idleTimeout");
        Objects.requireNonNull(requestHeaderTimeout, "requestHeaderTimeout");
        Objects.requireNonNull(upstreamConnectTimeout, "upstreamConnectTimeout");
        Objects.requireNonNull(upstreamResponseTimeout, "upstreamResponseTimeout");
    }

    /** These limits with the upstream idle and total deadlines and {@code requestHeaderTimeout} at their defaults. */
    public LimitsConfig(long maxBodyBytes, int maxHeaderBytes, int maxInitialLineBytes, int maxConnections,
            Duration idleTimeout, Duration upstreamConnectTimeout, Duration upstreamResponseTimeout,
            int maxUpstreamConnectionsPerEventLoop, int maxPendingUpstreamAcquires) {
        this(maxBodyBytes, maxHeaderBytes, maxInitialLineBytes, maxConnections, idleTimeout, upstreamConnectTimeout,
                upstreamResponseTimeout, maxUpstreamConnectionsPerEventLoop, maxPendingUpstreamAcquires,
                Duration.ofSeconds(60), Duration.ofMinutes(10), ConfigReader.DEFAULT_REQUEST_HEADER_TIMEOUT);
    }

    /** This configuration with other upstream idle and total deadlines ({@link Duration#ZERO} total: none). */
    public LimitsConfig withUpstreamDeadlines(Duration idle, Duration total) {
        return new LimitsConfig(maxBodyBytes, maxHeaderBytes, maxInitialLineBytes, maxConnections, idleTimeout,
                upstreamConnectTimeout, upstreamResponseTimeout, maxUpstreamConnectionsPerEventLoop,
                maxPendingUpstreamAcquires, idle, total, requestHeaderTimeout);
    }

    /** Every limit at its default. */
    public static LimitsConfig defaults() {
        return ConfigReader.DEFAULT_LIMITS;
    }
}
