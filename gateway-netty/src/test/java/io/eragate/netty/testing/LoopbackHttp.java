package io.eragate.netty.testing;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/** A JDK HTTP/1.1 client with the MCP request defaults, for tests that talk to fixtures over real sockets. */
final class LoopbackHttp {
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT)
            .build();

    HttpClient client() {
        return client;
    }

    /** A POST of {@code json} with the Accept and Content-Type every MCP client sends, plus {@code headers}. */
    static HttpRequest request(URI uri, String json, Map<String, String> headers) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri)
                .timeout(TIMEOUT)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        headers.forEach(builder::header);
        return builder.build();
    }

    HttpResponse<String> send(HttpRequest request) {
        try {
            return client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new AssertionError("Request failed: " + request, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("Interrupted: " + request, e);
        }
    }

    HttpResponse<String> post(URI uri, String json) {
        return send(request(uri, json, Map.of()));
    }

    HttpResponse<String> post(URI uri, String json, Map<String, String> headers) {
        return send(request(uri, json, headers));
    }
}
