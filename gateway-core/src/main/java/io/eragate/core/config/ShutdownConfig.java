package io.eragate.core.config;

import java.time.Duration;
import java.util.Objects;

/**
 * How the gateway stops on SIGTERM or SIGINT. Both times count from the signal; the grace lies inside the drain.
 *
 * @param readinessGrace how long the listener keeps accepting while {@code /readyz} already says 503, so that load
 *     balancers stop sending before connections are refused (default 5s, 0..1h)
 * @param drainTimeout how long requests in flight may run before they are ended with a JSON-RPC error and cancelled
 *     upstream (default 30s, 1ms..1h; not shorter than the grace)
 */
public record ShutdownConfig(Duration readinessGrace, Duration drainTimeout) {

    public ShutdownConfig {
        Objects.requireNonNull(readinessGrace, "readinessGrace");
        Objects.requireNonNull(drainTimeout, "drainTimeout");
    }

    /** The defaults: 5s of grace within a 30s drain. */
    public static ShutdownConfig defaults() {
        return ConfigReader.DEFAULT_SHUTDOWN;
    }
}
