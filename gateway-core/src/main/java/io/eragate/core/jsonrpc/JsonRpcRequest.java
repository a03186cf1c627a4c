package io.eragate.core.jsonrpc;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * A JSON-RPC request.
 *
 * @param id the request id
 * @param method the method name
 * @param params the params object, or {@code null} when absent
 */
public record JsonRpcRequest(JsonRpcId id, String method, ObjectNode params) implements JsonRpcMessage {

    public JsonRpcRequest {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(method, "method");
    }
}
