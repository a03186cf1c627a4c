package io.eragate.netty.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.netty.testing.Await;
import io.eragate.netty.testing.GatewayProcess;
import io.eragate.netty.testing.ModernFixtureUpstream;
import io.eragate.netty.testing.OtlpReceiver;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged gateway ({@code target/eragate.jar}) run as an operator runs it, with {@code logging: {format: json,
 * access: true}} and tracing on: every line it writes to stderr is one JSON object with a timestamp, a level, a
 * logger and a message; each request has one access line whose fields name what was decided and measured, with the
 * trace id the client sent, and nothing of the request's body or credentials.
 */
class JsonLogsIT {
    private static final Duration WAIT = Duration.ofSeconds(60);
    /** The jar turns leak detection off unless told otherwise; as in every test JVM, this one runs it at paranoid. */
    private static final String PARANOID_LEAKS = "-Dio.netty.leakDetection.level=paranoid";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TRACE_ID = "7af7651916cd43dd8448eb211c80319d";
    private static final String FEDERATED_TRACE_ID = "8bf7651916cd43dd8448eb211c80319e";
    private static final String SECRET_ARGUMENT = "s3cr3t-argument-value";
    private static final String SECRET_TOKEN = "tok-never-logged-42";

    @TempDir
    Path dir;

    @Test
    void everyLineIsJsonAndEachRequestHasOneAccessLine() throws Exception {
        try (OtlpReceiver collector = OtlpReceiver.start();
                ModernFixtureUpstream upstream = ModernFixtureUpstream.start();
                GatewayProcess gateway = GatewayProcess.start(dir, """
                        listen: { host: 127.0.0.1, port: 0 }
                        admin: { host: 127.0.0.1, port: 0 }
                        upstreams:
                          - { name: fixture, url: "%s", era: modern }
                          - { name: gone, url: "http://127.0.0.1:%d/mcp", era: modern }
                        routes:
                          - { path: /mcp, upstream: fixture }
                          - { path: /fed, upstreams: [fixture, gone] }
                        telemetry:
                          otlp: { endpoint: "%s" }
                        logging: { format: json, access: true }
                        """.formatted(upstream.uri(), closedPort(), collector.endpoint()), PARANOID_LEAKS)) {
            List<String> lines;
            try {
                int port = gateway.awaitPort(WAIT);
                HttpResponse<String> echo = post(port, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\","
                        + "\"params\":{\"name\":\"echo\",\"arguments\":{\"message\":\"" + SECRET_ARGUMENT + "\"},"
                        + "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                        + "\"io.modelcontextprotocol/clientCapabilities\":{},"
                        + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}}", "echo");
                assertThat(echo.statusCode()).as(echo.body()).isEqualTo(200);
                HttpResponse<String> refused = post(port, "{\"jsonrpc\":", null);
                assertThat(refused.statusCode()).isEqualTo(400);
                HttpResponse<String> list = send(port, "/fed", "tools/list", "{\"jsonrpc\":\"2.0\",\"id\":2,"
                        + "\"method\":\"tools/list\",\"params\":{\"_meta\":{"
                        + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                        + "\"io.modelcontextprotocol/clientCapabilities\":{},"
                        + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}}", null,
                        FEDERATED_TRACE_ID);
                assertThat(list.statusCode()).as(list.body()).isEqualTo(200);
                Await.until("3 access lines", WAIT, () -> gateway.completeLines().stream()
                        .filter(line -> line.contains("\"" + AccessLog.LOGGER + "\"")).count() >= 3,
                        () -> String.valueOf(gateway.completeLines()));
            } finally {
                gateway.process().destroy();
                assertThat(gateway.process().waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)).as("the gateway exits")
                        .isTrue();
            }
            assertThat(gateway.process().exitValue()).as("SIGTERM drains and exits 0").isZero();
            lines = gateway.completeLines();

            assertThat(lines).isNotEmpty();
            for (String line : lines) {
                JsonNode event = JSON.readTree(line);
                assertThat(event.isObject()).as(line).isTrue();
                assertThat(event.path("timestamp").isNumber()).as(line).isTrue();
                assertThat(event.path("level").asText()).as(line).isNotEmpty();
                assertThat(event.path("loggerName").asText()).as(line).isNotEmpty();
                assertThat(event.has("message")).as(line).isTrue();
                assertThat(event.has("formattedMessage")).as(line).isTrue();
                assertThat(line).doesNotContain(SECRET_ARGUMENT).doesNotContain(SECRET_TOKEN).doesNotContain("LEAK:");
            }
            List<Map<String, String>> access = lines.stream().map(JsonLogsIT::read)
                    .filter(event -> event.path("loggerName").asText().equals(AccessLog.LOGGER))
                    .map(JsonLogsIT::fields).toList();
            assertThat(access).hasSize(3);
            // Logged when the unreachable upstream's leg failed, after the request was dispatched, on an event loop
            // callback: the line still carries the request's trace.
            JsonNode leftOut = lines.stream().map(JsonLogsIT::read)
                    .filter(event -> event.path("formattedMessage").asText().contains("upstream gone left out"))
                    .findFirst().orElseThrow(() -> new AssertionError("no left-out line: " + lines));
            assertThat(leftOut.path("mdc").path("trace_id").asText()).as(leftOut.toString())
                    .isEqualTo(FEDERATED_TRACE_ID);
            Map<String, String> call = access.get(0);
            assertThat(call).containsEntry("route", "/mcp").containsEntry("client_era", "modern")
                    .containsEntry("method", "tools/call").containsEntry("name", "echo").containsEntry("status", "200")
                    .containsEntry("jsonrpc_code", "-").containsEntry("upstream", "fixture")
                    .containsEntry("upstream_era", "modern").containsEntry("principal", "anonymous")
                    .containsEntry("client", "127.0.0.1").containsEntry("trace_id", TRACE_ID)
                    .containsKeys("bytes_in", "bytes_out", "duration_ms");
            assertThat(Long.parseLong(call.get("bytes_in"))).isPositive();
            Map<String, String> rejected = access.get(1);
            assertThat(rejected).containsEntry("status", "400").containsEntry("jsonrpc_code", "-32700")
                    .containsEntry("error_type", "rejected").containsEntry("method", "-");
            assertThat(collector.await(span -> span.traceId().equals(TRACE_ID), WAIT).name())
                    .isEqualTo("tools/call echo");
        }
    }

    private static int closedPort() throws IOException {
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static HttpResponse<String> post(int port, String body, String name) throws Exception {
        return send(port, "/mcp", "tools/call", body, name, TRACE_ID);
    }

    private static HttpResponse<String> send(int port, String path, String method, String body, String name,
            String traceId) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(WAIT)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", method)
                .header("Authorization", "Bearer " + SECRET_TOKEN)
                .header("traceparent", "00-" + traceId + "-b7ad6b7169203331-01")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (name != null) {
            request.header("Mcp-Name", name);
        }
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode read(String line) {
        try {
            return JSON.readTree(line);
        } catch (IOException e) {
            throw new AssertionError(line, e);
        }
    }

    /** The key-value pairs of an event, whichever of logback's shapes (an object, or a list of one-key objects). */
    private static Map<String, String> fields(JsonNode event) {
        Map<String, String> fields = new HashMap<>();
        JsonNode pairs = event.path("kvpList");
        Iterator<JsonNode> items = pairs.isArray() ? pairs.elements() : List.of(pairs).iterator();
        while (items.hasNext()) {
            items.next().fields().forEachRemaining(entry -> fields.put(entry.getKey(), entry.getValue().asText()));
        }
        return fields;
    }
}
