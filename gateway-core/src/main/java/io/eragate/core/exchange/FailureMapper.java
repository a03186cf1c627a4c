package io.eragate.core.exchange;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.mcp.Era;
import java.util.Map;

/**
 * The one mapping from an upstream failure to what the client is told, used by every exchange: failure kind ×
 * whether the client already has the head of its answer × the client's era → HTTP status, JSON-RPC code and
 * message, error type for the outcome, and in {@code data} what the client may do next:
 * {@code outcome: "not-delivered"} when the request provably never reached the upstream (safe to retry, with
 * {@code retryAfterMs}), {@code "unknown"} when it was sent and the answer never came (the tool may have run: an
 * agent must not blindly retry a side effect).
 *
 * <p>When the head was sent, the status the client has is final: the error is the stream's last event. A
 * 2025-11-25 client (through the pass-through) gets -32001 for a
 * timeout, the code its SDK uses for a request that timed out; a 2026-07-28 client gets -32603, the code of every
 * gateway-made upstream failure.
 */
public final class FailureMapper {
    /** How long a client is asked to wait before retrying a request that was not delivered. */
    public static final long RETRY_AFTER_MS = 1000;
    /** The code 2025-11-25 SDKs use for a request that timed out. */
    public static final int LEGACY_REQUEST_TIMEOUT = -32001;
    /** {@code data.outcome} when the request never reached the upstream. */
    public static final String NOT_DELIVERED = "not-delivered";
    /** {@code data.outcome} when the request may have reached the upstream. */
    public static final String UNKNOWN = "unknown";

    private FailureMapper() {
    }

    /**
     * What the client is told.
     *
     * @param failure what failed
     * @param headSent whether the client already has the head of its answer: the error then goes as the stream's
     *     last event, and the rejection's status (the one the failure would have had) is not sent
     * @param clientEra the era the client speaks
     * @param id the request id (kept in the answer), or {@code null}
     */
    public static MappedFailure map(UpstreamFailure failure, boolean headSent, Era clientEra, JsonRpcId id) {
        FailureKind kind = failure.kind();
        int status = statusOf(kind);
        boolean timeout = isTimeout(kind);
        int code = timeout && clientEra == Era.LEGACY ? LEGACY_REQUEST_TIMEOUT : JsonRpcErrorCodes.INTERNAL_ERROR;
        ObjectNode data = JsonNodeFactory.instance.objectNode().put("upstream", failure.upstream());
        data.put("outcome", kind.delivered() ? UNKNOWN : NOT_DELIVERED);
        Long retryAfter = retryAfterMs(kind);
        if (retryAfter != null) {
            data.put("retryAfterMs", retryAfter);
        }
        if (failure.timeout() != null) {
            data.put("timeoutMs", failure.timeout().toMillis());
        }
        if (failure.timeoutKey() != null) {
            data.put("timeoutKey", failure.timeoutKey());
        }
        String message = message(failure);
        Map<String, String> headers = !headSent && retryAfter != null && status == 503
                ? Map.of("Retry-After", Long.toString(Math.max(1, retryAfter / 1000))) : Map.of();
        Rejection rejection = new Rejection(status, id, new JsonRpcError(code, message, data), headers);
        return new MappedFailure(rejection, errorTypeOf(kind));
    }

    static int statusOf(FailureKind kind) {
        return switch (kind) {
            case HEAD_TIMEOUT, IDLE_TIMEOUT, TOTAL_TIMEOUT, SESSION_TIMEOUT -> 504;
            case POOL_EXHAUSTED, BUSY, PROCESS_UNAVAILABLE, SHUTDOWN -> 503;
            case UNREACHABLE, SESSION_REFUSED, CONNECTION_LOST, PROCESS_GONE, MALFORMED_ANSWER,
                    CREDENTIALS_UNAVAILABLE -> 502;
        };
    }

    private static boolean isTimeout(FailureKind kind) {
        return kind == FailureKind.HEAD_TIMEOUT || kind == FailureKind.IDLE_TIMEOUT
                || kind == FailureKind.TOTAL_TIMEOUT || kind == FailureKind.SESSION_TIMEOUT;
    }

    /** A retry makes sense after a pause when nothing was delivered, and after a shutdown (another replica). */
    private static Long retryAfterMs(FailureKind kind) {
        return !kind.delivered() || kind == FailureKind.SHUTDOWN ? RETRY_AFTER_MS : null;
    }

    private static String errorTypeOf(FailureKind kind) {
        return switch (kind) {
            case HEAD_TIMEOUT, IDLE_TIMEOUT, TOTAL_TIMEOUT, SESSION_TIMEOUT -> ErrorTypes.TIMEOUT;
            case SHUTDOWN -> ErrorTypes.SHUTDOWN;
            case MALFORMED_ANSWER -> ErrorTypes.UPSTREAM_FAILED;
            default -> ErrorTypes.UPSTREAM_UNAVAILABLE;
        };
    }

    private static String message(UpstreamFailure failure) {
        String upstream = "upstream \"" + failure.upstream() + "\"";
        String detail = failure.detail() == null || failure.detail().isBlank() ? "" : ": " + clip(failure.detail());
        String after = failure.timeout() == null ? "" : failure.timeout().toMillis() + " ms";
        String key = failure.timeoutKey() == null ? "" : " (" + failure.timeoutKey() + ")";
        return switch (failure.kind()) {
            case UNREACHABLE -> "Bad gateway: " + upstream + " is unreachable" + detail;
            case POOL_EXHAUSTED, BUSY -> "Service unavailable" + (detail.isEmpty() ? ": " + upstream + " is busy"
                    : detail);
            case SESSION_REFUSED -> "Bad gateway: " + upstream + " refused to open a session" + detail;
            case SESSION_TIMEOUT -> "Gateway timeout: " + upstream + " did not answer initialize within " + after
                    + key;
            case PROCESS_UNAVAILABLE -> "Service unavailable: " + upstream + " is not running" + detail;
            case CREDENTIALS_UNAVAILABLE -> "Bad gateway: the gateway has no credentials for " + upstream + detail;
            case HEAD_TIMEOUT -> "Gateway timeout: " + upstream + " did not answer within " + after + key;
            case IDLE_TIMEOUT -> "Gateway timeout: " + upstream + " sent nothing for " + after + key;
            case TOTAL_TIMEOUT -> "Gateway timeout: " + upstream + " did not finish within " + after + key;
            case CONNECTION_LOST -> "Bad gateway: the connection to " + upstream + " was lost" + detail;
            case PROCESS_GONE -> "Bad gateway: " + upstream + detail;
            case MALFORMED_ANSWER -> "Bad gateway: " + upstream + " sent an invalid response" + detail;
            case SHUTDOWN -> "Service unavailable: the gateway is shutting down and ended the request";
        };
    }

    private static String clip(String text) {
        String line = text.replaceAll("[\\p{Cntrl}]+", " ").strip();
        return line.length() <= 200 ? line : line.substring(0, 199) + "…";
    }
}
