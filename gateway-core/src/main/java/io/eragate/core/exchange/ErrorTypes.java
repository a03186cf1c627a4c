package io.eragate.core.exchange;

/**
 * The bounded set of {@link ExchangeOutcome#errorType()} values, so that metrics and logs can use them as labels.
 */
public final class ErrorTypes {
    /** Refused by the gateway itself before anything reached an upstream (4xx: validation, routing, limits). */
    public static final String REJECTED = "rejected";
    /** An upstream deadline passed (no answer in time, silence on a stream, or the total time). */
    public static final String TIMEOUT = "timeout";
    /** The upstream could not be reached or could not take the request (connect, pool, process down). */
    public static final String UPSTREAM_UNAVAILABLE = "upstream_unavailable";
    /** The upstream answered something that is not a usable MCP answer, or failed mid-answer. */
    public static final String UPSTREAM_FAILED = "upstream_failed";
    /** The client went away before its answer was complete. */
    public static final String CANCELLED = "cancelled";
    /** The gateway was stopping and ended the exchange at its drain deadline. */
    public static final String SHUTDOWN = "shutdown";
    /** The answer was a JSON-RPC error (with an HTTP success status). */
    public static final String JSONRPC_ERROR = "jsonrpc_error";
    /** Any other HTTP error status. */
    public static final String HTTP_ERROR = "http_error";

    private ErrorTypes() {
    }

    /**
     * The error type an answer implies when nothing more specific is known: {@code null} for a success status
     * without a JSON-RPC error.
     *
     * @param httpStatus the status the client received (0 when no head was sent)
     * @param jsonRpcErrorCode the JSON-RPC error code the client received, or {@code null}
     */
    public static String of(int httpStatus, Integer jsonRpcErrorCode) {
        if (httpStatus == 0) {
            return CANCELLED;
        }
        if (httpStatus == 504) {
            return TIMEOUT;
        }
        if (httpStatus == 502 || httpStatus == 503) {
            return UPSTREAM_UNAVAILABLE;
        }
        if (httpStatus >= 400 && httpStatus < 500) {
            return REJECTED;
        }
        if (httpStatus >= 300) {
            return HTTP_ERROR;
        }
        return jsonRpcErrorCode == null ? null : JSONRPC_ERROR;
    }
}
