package io.eragate.netty.telemetry;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.mcp.Era;
import io.eragate.core.mcp.MetaKeys;
import io.eragate.core.telemetry.TraceContext;
import io.opentelemetry.context.Context;

/**
 * One upstream exchange the gateway makes for a client request (a synthesized {@code initialize}, an era probe):
 * a client span, child of the request's server span, and one {@code mcp.client.operation.duration} sample. Upstream
 * clients call {@link #start} once when they send and {@link #end} once when the exchange ends, and put
 * {@link #traceparent()} into what they send.
 *
 * <p>The request is found in the OpenTelemetry {@link Context#current() current context}, which the request handler
 * makes current while it starts an exchange; work started outside any request gets {@link #NONE}.
 */
public interface UpstreamSpan {

    /** Nothing observed: no request is current. */
    UpstreamSpan NONE = new UpstreamSpan() {
        @Override
        public String traceparent() {
            return null;
        }

        @Override
        public void end(String errorType) {
        }
    };

    /** Starts observing an exchange of {@code method} with {@code upstream} (its era, or {@code null} if unknown). */
    static UpstreamSpan start(String method, String upstream, Era upstreamEra) {
        RequestObservation request = Context.current().get(RequestObservation.KEY);
        return request == null ? NONE : request.startUpstream(method, upstream, upstreamEra);
    }

    /** The W3C {@code traceparent} naming this exchange's span, or {@code null} when tracing is off. */
    String traceparent();

    /** The exchange ended; {@code errorType} classifies a failure ({@code null} on success). Once. */
    void end(String errorType);

    /** The exchange ended with {@code failure}, or successfully when it is {@code null}. */
    default void end(Throwable failure) {
        end(failure == null ? null : "upstream_failed");
    }

    /**
     * {@code params} (may be null: then new ones) with this span's {@code traceparent} in {@code _meta}; the same
     * object, unchanged, when tracing is off.
     */
    default ObjectNode stamp(ObjectNode params) {
        String traceparent = traceparent();
        if (traceparent == null) {
            return params;
        }
        ObjectNode stamped = params == null ? JsonNodeFactory.instance.objectNode() : params;
        stamped.withObject(MetaKeys.META).put(TraceContext.TRACEPARENT, traceparent);
        return stamped;
    }
}
