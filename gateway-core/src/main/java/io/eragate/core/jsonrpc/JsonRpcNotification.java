package io.eragate.core.jsonrpc;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * A JSON-RPC notification: a method call that expects no answer.
 *
 * @param method the method name
 * @param params the params object, or {@code null} when absent
 */
public record JsonRpcNotification(String method, ObjectNode params) implements JsonRpcMessage {

    public JsonRpcNotification {
        Objects.requireNonNull(method, "method");
    }
}
