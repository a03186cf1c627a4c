package io.eragate.netty.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;

/** The JSON-RPC 2.0 messages the demo server writes, as Jackson trees, and the one parser it reads with. */
final class DemoMessages {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private DemoMessages() {
    }

    /** The body as a tree, or {@code null} when it is empty or not JSON. */
    static JsonNode parse(byte[] body) {
        try {
            return body.length == 0 ? null : MAPPER.readTree(body);
        } catch (IOException e) {
            return null;
        }
    }

    static ObjectNode object() {
        return NODES.objectNode();
    }

    static ObjectNode result(JsonNode id, JsonNode result) {
        ObjectNode message = object().put("jsonrpc", "2.0");
        message.set("id", id);
        message.set("result", result);
        return message;
    }

    static ObjectNode error(JsonNode id, int code, String text) {
        ObjectNode message = object().put("jsonrpc", "2.0");
        message.set("id", id);
        message.putObject("error").put("code", code).put("message", text);
        return message;
    }

    /** An error of the HTTP transport, before any request id is known: {@code "id":null}, as the TS SDK writes it. */
    static ObjectNode transportError(int code, String text) {
        ObjectNode message = object().put("jsonrpc", "2.0");
        message.putObject("error").put("code", code).put("message", text);
        message.set("id", NullNode.getInstance());
        return message;
    }

    static ObjectNode notification(String method, ObjectNode params) {
        ObjectNode message = object().put("jsonrpc", "2.0").put("method", method);
        message.set("params", params);
        return message;
    }

    /** A {@code CallToolResult} with one text item; {@code isError} marks a failure reported in band. */
    static ObjectNode toolResult(String text, boolean isError) {
        ObjectNode result = object();
        result.putArray("content").addObject().put("type", "text").put("text", text);
        if (isError) {
            result.put("isError", true);
        }
        return result;
    }
}
