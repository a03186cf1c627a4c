package io.eragate.core.config;

import java.time.Duration;
import java.util.Objects;

/**
 * The {@code telemetry.otlp} section: where and how spans are exported over OTLP/HTTP. Defaults and ranges are set
 * in {@code ObservabilityReader#otlp} and listed in {@code docs/configuration.md}.
 *
 * @param endpoint the OTLP/HTTP base URL; traces go to {@code <endpoint>/v1/traces}. {@code ""} (the default)
 *     turns tracing off
 * @param compression how export requests are compressed (default {@code none})
 * @param timeout how long one export request may take (default 10s, 1ms..24h)
 * @param maxQueuedSpans finished spans waiting for export; more are dropped, never waited for (default 2048,
 *     1..1000000)
 */
public record OtlpConfig(String endpoint, Compression compression, Duration timeout, int maxQueuedSpans) {

    /** How OTLP export requests are compressed. */
    public enum Compression { NONE, GZIP }

    public OtlpConfig {
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(compression, "compression");
        Objects.requireNonNull(timeout, "timeout");
    }

    /** Whether spans are exported at all. */
    public boolean enabled() {
        return !endpoint.isEmpty();
    }

    /** This section exporting to {@code newEndpoint} ({@code ""}: off). */
    public OtlpConfig withEndpoint(String newEndpoint) {
        return new OtlpConfig(newEndpoint, compression, timeout, maxQueuedSpans);
    }
}
