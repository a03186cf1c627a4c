package io.eragate.netty.it;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One MCP POST as a test wants to send it: a body and an ordered list of header fields (a name may repeat), starting
 * from a request that the 2026-07-28 front door accepts and changed one piece at a time. Sendable through the JDK
 * client or, for what that client cannot send (Host, Connection, HTTP/1.0), as raw bytes.
 */
final class McpCall {
    static final String VERSION = "2026-07-28";
    static final String ENVELOPE = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"" + VERSION + "\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";
    static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final String body;
    private final List<Map.Entry<String, String>> headers;

    private McpCall(String body, List<Map.Entry<String, String>> headers) {
        this.body = body;
        this.headers = List.copyOf(headers);
    }

    /**
     * A request with string id {@code id}: {@code params} holds {@code paramFields} (JSON members without braces,
     * possibly empty) and the envelope; the headers are Content-Type, Accept, MCP-Protocol-Version and Mcp-Method.
     */
    static McpCall request(String id, String method, String paramFields) {
        String params = paramFields.isEmpty() ? ENVELOPE : paramFields + "," + ENVELOPE;
        String body = "{\"jsonrpc\":\"2.0\",\"id\":" + quote(id) + ",\"method\":" + quote(method) + ",\"params\":{"
                + params + "}}";
        return new McpCall(body, List.of(
                Map.entry("Content-Type", "application/json"),
                Map.entry("Accept", "application/json, text/event-stream"),
                Map.entry("MCP-Protocol-Version", VERSION),
                Map.entry("Mcp-Method", method)));
    }

    /** {@code tools/call} of {@code tool} with {@code argumentsJson}, and its {@code Mcp-Name}. */
    static McpCall toolsCall(String id, String tool, String argumentsJson) {
        return request(id, "tools/call", "\"name\":" + quote(tool) + ",\"arguments\":" + argumentsJson)
                .header("Mcp-Name", tool);
    }

    /** Like {@link #toolsCall} with a {@code progressToken} in the envelope, so SSE upstreams send progress. */
    static McpCall toolsCallWithProgress(String id, String tool, String argumentsJson, String progressToken) {
        McpCall call = toolsCall(id, tool, argumentsJson);
        String meta = "\"_meta\":{";
        return call.body(call.body.replace(meta, meta + "\"progressToken\":" + quote(progressToken) + ","));
    }

    /** A JSON string literal. */
    static String quote(String text) {
        try {
            return MAPPER.writeValueAsString(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    String body() {
        return body;
    }

    byte[] bodyBytes() {
        return body.getBytes(StandardCharsets.UTF_8);
    }

    List<Map.Entry<String, String>> headers() {
        return headers;
    }

    McpCall body(String newBody) {
        return new McpCall(newBody, headers);
    }

    /** Adds one more field, after the others (a second field of the same name repeats it). */
    McpCall header(String name, String value) {
        List<Map.Entry<String, String>> more = new ArrayList<>(headers);
        more.add(Map.entry(name, value));
        return new McpCall(body, more);
    }

    /** Drops every field called {@code name} (any case). */
    McpCall without(String name) {
        List<Map.Entry<String, String>> fewer = new ArrayList<>(headers);
        fewer.removeIf(h -> h.getKey().equalsIgnoreCase(name));
        return new McpCall(body, fewer);
    }

    /** Replaces every field called {@code name} with one field of {@code value}. */
    McpCall with(String name, String value) {
        return without(name).header(name, value);
    }

    /** The POST for the JDK client. */
    HttpRequest httpRequest(URI uri) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri).timeout(TIMEOUT)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(h -> builder.header(h.getKey(), h.getValue()));
        return builder.build();
    }

    /** The POST as HTTP/1.1 bytes with {@code Host: host}, a Content-Length and {@code extraLines} (each "N: v"). */
    byte[] raw(String path, String host, String... extraLines) {
        return rawAs("HTTP/1.1", path, host, extraLines);
    }

    /** The POST as bytes of {@code httpVersion}; {@code host} null sends no Host field. */
    byte[] rawAs(String httpVersion, String path, String host, String... extraLines) {
        StringBuilder head = new StringBuilder("POST ").append(path).append(' ').append(httpVersion).append("\r\n");
        if (host != null) {
            head.append("Host: ").append(host).append("\r\n");
        }
        headers.forEach(h -> head.append(h.getKey()).append(": ").append(h.getValue()).append("\r\n"));
        for (String line : extraLines) {
            head.append(line).append("\r\n");
        }
        byte[] content = bodyBytes();
        head.append("Content-Length: ").append(content.length).append("\r\n\r\n");
        byte[] headBytes = head.toString().getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[headBytes.length + content.length];
        System.arraycopy(headBytes, 0, all, 0, headBytes.length);
        System.arraycopy(content, 0, all, headBytes.length, content.length);
        return all;
    }
}
