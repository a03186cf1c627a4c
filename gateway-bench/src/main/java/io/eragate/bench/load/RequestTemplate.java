package io.eragate.bench.load;

import io.eragate.bench.McpSamples;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;

/**
 * The bytes of one HTTP/1.1 request, encoded once and written as they are for every send, so the client spends no
 * time encoding and every scenario receives exactly the same request.
 */
public final class RequestTemplate {

    private RequestTemplate() {
    }

    /** The sample {@code tools/call} for {@code endpoint}. */
    public static byte[] toolsCall(Endpoint endpoint) {
        return encode(endpoint, McpSamples.toolsCallHeaders(), McpSamples.toolsCallBody());
    }

    /** {@code GET path HTTP/1.1}, {@code Host} and the given fields: a request without a body. */
    public static byte[] get(Endpoint endpoint, Map<String, String> headers) {
        return head("GET", endpoint, headers).append("\r\n").toString().getBytes(StandardCharsets.US_ASCII);
    }

    /** {@code POST path HTTP/1.1}, {@code Host}, the given fields, {@code Content-Length}, then the body. */
    public static byte[] encode(Endpoint endpoint, Map<String, String> headers, byte[] body) {
        Objects.requireNonNull(body, "body");
        StringBuilder head = head("POST", endpoint, headers);
        head.append("Content-Length: ").append(body.length).append("\r\n\r\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream(head.length() + body.length);
        out.writeBytes(head.toString().getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(body);
        return out.toByteArray();
    }

    /** The request line, {@code Host} and the given fields, each line ended, without the blank line. */
    private static StringBuilder head(String method, Endpoint endpoint, Map<String, String> headers) {
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(headers, "headers");
        StringBuilder head = new StringBuilder(256)
                .append(method).append(' ').append(endpoint.path()).append(" HTTP/1.1\r\n")
                .append("Host: ").append(endpoint.authority()).append("\r\n");
        headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        return head;
    }
}
