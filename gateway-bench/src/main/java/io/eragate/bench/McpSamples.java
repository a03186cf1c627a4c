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

    private McpSamples() {
    }

    /** The UTF-8 body of the sample {@code tools/call} (a fresh copy each call). */
    public static byte[] toolsCallBody() {
        return BODY.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The header fields of the sample request except {@code Host} and {@code Content-Length}, in the order a client
     * sends them.
     */
    public static Map<String, String> toolsCallHeaders() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        headers.put("Accept", "application/json, text/event-stream");
        headers.put("MCP-Protocol-Version", ProtocolVersions.V2026_07_28);
        headers.put("Mcp-Method", "tools/call");
        headers.put("Mcp-Name", TOOL);
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
