package io.eragate.netty.telemetry;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import org.slf4j.MDC;
import org.slf4j.Marker;

/**
 * Puts the trace of the OpenTelemetry span current on the logging thread into the MDC ({@code trace_id},
 * {@code span_id}) of every log line, and takes it out of lines logged outside any trace. With it, a line carries its
 * exchange's trace id wherever the exchange's context is current: while the request is dispatched, and in the
 * continuations that carry the context on (upstream answers, deadlines, hops back to the client's event loop), on
 * any thread. Declared in {@code logback.xml}; costs one thread-local read per log call.
 */
public final class TraceLogContext extends TurboFilter {

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params,
            Throwable t) {
        SpanContext span = Span.current().getSpanContext();
        if (span.isValid()) {
            MDC.put(RequestObservation.TRACE_ID_MDC, span.getTraceId());
            MDC.put(RequestObservation.SPAN_ID_MDC, span.getSpanId());
        } else if (MDC.get(RequestObservation.TRACE_ID_MDC) != null) {
            MDC.remove(RequestObservation.TRACE_ID_MDC);
            MDC.remove(RequestObservation.SPAN_ID_MDC);
        }
        return FilterReply.NEUTRAL;
    }
}
