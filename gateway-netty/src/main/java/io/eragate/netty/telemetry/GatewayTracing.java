package io.eragate.netty.telemetry;

import io.eragate.core.config.OtlpConfig;
import io.eragate.core.config.TelemetryConfig;
import io.eragate.core.telemetry.TraceContext;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The OpenTelemetry SDK as the gateway uses it: one tracer whose finished spans go through a batch processor with a
 * bounded queue to an OTLP/HTTP exporter. Ending a span only enqueues it; when the queue is full the span is dropped,
 * so an event loop never waits for a collector. Export runs on the processor's own thread, with the JDK's HTTP client.
 *
 * <p>Off ({@link #off()}) when {@code telemetry.otlp.endpoint} is not set: no span is made and trace context passes
 * through untouched.
 */
public final class GatewayTracing implements AutoCloseable {
    private static final String INSTRUMENTATION = "io.eragate";
    private static final TextMapGetter<TraceContext> FROM_TRACE_CONTEXT = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(TraceContext carrier) {
            return List.of(TraceContext.TRACEPARENT, TraceContext.TRACESTATE);
        }

        @Override
        public String get(TraceContext carrier, String key) {
            return carrier == null ? null : carrier.get(key);
        }
    };

    private final SdkTracerProvider provider;
    private final Tracer tracer;

    private GatewayTracing(SdkTracerProvider provider) {
        this.provider = provider;
        this.tracer = provider == null ? null : provider.get(INSTRUMENTATION);
    }

    /** Tracing off: {@link #enabled()} is false and nothing is exported. */
    public static GatewayTracing off() {
        return new GatewayTracing(null);
    }

    /** Tracing as {@code config} says: off without an OTLP endpoint. */
    public static GatewayTracing of(TelemetryConfig config) {
        OtlpConfig otlp = config.otlp();
        if (!otlp.enabled()) {
            return off();
        }
        SpanExporter exporter = OtlpHttpSpanExporter.builder()
                .setEndpoint(otlp.endpoint() + "/v1/traces")
                .setCompression(otlp.compression() == OtlpConfig.Compression.GZIP ? "gzip" : "none")
                .setTimeout(otlp.timeout().toNanos(), TimeUnit.NANOSECONDS)
                .build();
        return exportingTo(exporter, config.serviceName(), otlp.maxQueuedSpans());
    }

    /** Tracing that exports to {@code exporter}, for tests that collect spans in memory. */
    static GatewayTracing exportingTo(SpanExporter exporter, String serviceName, int maxQueuedSpans) {
        BatchSpanProcessor batches = BatchSpanProcessor.builder(exporter)
                .setMaxQueueSize(maxQueuedSpans)
                .setMaxExportBatchSize(Math.min(512, maxQueuedSpans))
                .build();
        Resource resource = Resource.getDefault().merge(Resource.create(
                Attributes.of(AttributeKey.stringKey("service.name"), serviceName)));
        return new GatewayTracing(SdkTracerProvider.builder().setResource(resource).addSpanProcessor(batches).build());
    }

    /** Whether spans are made and exported. */
    public boolean enabled() {
        return provider != null;
    }

    /** The tracer; only when {@link #enabled()}. */
    Tracer tracer() {
        return tracer;
    }

    /** The parent context that {@code incoming} names, or the root context when it names none (or an invalid one). */
    static Context parentOf(TraceContext incoming) {
        return W3CTraceContextPropagator.getInstance().extract(Context.root(), incoming, FROM_TRACE_CONTEXT);
    }

    /**
     * The context of the remote span {@code traceparent} names (the root context for an invalid one): what a piece of
     * the gateway's own work that arrives with the gateway's {@code traceparent} (a fan-out leg) makes current.
     */
    public static Context remoteContext(String traceparent) {
        return parentOf(TraceContext.of(null, name -> TraceContext.TRACEPARENT.equals(name) ? traceparent : null));
    }

    /** The W3C {@code traceparent} (and {@code tracestate}, when there is one) that name {@code span}. */
    static Map<String, String> headersOf(Span span) {
        Map<String, String> headers = new HashMap<>(2);
        W3CTraceContextPropagator.getInstance().inject(Context.root().with(span), headers, Map::put);
        return headers;
    }

    /** Exports what is queued and stops; waits at most a few seconds (called once, at shutdown, off the loops). */
    @Override
    public void close() {
        if (provider != null) {
            provider.shutdown().join(5, TimeUnit.SECONDS);
        }
    }
}
