package io.eragate.netty.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A 2026-07-28 request as a well-behaved modern client writes it: the full {@code _meta} envelope in the body and
 * the mirrored headers ({@code MCP-Protocol-Version}, {@code Mcp-Method}, {@code Mcp-Name}) derived from it.
 * Immutable; every {@code with*} returns a changed copy.
 */
final class ModernRequest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String VERSION = "2026-07-28";
    static final String PROTOCOL_VERSION_KEY = "io.modelcontextprotocol/protocolVersion";
    static final String CLIENT_CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";
    static final String CLIENT_INFO_KEY = "io.modelcontextprotocol/clientInfo";
    static final String LOG_LEVEL_KEY = "io.modelcontextprotocol/logLevel";
    static final String SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo";

    private final ObjectNode body;

    private ModernRequest(ObjectNode body) {
        this.body = body;
    }

    /** {@code method} with id {@code id}, params holding only the envelope (empty capabilities). */
    static ModernRequest of(Object id, String method) {
        ObjectNode body = JSON.createObjectNode().put("jsonrpc", "2.0");
        body.set("id", JSON.valueToTree(id));
        body.put("method", method);
        ObjectNode meta = body.putObject("params").putObject("_meta");
        meta.put(PROTOCOL_VERSION_KEY, VERSION);
        meta.putObject(CLIENT_CAPABILITIES_KEY);
        meta.putObject(CLIENT_INFO_KEY).put("name", "bridge-it-client").put("version", "1.0");
        return new ModernRequest(body);
    }

    /** {@code tools/call} of {@code tool} with {@code argumentsJson}. */
    static ModernRequest toolCall(Object id, String tool, String argumentsJson) {
        return of(id, "tools/call").withParam("name", tool).withParam("arguments", parse(argumentsJson));
    }

    static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (java.io.IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    ModernRequest withParam(String name, Object value) {
        ObjectNode copy = body.deepCopy();
        ((ObjectNode) copy.get("params")).set(name, JSON.valueToTree(value));
        return new ModernRequest(copy);
    }

    ModernRequest withMeta(String key, Object value) {
        ObjectNode copy = body.deepCopy();
        ((ObjectNode) copy.get("params").get("_meta")).set(key, JSON.valueToTree(value));
        return new ModernRequest(copy);
    }

    ModernRequest withCapabilities(String capabilitiesJson) {
        return withMeta(CLIENT_CAPABILITIES_KEY, parse(capabilitiesJson));
    }

    ModernRequest withLogLevel(String level) {
        return withMeta(LOG_LEVEL_KEY, level);
    }

    ModernRequest withProgressToken(Object token) {
        return withMeta("progressToken", token);
    }

    String method() {
        return body.get("method").asText();
    }

    ObjectNode body() {
        return body.deepCopy();
    }

    String bodyText() {
        return body.toString();
    }

    /** The headers a modern client derives from the body. */
    Map<String, String> headers() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        headers.put("Accept", "application/json, text/event-stream");
        headers.put("MCP-Protocol-Version", VERSION);
        headers.put("Mcp-Method", method());
        JsonNode params = body.get("params");
        switch (method()) {
            case "tools/call", "prompts/get" -> headers.put("Mcp-Name", params.path("name").asText());
            case "resources/read" -> headers.put("Mcp-Name", params.path("uri").asText());
            default -> {
            }
        }
        return headers;
    }
}
