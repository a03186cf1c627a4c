package io.eragate.netty.telemetry;

import io.eragate.core.config.GatewayConfig;
import io.eragate.core.config.TelemetryConfig;
import io.eragate.core.exchange.ExchangeObserver;
import java.util.Objects;
import java.util.function.Function;

/**
 * The metrics and tracing of one gateway, and the observer of its exchanges (metrics, then the access log when it
 * is on).
 *
 * @param metrics the Prometheus registry and the MCP histograms
 * @param tracing the tracer, or tracing off
 * @param observer told about every ended exchange: the metrics, then the access log when {@code logging.access}
 */
public record GatewayTelemetry(GatewayMetrics metrics, GatewayTracing tracing, ExchangeObserver observer)
        implements AutoCloseable {

    public GatewayTelemetry {
        Objects.requireNonNull(metrics, "metrics");
        Objects.requireNonNull(tracing, "tracing");
        Objects.requireNonNull(observer, "observer");
    }

    /** What {@code config} asks for: metrics always, traces when an OTLP endpoint is set, the access log if on. */
    public static GatewayTelemetry of(GatewayConfig config) {
        TelemetryConfig telemetry = config.telemetry();
        GatewayMetrics metrics = new GatewayMetrics(telemetry.maxToolNameLabels());
        ExchangeObserver observer = config.logging().access() ? metrics.andThen(new AccessLog()) : metrics;
        return new GatewayTelemetry(metrics, GatewayTracing.of(telemetry), observer);
    }

    /** Traffic metrics only, no tracing, no access log: for contexts that tests build by hand. */
    public static GatewayTelemetry minimal() {
        GatewayMetrics metrics = GatewayMetrics.trafficOnly(TelemetryConfig.defaults().maxToolNameLabels());
        return new GatewayTelemetry(metrics, GatewayTracing.off(), metrics);
    }

    /**
     * Starts observing a client request that is complete now (see {@link RequestObservation}).
     *
     * @param httpMethod the request's HTTP method, which names the span of a request refused before validation
     * @param headers the client's header values by lower-case name ({@link TraceHeaders#capture})
     */
    public RequestObservation begin(String httpMethod, Function<String, String> headers) {
        return RequestObservation.begin(this, httpMethod, headers);
    }

    /** Flushes and stops the exporter, and releases the registry. */
    @Override
    public void close() {
        tracing.close();
        metrics.close();
    }
}
