package io.eragate.netty.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** What the reload and readiness tests ask of a running gateway: admin JSON, modern calls, and waiting. */
final class AdminProbe {
    static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private AdminProbe() {
    }

    /** A GET's status and body. */
    record Answer(int status, String body) {
        JsonNode json() {
            try {
                return MAPPER.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + body, e);
            }
        }
    }

    static Answer get(int port, String path) {
        return send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).GET().build());
    }

    /** A 2026-07-28 {@code tools/call} of {@code echo} through the gateway at {@code path}. */
    static Answer echo(int port, String path, String message) {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":\"e1\",\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                + "\"arguments\":{\"message\":\"" + message + "\"},\"_meta\":{"
                + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
        return call(port, path, body, "echo");
    }

    /** A 2026-07-28 {@code tools/call} of {@code slow} that takes {@code millis} upstream. */
    static Answer slow(int port, String path, long millis) {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":\"s1\",\"method\":\"tools/call\",\"params\":{\"name\":\"slow\","
                + "\"arguments\":{\"ms\":" + millis + ",\"steps\":0},\"_meta\":{\"io.modelcontextprotocol/"
                + "protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
        return call(port, path, body, "slow");
    }

    private static Answer call(int port, String path, String body, String tool) {
        return send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "tools/call")
                .header("Mcp-Name", tool)
                .timeout(PATIENCE)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    private static Answer send(HttpRequest request) {
        try {
            HttpResponse<String> response = CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), response.body());
        } catch (IOException e) {
            throw new AssertionError("request failed: " + request, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted: " + request, e);
        }
    }

    /** Polls {@code value} until {@code done} holds (bounded by {@link #PATIENCE}); returns the last value. */
    static <T> T await(Supplier<T> value, Predicate<T> done, String what) {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        T last = value.get();
        while (!done.test(last)) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("gave up waiting for " + what + "; last: " + last);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what, e);
            }
            last = value.get();
        }
        return last;
    }
}
