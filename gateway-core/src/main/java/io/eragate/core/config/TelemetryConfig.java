package io.eragate.core.config;

import java.util.Objects;

/**
 * The {@code telemetry} section: trace export and the bounds of metric labels. Defaults and ranges are set in
 * {@code ObservabilityReader#telemetry} and listed in {@code docs/configuration.md}.
 *
 * @param otlp where spans are exported; off unless {@code telemetry.otlp.endpoint} is set
 * @param serviceName the {@code service.name} of every span (default {@code eragate})
 * @param maxToolNameLabels distinct tool names that get their own metric series; later names are counted as
 *     {@code other} (default 100, 0..10000)
 */
public record TelemetryConfig(OtlpConfig otlp, String serviceName, int maxToolNameLabels) {

    public TelemetryConfig {
        Objects.requireNonNull(otlp, "otlp");
        Objects.requireNonNull(serviceName, "serviceName");
    }

    /** Tracing off, default labels. */
    public static TelemetryConfig defaults() {
        return ObservabilityReader.DEFAULT_TELEMETRY;
    }

    /** This section exporting spans to {@code endpoint} ({@code ""}: off). */
    public TelemetryConfig withOtlpEndpoint(String endpoint) {
        return new TelemetryConfig(otlp.withEndpoint(endpoint), serviceName, maxToolNameLabels);
    }
}
