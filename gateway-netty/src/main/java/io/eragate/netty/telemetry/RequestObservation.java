package io.eragate.netty.telemetry;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.exchange.ExchangeObserver;
import io.eragate.core.exchange.ExchangeOutcome;
import io.eragate.core.frontdoor.ValidatedRequest;
import io.eragate.core.mcp.Era;
import io.eragate.core.mcp.Methods;
import io.eragate.core.telemetry.MetricLabels;
import io.eragate.core.telemetry.SpanNames;
import io.eragate.core.telemetry.TraceContext;
import io.eragate.core.telemetry.TraceparentRewrite;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.ContextKey;
import io.opentelemetry.context.Scope;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.MDC;

/**
 * What the gateway observes of one client request besides its outcome: the server span (named
 * {@code {mcp.method.name} {target}}, child of the client's trace context), the client span of the upstream exchange
 * that serves it, and the request's labels for the upstream exchanges made on its behalf.
 *
 * <p>Lifecycle: {@link #begin} when the request is complete; {@link #validated} once the front door accepted it (the
 * spans start, and the request to forward carries the gateway's {@code traceparent}); {@link #onOutcome} when the
 * exchange ends (the spans end with its {@code error.type}). A request refused before validation gets its server span
 * at the outcome, started at the time the request came.
 *
 * <p>Confined to the client's event loop, except the {@link UpstreamSpan}s it hands out, which may end anywhere.
 */
public final class RequestObservation implements ExchangeObserver {
    /** Where upstream clients find the request they work for (see {@link UpstreamSpan#start}). */
    static final ContextKey<RequestObservation> KEY = ContextKey.named("eragate.request");
    static final AttributeKey<String> METHOD = AttributeKey.stringKey("mcp.method.name");
    static final AttributeKey<String> TOOL = AttributeKey.stringKey("gen_ai.tool.name");
    static final AttributeKey<String> PROMPT = AttributeKey.stringKey("gen_ai.prompt.name");
    static final AttributeKey<String> RESOURCE = AttributeKey.stringKey("mcp.resource.uri");
    static final AttributeKey<String> REQUEST_ID = AttributeKey.stringKey("jsonrpc.request.id");
    static final AttributeKey<String> PROTOCOL_VERSION = AttributeKey.stringKey("mcp.protocol.version");
    static final AttributeKey<String> SESSION_ID = AttributeKey.stringKey("mcp.session.id");
    static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
    static final AttributeKey<Long> HTTP_STATUS = AttributeKey.longKey("http.response.status_code");
    static final AttributeKey<String> RPC_STATUS = AttributeKey.stringKey("rpc.response.status_code");
    static final AttributeKey<String> UPSTREAM = AttributeKey.stringKey("eragate.upstream");
    static final AttributeKey<String> ROUTE = AttributeKey.stringKey("eragate.route");
    static final AttributeKey<String> CLIENT_ERA = AttributeKey.stringKey("eragate.client.era");
    static final AttributeKey<String> UPSTREAM_ERA = AttributeKey.stringKey("eragate.upstream.era");

    /** MDC keys of the current request's trace, in every log line written while it is current. */
    public static final String TRACE_ID_MDC = "trace_id";
    public static final String SPAN_ID_MDC = "span_id";

    private final GatewayTelemetry telemetry;
    private final Function<String, String> headers;
    private final String httpMethod;
    private final long startEpochNanos;
    private Context context = Context.root();
    private Span server;
    private Span upstream;
    private long upstreamStartNanos;
    private String upstreamMethod;
    private GatewayMetrics.RequestLabels labels = new GatewayMetrics.RequestLabels(null, Era.MODERN);
    private boolean ended;

    private RequestObservation(GatewayTelemetry telemetry, String httpMethod, Function<String, String> headers) {
        this.telemetry = telemetry;
        this.httpMethod = httpMethod;
        this.headers = headers;
        Instant now = Instant.now();
        this.startEpochNanos = TimeUnit.SECONDS.toNanos(now.getEpochSecond()) + now.getNano();
        this.context = Context.root().with(KEY, this);
    }

    /**
     * A request that is complete now.
     *
     * @param httpMethod the HTTP method, the name of the span of a request refused before validation
     * @param headers the client's HTTP header values by name (for {@code traceparent}, {@code tracestate},
     *     {@code baggage} and {@code Mcp-Session-Id}); null when absent
     */
    public static RequestObservation begin(GatewayTelemetry telemetry, String httpMethod,
            Function<String, String> headers) {
        return new RequestObservation(telemetry, httpMethod, headers);
    }

