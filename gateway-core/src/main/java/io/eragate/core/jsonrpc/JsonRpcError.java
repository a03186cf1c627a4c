package io.eragate.core.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * The {@code error} member of a JSON-RPC response.
 *
 * @param code the error code (see {@link JsonRpcErrorCodes})
 * @param message a short description that names what was wrong
 * @param data optional structured detail, or {@code null}
 */
public record JsonRpcError(int code, String message, JsonNode data) {

    public JsonRpcError {
        Objects.requireNonNull(message, "message");
    }

    /** An error without {@code data}. */
    public static JsonRpcError of(int code, String message) {
        return new JsonRpcError(code, message, null);
    }
}
