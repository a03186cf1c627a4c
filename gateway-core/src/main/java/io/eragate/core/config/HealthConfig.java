package io.eragate.core.config;

import java.time.Duration;
import java.util.Objects;

/**
 * How readiness learns that an HTTP upstream is down. Defaults and ranges are set in {@code ConfigReader#health}
 * and listed in {@code docs/configuration.md}.
 *
 * @param upstreamRecheckInterval how often an upstream whose last connection failed is tried again with a bare TCP
 *                                connection, so that readiness comes back without client traffic (default 5s,
 *                                100ms..1h)
 */
public record HealthConfig(Duration upstreamRecheckInterval) {

    public HealthConfig {
        Objects.requireNonNull(upstreamRecheckInterval, "upstreamRecheckInterval");
    }

    /** Every key at its default. */
    public static HealthConfig defaults() {
        return ConfigReader.DEFAULT_HEALTH;
    }
}