    /**
     * The front door accepted {@code request}, which goes to {@code upstreamName} by {@code route}: starts the server
     * span and the client span of the upstream exchange, and returns the request to forward, whose
     * {@code _meta.traceparent} names the gateway's client span (the request itself when tracing is off).
     */
    public ValidatedRequest validated(ValidatedRequest request, String route, String upstreamName, Era clientEra) {
        labels = new GatewayMetrics.RequestLabels(route, clientEra);
        upstreamMethod = request.method();
        upstreamStartNanos = System.nanoTime();
        if (!telemetry.tracing().enabled()) {
            return request;
        }
        TraceContext incoming = TraceContext.of(request.params(), headers);
        server = serverSpan(incoming, request.method(), request.name());
        server.setAttribute(REQUEST_ID, request.id() == null ? null : request.id().toString());
        server.setAttribute(PROTOCOL_VERSION, request.protocolVersion());
        server.setAttribute(ROUTE, route);
        server.setAttribute(UPSTREAM, upstreamName);
        server.setAttribute(CLIENT_ERA, MetricLabels.era(clientEra));
        context = context.with(server);
        if (upstreamName == null) {
            return request;
        }
        upstream = clientSpan(request.method(), request.name(), upstreamName, null);
        return TraceparentRewrite.apply(request, GatewayTracing.headersOf(upstream).get(TraceContext.TRACEPARENT));
    }

    /**
     * A legacy client's request that passes through, unparsed, to the legacy upstream {@code upstreamName} by
     * {@code route}: starts the server span and the client span of the upstream exchange (named by the JSON-RPC
     * {@code method} and {@code name} when the body has them, else by the HTTP method, as for a GET stream).
     * Returns the {@code traceparent} naming the client span, for the upstream request, or {@code null} when
     * tracing is off.
     *
     * @param params the body's params (for {@code _meta.traceparent}), or null
     */
    public String passedThrough(ObjectNode params, String method, String name, String route, String upstreamName) {
        labels = new GatewayMetrics.RequestLabels(route, Era.LEGACY);
        if (!telemetry.tracing().enabled()) {
            return null;
        }
        server = serverSpan(TraceContext.of(params, headers), method, name);
        server.setAttribute(ROUTE, route);
        server.setAttribute(UPSTREAM, upstreamName);
        server.setAttribute(CLIENT_ERA, MetricLabels.era(Era.LEGACY));
        context = context.with(server);
        upstream = telemetry.tracing().tracer().spanBuilder(SpanNames.of(method, name, httpMethod))
                .setSpanKind(SpanKind.CLIENT).setParent(context).startSpan();
        setMethodAttributes(upstream, method, name);
        upstream.setAttribute(UPSTREAM, upstreamName);
        return upstreamTraceparent();
    }

    /** Whether spans are made for this request (tracing is on). */
    public boolean tracing() {
        return telemetry.tracing().enabled();
    }

    /** The {@code traceparent} the forwarded request carries in its HTTP header, or {@code null} (tracing off). */
    public String upstreamTraceparent() {
        return upstream == null ? null : GatewayTracing.headersOf(upstream).get(TraceContext.TRACEPARENT);
    }

    /**
     * Makes this request current, so that upstream clients started now find it ({@link UpstreamSpan#start}) and log
     * lines written now carry its {@code trace_id} and {@code span_id} (in the MDC).
     */
    public Scope makeCurrent() {
        Scope scope = context.makeCurrent();
        if (server == null) {
            return scope;
        }
        MDC.put(TRACE_ID_MDC, server.getSpanContext().getTraceId());
        MDC.put(SPAN_ID_MDC, server.getSpanContext().getSpanId());
        return () -> {
            MDC.remove(TRACE_ID_MDC);
            MDC.remove(SPAN_ID_MDC);
            scope.close();
        };
    }

    /** The W3C trace id of the server span, or {@code null} while there is none (tracing off, not yet validated). */
    public String traceId() {
        return server == null ? null : server.getSpanContext().getTraceId();
    }

    /** The span id of the server span, or {@code null}. */
    public String spanId() {
        return server == null ? null : server.getSpanContext().getSpanId();
    }

    /** An upstream exchange made for this request, started now. */
    UpstreamSpan startUpstream(String method, String upstreamName, Era upstreamEra) {
        long started = System.nanoTime();
        Span span = telemetry.tracing().enabled() ? clientSpan(method, null, upstreamName, upstreamEra) : null;
        GatewayMetrics.RequestLabels request = labels;
        return new UpstreamSpan() {
            private boolean done;

            @Override
            public String traceparent() {
                return span == null ? null : GatewayTracing.headersOf(span).get(TraceContext.TRACEPARENT);
            }

            @Override
            public synchronized void end(String errorType) {
                if (done) {
                    return;
                }
                done = true;
                telemetry.metrics().upstreamExchange(method, request, upstreamName, upstreamEra, errorType,
                        System.nanoTime() - started);
                if (span != null) {
                    endSpan(span, errorType);
                }
            }
        };
    }

