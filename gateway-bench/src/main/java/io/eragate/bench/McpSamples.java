package io.eragate.bench;

import io.eragate.core.mcp.ProtocolVersions;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The typical 2026-07-28 {@code tools/call} every benchmark uses: the {@code echo} tool of the modern fixture, with
 * the full {@code _meta} envelope and the mirrored headers a conforming client sends. One definition, so the
 * microbenchmarks and the load harness measure the same request.
 */
public final class McpSamples {

    /** The gateway path and the fixture path. */
    public static final String PATH = "/mcp";
    /** The tool the fixture answers with {@code "Echo: <message>"}. */
    public static final String TOOL = "echo";
    /** The message the load harness sends; the answer must contain {@link #ECHO_MARKER}. */
    public static final String MESSAGE = "bench";
    /** Text every successful echo answer carries. */
    public static final String ECHO_MARKER = "Echo: " + MESSAGE;

    private static final String BODY = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{"
            + "\"name\":\"" + TOOL + "\",\"arguments\":{\"message\":\"" + MESSAGE + "\"},"
            + "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"" + ProtocolVersions.V2026_07_28 + "\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{},"
            + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"eragate-bench\",\"version\":\"1.0.0\"}}}}";

    private static final String ENVELOPE = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\""
            + ProtocolVersions.V2026_07_28 + "\",\"io.modelcontextprotocol/clientCapabilities\":{},"
            + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"eragate-bench\",\"version\":\"1.0.0\"}";

    private McpSamples() {
    }

    /** The UTF-8 body of the sample {@code tools/call} (a fresh copy each call). */
    public static byte[] toolsCallBody() {
        return BODY.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * A {@code subscriptions/listen} for tool list changes (the capacity run's idle stream), with the envelope of
     * {@link #toolsCallBody()}.
     */
    public static byte[] listenBody() {
        return ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"subscriptions/listen\",\"params\":{"
                + "\"notifications\":{\"toolsListChanged\":true}," + ENVELOPE + "}}}")
                .getBytes(StandardCharsets.UTF_8);
    }

    /** The header fields of {@link #listenBody()} except {@code Host} and {@code Content-Length}. */
    public static Map<String, String> listenHeaders() {
        return modernHeaders("subscriptions/listen");
    }

    /**
     * A {@code tools/call} of the fixtures' {@code blob} or {@code burst} tool (the large-payload run): a result
     * text of {@code bytes} characters after {@code events} progress notifications for progress token 1.
     */
    public static byte[] bulkCallBody(String tool, int bytes, int events) {
        return ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":{\"bytes\":" + bytes + ",\"events\":" + events + "},"
                + ENVELOPE + ",\"progressToken\":1}}}").getBytes(StandardCharsets.UTF_8);
    }

    /** The header fields of {@link #bulkCallBody} for {@code tool}, as {@link #toolsCallHeaders()}. */
    public static Map<String, String> bulkCallHeaders(String tool) {
        Map<String, String> headers = toolsCallHeaders();
        headers.put("Mcp-Name", tool);
        return headers;
    }

    /**
     * The header fields of the sample request except {@code Host} and {@code Content-Length}, in the order a client
     * sends them.
     */
    public static Map<String, String> toolsCallHeaders() {
        Map<String, String> headers = modernHeaders("tools/call");
        headers.put("Mcp-Name", TOOL);
        return headers;
    }

    /** The header fields of a 2026-07-28 POST of {@code method}, in the order a client sends them. */
    private static Map<String, String> modernHeaders(String method) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        headers.put("Accept", "application/json, text/event-stream");
        headers.put("MCP-Protocol-Version", ProtocolVersions.V2026_07_28);
        headers.put("Mcp-Method", method);
        return headers;
    }

    /** A 2026-07-28 {@code tools/list} with the envelope of {@link #toolsCallBody()}. */
    public static byte[] toolsListBody() {
        return ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{" + ENVELOPE + "}}}")
                .getBytes(StandardCharsets.UTF_8);
    }

    /** The header fields of {@link #toolsListBody()} except {@code Host} and {@code Content-Length}. */
    public static Map<String, String> toolsListHeaders() {
        return modernHeaders("tools/list");
    }

    /** The version a legacy (TypeScript SDK v1) client speaks. */
    public static final String LEGACY_VERSION = ProtocolVersions.V2025_11_25;

    /** A legacy client's {@code initialize}, as the TypeScript SDK v1 client sends it. */
    public static byte[] legacyInitializeBody() {
        return ("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\""
                + LEGACY_VERSION + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"eragate-bench\","
                + "\"version\":\"1.0.0\"}}}").getBytes(StandardCharsets.UTF_8);
    }

    /** The notification a legacy client sends once {@code initialize} is answered. */
    public static byte[] legacyInitializedBody() {
        return "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}".getBytes(StandardCharsets.UTF_8);
    }

    /** The sample {@code echo} call as a legacy client sends it: no {@code _meta} envelope. */
    public static byte[] legacyToolsCallBody() {
        return ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"" + TOOL
                + "\",\"arguments\":{\"message\":\"" + MESSAGE + "\"}}}").getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The header fields of a legacy client's POST except {@code Host} and {@code Content-Length}: the TypeScript
     * SDK v1 sends the negotiated version and, once it has one, its session id ({@code null}: none yet).
     */
    public static Map<String, String> legacyHeaders(String sessionId) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        headers.put("Accept", "application/json, text/event-stream");
        headers.put("MCP-Protocol-Version", LEGACY_VERSION);
        if (sessionId != null) {
            headers.put("Mcp-Session-Id", sessionId);
        }
        return headers;
    }

    /** The header fields of a legacy client's GET stream in session {@code sessionId}, as the SDK v1 sends them. */
    public static Map<String, String> legacyStreamHeaders(String sessionId) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Accept", "text/event-stream");
        headers.put("MCP-Protocol-Version", LEGACY_VERSION);
        headers.put("Mcp-Session-Id", sessionId);
        return headers;
    }

    /** {@link #toolsCallHeaders()} plus {@code Host}, as the multi-valued map {@code HeaderView.of} takes. */
    public static Map<String, List<String>> toolsCallHeaderFields(String host) {
        Map<String, List<String>> fields = new LinkedHashMap<>();
        fields.put("Host", List.of(host));
        toolsCallHeaders().forEach((name, value) -> fields.put(name, List.of(value)));
        return fields;
    }
}
