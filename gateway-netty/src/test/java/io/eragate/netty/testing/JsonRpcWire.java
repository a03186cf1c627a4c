package io.eragate.netty.testing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;

/** The JSON-RPC 2.0 messages the fixtures write, built as Jackson trees, and the one parser they read with. */
final class JsonRpcWire {
    static final ObjectMapper MAPPER = new ObjectMapper();

    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    static final int METHOD_NOT_FOUND = -32601;
    static final int INVALID_PARAMS = -32602;
    static final int SERVER_ERROR = -32000;
    static final int SESSION_NOT_FOUND = -32001;
    static final int RESOURCE_NOT_FOUND = -32002;

    private JsonRpcWire() {
    }

    /** The body as a tree, or a missing node when it is empty or not JSON (a fixture answers that itself). */
    static JsonNode parse(byte[] body) {
        if (body.length == 0) {
            return MissingNode.getInstance();
        }
        try {
            return MAPPER.readTree(body);
        } catch (IOException e) {
            return MissingNode.getInstance();
        }
    }

    static byte[] bytes(JsonNode message) {
        try {
            return MAPPER.writeValueAsBytes(message);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String text(JsonNode message) {
        return message.toString();
    }

    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    static ObjectNode result(JsonNode id, JsonNode result) {
        ObjectNode message = object().put("jsonrpc", "2.0");
        message.set("id", id);
        message.set("result", result);
        return message;
    }

    /** An error response; {@code id} may be a missing node, which is written as {@code "id":null}. */
    static ObjectNode error(JsonNode id, int code, String message, JsonNode data) {
        ObjectNode error = object().put("code", code).put("message", message);
        if (data != null) {
            error.set("data", data);
        }
        ObjectNode response = object().put("jsonrpc", "2.0");
        response.set("id", id == null || id.isMissingNode() ? NullNode.getInstance() : id);
        response.set("error", error);
        return response;
    }

    /**
     * A transport-level error in the shape the TypeScript SDK's HTTP transport writes: error first, {@code id} null.
     */
    static ObjectNode transportError(int code, String message) {
        ObjectNode response = object().put("jsonrpc", "2.0");
        response.set("error", object().put("code", code).put("message", message));
        response.set("id", NullNode.getInstance());
        return response;
    }

    static ObjectNode notification(String method, JsonNode params) {
        ObjectNode message = object().put("jsonrpc", "2.0").put("method", method);
        message.set("params", params);
        return message;
    }

    /** {@code notifications/progress} for {@code token}. */
    static ObjectNode progress(JsonNode token, int progress, int total) {
        ObjectNode params = object();
        params.set("progressToken", token);
        params.put("progress", progress).put("total", total);
        return notification("notifications/progress", params);
    }

    /** A tool result with one text content item. */
    static ObjectNode textContent(String text) {
        ObjectNode result = object();
        result.putArray("content").addObject().put("type", "text").put("text", text);
        return result;
    }

    /** {@code params._meta.progressToken}, or a missing node when the request did not opt into progress. */
    static JsonNode progressToken(JsonNode params) {
        JsonNode token = params.path("_meta").path("progressToken");
        return token.isTextual() || token.isIntegralNumber() ? token : MissingNode.getInstance();
    }
}
