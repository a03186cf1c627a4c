package io.eragate.core.telemetry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.mcp.MetaKeys;
import java.util.function.Function;

/**
 * The W3C trace context a request carries: {@code traceparent}, {@code tracestate} and {@code baggage}, each
 * {@code null} when absent. They are taken together from one place: the body's {@code params._meta} when it has a
 * {@code traceparent} (the body wins over the headers, as for every mirrored value), else the HTTP headers.
 *
 * @param traceparent the {@code traceparent} value, not yet parsed
 * @param tracestate the {@code tracestate} value
 * @param baggage the {@code baggage} value
 * @param fromBody whether the values came from {@code params._meta}
 */
public record TraceContext(String traceparent, String tracestate, String baggage, boolean fromBody) {
    /** The {@code traceparent} key, in {@code _meta} and as a header name. */
    public static final String TRACEPARENT = "traceparent";
    /** The {@code tracestate} key. */
    public static final String TRACESTATE = "tracestate";
    /** The {@code baggage} key. */
    public static final String BAGGAGE = "baggage";
    /** A request that carries no trace context. */
    public static final TraceContext NONE = new TraceContext(null, null, null, false);

    /**
     * The trace context of a request whose params are {@code params} (may be null) and whose header values
     * {@code header} returns (null when absent).
     */
    public static TraceContext of(ObjectNode params, Function<String, String> header) {
        JsonNode meta = params == null ? null : params.get(MetaKeys.META);
        if (meta instanceof ObjectNode body && body.get(TRACEPARENT) != null && body.get(TRACEPARENT).isTextual()) {
            return new TraceContext(body.get(TRACEPARENT).textValue(), text(body, TRACESTATE), text(body, BAGGAGE),
                    true);
        }
        String traceparent = header.apply(TRACEPARENT);
        if (traceparent == null) {
            return NONE;
        }
        return new TraceContext(traceparent, header.apply(TRACESTATE), header.apply(BAGGAGE), false);
    }

    /** The value of {@code key}, for a propagator's getter. */
    public String get(String key) {
        return switch (key) {
            case TRACEPARENT -> traceparent;
            case TRACESTATE -> tracestate;
            case BAGGAGE -> baggage;
            default -> null;
        };
    }

    private static String text(ObjectNode meta, String key) {
        JsonNode value = meta.get(key);
        return value != null && value.isTextual() ? value.textValue() : null;
    }
}
