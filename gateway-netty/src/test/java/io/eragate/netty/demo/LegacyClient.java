package io.eragate.netty.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A JDK HTTP/1.1 client that talks to the demo server over a real loopback socket the way a 2025-11-25 client (and
 * the gateway's bridge) does. Wire strings are written out here rather than taken from gateway-core, so a typo in
 * the server cannot hide behind the same typo in its test.
 */
final class LegacyClient {
    static final Duration TIMEOUT = Duration.ofSeconds(10);
    static final String SESSION = "Mcp-Session-Id";
    static final String VERSION = "MCP-Protocol-Version";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT)
            .build();
    private final URI uri;

    LegacyClient(URI uri) {
        this.uri = uri;
    }

    HttpClient http() {
        return http;
    }

    /** A POST of {@code json} with the Content-Type and Accept every MCP client sends, plus {@code headers}. */
    HttpRequest request(String json, Map<String, String> headers) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri).timeout(TIMEOUT)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        headers.forEach(builder::header);
        return builder.build();
    }

    HttpResponse<String> post(String json, Map<String, String> headers) {
        return send(request(json, headers));
    }

    /** A POST inside {@code session}, with the negotiated version header as 2025-11-25 clients send it. */
    HttpResponse<String> post(String session, String json) {
        return post(json, inSession(session));
    }

    static Map<String, String> inSession(String session) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(SESSION, session);
        headers.put(VERSION, "2025-11-25");
        return headers;
    }

    /** {@code initialize} at 2025-11-25, then {@code notifications/initialized}; returns the session id. */
    String openSession() {
        HttpResponse<String> initialized = post(initializeRequest("2025-11-25"), Map.of());
        assertThat(initialized.statusCode()).as(initialized.body()).isEqualTo(200);
        String session = initialized.headers().firstValue(SESSION).orElseThrow();
        HttpResponse<String> notified = post(session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        assertThat(notified.statusCode()).isEqualTo(202);
        assertThat(notified.body()).isEmpty();
        return session;
    }

    static String initializeRequest(String version) {
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"" + version
                + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"test\",\"version\":\"0\"}}}";
    }

    HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    static JsonNode json(HttpResponse<String> response) {
        return json(response.body());
    }

    static JsonNode json(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + text, e);
        }
    }
}
