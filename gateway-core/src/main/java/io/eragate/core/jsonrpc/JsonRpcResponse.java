package io.eragate.core.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A JSON-RPC response: exactly one of {@code result} and {@code error} is set.
 *
 * @param id the id of the request answered, or {@code null} when the request's id could not be read
 * @param result the result, or {@code null} for an error response
 * @param error the error, or {@code null} for a success response
 */
public record JsonRpcResponse(JsonRpcId id, JsonNode result, JsonRpcError error) implements JsonRpcMessage {

    public JsonRpcResponse {
        if ((result == null) == (error == null)) {
            throw new IllegalArgumentException("a response has exactly one of result and error");
        }
    }

    /** A success response. */
    public static JsonRpcResponse success(JsonRpcId id, JsonNode result) {
        return new JsonRpcResponse(id, result, null);
    }

    /** An error response; {@code id} may be {@code null} when the request id was unreadable. */
    public static JsonRpcResponse failure(JsonRpcId id, JsonRpcError error) {
        return new JsonRpcResponse(id, null, error);
    }

    /** Whether this is an error response. */
    public boolean isError() {
        return error != null;
    }
}
