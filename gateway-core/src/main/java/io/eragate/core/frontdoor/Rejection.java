package io.eragate.core.frontdoor;

import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcId;
import java.util.Map;
import java.util.Objects;

/**
 * How to refuse a request: the HTTP status, the JSON-RPC error for the body and any extra response headers.
 *
 * @param httpStatus the status, 400–599
 * @param id the request id to echo, or {@code null} when it could not be read (written as {@code "id":null})
 * @param error the error for the body, or {@code null} for an empty body
 * @param headers extra response headers, such as {@code Allow: POST}; never {@code Content-Type}, which follows from
 *     {@link #contentType()}
 */
public record Rejection(int httpStatus, JsonRpcId id, JsonRpcError error, Map<String, String> headers) {

    private static final byte[] NO_BODY = new byte[0];

    public Rejection {
        if (httpStatus < 400 || httpStatus > 599) {
            throw new IllegalArgumentException("a rejection has a 4xx or 5xx status, not " + httpStatus);
        }
        headers = headers == null ? Map.of() : Map.copyOf(headers);
    }

    /** A rejection with a JSON-RPC error body and no extra headers. */
    public static Rejection of(int httpStatus, JsonRpcId id, JsonRpcError error) {
        return new Rejection(httpStatus, id, Objects.requireNonNull(error, "error"), Map.of());
    }

    /** The body: a JSON-RPC error response, or no bytes when {@link #error()} is {@code null}. */
    public byte[] body() {
        return error == null ? NO_BODY : JsonRpcCodec.encodeError(id, error);
    }

    /** {@code application/json} when there is a body, else {@code null}. */
    public String contentType() {
        return error == null ? null : "application/json";
    }

    /** This rejection answering the request {@code newId} instead. */
    public Rejection withId(JsonRpcId newId) {
        return new Rejection(httpStatus, newId, error, headers);
    }
}
