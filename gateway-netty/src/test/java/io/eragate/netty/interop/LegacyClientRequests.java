package io.eragate.netty.interop;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/**
 * The requests of a 2025-11-25 client over Streamable HTTP, sent by hand by the replica ITs: a JSON POST that
 * carries the session's headers once there is a session, and the opening of a session (initialize, then
 * initialized).
 */
final class LegacyClientRequests {
    private static final String INITIALIZED = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";

    private final HttpClient http;
    private final Duration timeout;
    private final String initialize;

    /** Requests with {@code timeout} each, sent by {@code http}; {@code clientName} is the client's in initialize. */
    LegacyClientRequests(HttpClient http, Duration timeout, String clientName) {
        this.http = http;
        this.timeout = timeout;
        this.initialize = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
                + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"" + clientName + "\",\"version\":\"1.0.0\"}}}";
    }

    /** The initialize request's body. */
    String initializeBody() {
        return initialize;
    }

    /** A POST of {@code body}; with the session's headers when {@code sessionId} is not {@code null}. */
    HttpRequest request(URI endpoint, String sessionId, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint)
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (sessionId != null) {
            request.header("Mcp-Session-Id", sessionId).header("MCP-Protocol-Version", "2025-11-25");
        }
        return request.build();
    }

    /** Sends {@link #request} and reads the whole answer. */
    HttpResponse<String> post(URI endpoint, String sessionId, String body) throws IOException, InterruptedException {
        return http.send(request(endpoint, sessionId, body), HttpResponse.BodyHandlers.ofString());
    }

    /** Opens a session at {@code endpoint} (initialize at 2025-11-25, then initialized); returns its sealed id. */
    String initialize(URI endpoint) throws IOException, InterruptedException {
        HttpResponse<String> initialized = post(endpoint, null, initialize);
        assertThat(initialized.statusCode()).as(initialized.body()).isEqualTo(200);
        assertThat(initialized.body()).contains("\"protocolVersion\":\"2025-11-25\"");
        Optional<String> sessionId = initialized.headers().firstValue("Mcp-Session-Id");
        assertThat(sessionId).as("the gateway issued a session id").isPresent();
        assertThat(post(endpoint, sessionId.get(), INITIALIZED).statusCode()).isEqualTo(202);
        return sessionId.get();
    }
}