    /**
     * The request ended: the upstream exchange's sample and both spans end with {@code outcome}, which is returned
     * with the request's trace id (for the access log and whoever observes outcomes).
     */
    public ExchangeOutcome report(ExchangeOutcome outcome) {
        onOutcome(outcome);
        String traceId = traceId();
        if (traceId == null || traceId.equals(outcome.traceId())) {
            return outcome;
        }
        return new ExchangeOutcome(outcome.route(), outcome.upstream(), outcome.clientEra(), outcome.upstreamEra(),
                outcome.method(), outcome.name(), outcome.httpStatus(), outcome.jsonRpcErrorCode(),
                outcome.errorType(), outcome.bytesIn(), outcome.bytesOut(), outcome.startNanos(),
                outcome.durationNanos(), outcome.principal(), traceId, outcome.clientAddress());
    }

    /** The request ended: the upstream exchange's sample, then both spans, end with its outcome. */
    @Override
    public void onOutcome(ExchangeOutcome outcome) {
        if (ended) {
            return;
        }
        ended = true;
        if (upstreamMethod != null && outcome.upstream() != null) {
            long end = outcome.startNanos() + outcome.durationNanos();
            telemetry.metrics().upstreamExchange(upstreamMethod, labels, outcome.upstream(), outcome.upstreamEra(),
                    outcome.errorType(), Math.max(0, end - upstreamStartNanos));
        }
        if (!telemetry.tracing().enabled()) {
            return;
        }
        if (server == null) {
            // Refused before validation: the span is made now, dated from when the request came.
            server = serverSpan(TraceContext.of(null, headers), outcome.method(), outcome.name());
            server.setAttribute(ROUTE, outcome.route());
        }
        if (upstream != null) {
            upstream.setAttribute(UPSTREAM_ERA, MetricLabels.era(outcome.upstreamEra()));
            endSpan(upstream, outcome.errorType());
        }
        server.setAttribute(UPSTREAM_ERA, MetricLabels.era(outcome.upstreamEra()));
        server.setAttribute(CLIENT_ERA, MetricLabels.era(outcome.clientEra()));
        if (outcome.httpStatus() > 0) {
            server.setAttribute(HTTP_STATUS, (long) outcome.httpStatus());
        }
        if (outcome.jsonRpcErrorCode() != null) {
            server.setAttribute(RPC_STATUS, outcome.jsonRpcErrorCode().toString());
        }
        endSpan(server, outcome.errorType());
    }

    private Span serverSpan(TraceContext incoming, String method, String name) {
        SpanBuilder builder = telemetry.tracing().tracer().spanBuilder(SpanNames.of(method, name, httpMethod))
                .setSpanKind(SpanKind.SERVER)
                .setParent(GatewayTracing.parentOf(incoming))
                .setStartTimestamp(startEpochNanos, TimeUnit.NANOSECONDS);
        Span span = builder.startSpan();
        setMethodAttributes(span, method, name);
        String sessionId = headers.apply("mcp-session-id");
        if (sessionId != null) {
            span.setAttribute(SESSION_ID, sessionId);
        }
        return span;
    }

    private Span clientSpan(String method, String name, String upstreamName, Era upstreamEra) {
        Span span = telemetry.tracing().tracer().spanBuilder(SpanNames.of(method, name, method))
                .setSpanKind(SpanKind.CLIENT)
                .setParent(context)
                .startSpan();
        setMethodAttributes(span, method, name);
        span.setAttribute(UPSTREAM, upstreamName);
        if (upstreamEra != null) {
            span.setAttribute(UPSTREAM_ERA, MetricLabels.era(upstreamEra));
        }
        return span;
    }

    private static void setMethodAttributes(Span span, String method, String name) {
        if (method == null) {
            return;
        }
        span.setAttribute(METHOD, MetricLabels.method(method));
        if (name == null) {
            return;
        }
        switch (method) {
            case Methods.TOOLS_CALL -> span.setAttribute(TOOL, name);
            case Methods.PROMPTS_GET -> span.setAttribute(PROMPT, name);
            case Methods.RESOURCES_READ, Methods.RESOURCES_SUBSCRIBE, Methods.RESOURCES_UNSUBSCRIBE ->
                    span.setAttribute(RESOURCE, name);
            default -> { }
        }
    }

    private static void endSpan(Span span, String errorType) {
        if (errorType != null) {
            span.setAttribute(ERROR_TYPE, MetricLabels.errorType(errorType));
            span.setStatus(StatusCode.ERROR);
        }
        span.end();
    }
}
