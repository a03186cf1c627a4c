package io.eragate.core.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.Objects;

/**
 * A JSON-RPC request id: a string or a number, never null. Keeps the original JSON node so that an id is echoed
 * exactly as the client wrote it ({@code 1} stays a number, {@code "1"} stays a string).
 *
 * @param node a textual or numeric JSON node
 */
public record JsonRpcId(JsonNode node) {

    public JsonRpcId {
        Objects.requireNonNull(node, "node");
        if (!node.isTextual() && !node.isNumber()) {
            throw new IllegalArgumentException("a JSON-RPC id is a string or a number, not " + node.getNodeType());
        }
    }

    /** An id that is a string. */
    public static JsonRpcId of(String value) {
        return new JsonRpcId(JsonNodeFactory.instance.textNode(value));
    }

    /**
     * An id that is a number. Values in the {@code int} range become the same node type Jackson's parser produces for
     * them, so that {@code JsonRpcId.of(1)} equals the id parsed from {@code "id":1}.
     */
    public static JsonRpcId of(long value) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        return new JsonRpcId(value == (int) value ? nodes.numberNode((int) value) : nodes.numberNode(value));
    }

    /** Whether {@code node} is usable as a request id (a string or a number). */
    public static boolean isValid(JsonNode node) {
        return node != null && (node.isTextual() || node.isNumber());
    }

    @Override
    public String toString() {
        return node.toString();
    }
}
