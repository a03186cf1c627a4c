package io.eragate.bench.load;

import io.eragate.bench.McpSamples;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Opens sessions of Eragate's legacy-client front as the TypeScript SDK v1 client does: {@code initialize} with
 * {@code protocolVersion} 2025-11-25, the {@code Mcp-Session-Id} of the answer kept, then
 * {@code notifications/initialized} in that session (answered 202).
 */
final class LegacyClientSessions {
    static final String SESSION_HEADER = "Mcp-Session-Id";
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private LegacyClientSessions() {
    }

    /** Opens {@code count} sessions on {@code endpoint}, one at a time, and returns their ids. */
    static List<String> open(Endpoint endpoint, int count) throws InterruptedException {
        return open(endpoint, count, 1);
    }

    /** Opens {@code count} sessions on {@code endpoint}, {@code parallel} at a time, and returns their ids. */
    static List<String> open(Endpoint endpoint, int count, int parallel) throws InterruptedException {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(TIMEOUT)
                .build();
        URI uri = URI.create("http://" + endpoint.authority() + endpoint.path());
        ExecutorService pool = Executors.newFixedThreadPool(parallel);
        try {
            List<Future<String>> opened = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                opened.add(pool.submit(() -> openOne(http, uri)));
            }
            List<String> ids = new ArrayList<>(count);
            for (Future<String> id : opened) {
                ids.add(id.get());
            }
            return ids;
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot open a legacy-client session on " + uri + ": " + e.getCause(),
                    e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    private static String openOne(HttpClient http, URI uri) throws IOException, InterruptedException {
        HttpResponse<String> initialized = post(http, uri, null, McpSamples.legacyInitializeBody());
        String id = sessionId(initialized.statusCode(), initialized.headers().map(), initialized.body());
        HttpResponse<String> notified = post(http, uri, id, McpSamples.legacyInitializedBody());
        if (notified.statusCode() != 202) {
            throw new IllegalStateException("notifications/initialized was answered " + notified.statusCode()
                    + ": " + notified.body());
        }
        return id;
    }

    /**
     * The session id an {@code initialize} answer issued.
     *
     * @throws IllegalStateException when the answer is not a 200 with a session id and a result
     */
    static String sessionId(int status, Map<String, List<String>> headers, String body) {
        String id = headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(SESSION_HEADER))
                .flatMap(e -> e.getValue().stream()).findFirst().orElse(null);
        if (status != 200 || id == null || id.isBlank() || !body.contains("\"result\"")) {
            throw new IllegalStateException("initialize was not answered with a session: " + status + " "
                    + (id == null ? "no " + SESSION_HEADER : SESSION_HEADER + " " + id) + " " + body);
        }
        return id.trim();
    }

    private static HttpResponse<String> post(HttpClient http, URI uri, String sessionId, byte[] body)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(TIMEOUT)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        McpSamples.legacyHeaders(sessionId).forEach(request::header);
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }
}
