package io.eragate.core.exchange;

import io.eragate.core.mcp.Era;
import java.util.Objects;

/**
 * What one client request came to, reported once when its exchange ends (answered, rejected, cut or cancelled).
 *
 * <p>Every text here is safe to log and to use as a metric label only after bounding: {@code method} and
 * {@code name} are the validated values (never raw input when the request was rejected before validation: then
 * they are {@code null}).
 *
 * @param route the matched route path, or {@code null} when no route matched
 * @param upstream the upstream name that served (or was to serve) the request, or {@code null}
 * @param clientEra the era the client spoke
 * @param upstreamEra the upstream's era, or {@code null} when never learned (rejected first, probe failed)
 * @param method the validated JSON-RPC method, or {@code null}
 * @param name the validated tool/prompt name or resource URI, or {@code null}
 * @param httpStatus the HTTP status the client received (0 if the connection ended before a head was sent)
 * @param jsonRpcErrorCode the JSON-RPC error code the client received, or {@code null} for a result
 * @param errorType a short, bounded outcome class for a failure ({@code null} on success): e.g. {@code "rejected"},
 *     {@code "timeout"}, {@code "upstream_unavailable"}, {@code "cancelled"}, {@code "jsonrpc_error"}
 * @param bytesIn request body bytes received from the client
 * @param bytesOut body bytes written to the client
 * @param startNanos {@link System#nanoTime()} when the request was complete
 * @param durationNanos from {@code startNanos} to the end of the exchange
 * @param principal who sent it ({@code "anonymous"} without authentication)
 * @param traceId the W3C trace id of the request's span, or {@code null} when tracing is off
 * @param clientAddress the client's IP address, or {@code null}
 */
public record ExchangeOutcome(String route, String upstream, Era clientEra, Era upstreamEra, String method,
        String name, int httpStatus, Integer jsonRpcErrorCode, String errorType, long bytesIn, long bytesOut,
        long startNanos, long durationNanos, String principal, String traceId, String clientAddress) {

    public ExchangeOutcome {
        Objects.requireNonNull(clientEra, "clientEra");
        Objects.requireNonNull(principal, "principal");
        if (durationNanos < 0) {
            throw new IllegalArgumentException("durationNanos < 0");
        }
    }

    /** Whether the client got a result (no HTTP or JSON-RPC error). */
    public boolean succeeded() {
        return errorType == null;
    }
}
