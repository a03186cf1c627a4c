package io.eragate.netty.legacysse;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.core.config.AdminConfig;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.GatewayConfig;
import io.eragate.core.config.ListenConfig;
import io.eragate.core.config.RouteConfig;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.core.exchange.ExchangeOutcome;
import io.eragate.netty.server.GatewayServer;
import io.eragate.netty.testing.NodePeers;
import io.eragate.netty.testing.OutcomeAssert;
import io.eragate.netty.testing.RecordingObserver;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * server-everything in 2024-11-05 HTTP+SSE mode behind Eragate with {@code era: auto}: the modern probe POST and a
 * 2025 {@code initialize} POST are both refused (Express answers 404), so Eragate GETs the URL, takes the endpoint
 * from the first event, and serves the SDK v2 client pinned to 2026-07-28 over that session.
 */
class HttpSseUpstreamIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ENVELOPE = "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}";
    private static EverythingSseServer upstream;
    private static final RecordingObserver OUTCOMES = new RecordingObserver();
    private static GatewayServer gateway;
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @BeforeAll
    static void start() throws Exception {
        upstream = EverythingSseServer.start();
        gateway = GatewayServer.start(GatewayConfig.defaults()
                .withListen(new ListenConfig("127.0.0.1", 0))
                .withAdmin(new AdminConfig("127.0.0.1", 0))
                .withUpstreams(List.of(new UpstreamConfig("old", URI.create(upstream.sseUrl()), EraSetting.AUTO)))
                .withRoutes(List.of(new RouteConfig("/mcp", "old"))), OUTCOMES);
    }

    @AfterAll
    static void stop() throws Exception {
        if (gateway != null) {
            gateway.close();
        }
        if (upstream != null) {
            upstream.close();
        }
    }

    private static String url() {
        return "http://127.0.0.1:" + gateway.listenAddress().getPort() + "/mcp";
    }

    @Test
    void theModernClientUsesAnHttpSseServerThroughEragate() throws Exception {
        NodePeers.Result result = NodePeers.locate().run(Duration.ofSeconds(60), "modern-client.mjs", url(),
                "modern", "echo", "{\"message\":\"over 2024-11-05\"}");

        assertThat(result.succeeded()).as(result.stdout() + result.stderr() + upstream.stderr()).isTrue();
        JsonNode output = JSON.readTree(result.lastStdoutLine());
        assertThat(output.path("protocolVersion").asText()).isEqualTo("2026-07-28");
        assertThat(output.path("tools").toString()).contains("\"echo\"", "\"get-sum\"");
        assertThat(output.path("result").path("content").get(0).path("text").asText())
                .isEqualTo("Echo: over 2024-11-05");
        assertThat(upstream.awaitStderr("Client Message from", Duration.ofSeconds(30)))
                .as("messages were POSTed to the session endpoint").isTrue();
    }

    @Test
    void aCallOverAnHttpSseSessionReportsOneOutcome() throws Exception {
        HTTP.send(post(toolsCall("echo", "{\"message\":\"warm\"}", ""), "echo"), HttpResponse.BodyHandlers.ofString());
        OUTCOMES.clear();

        HttpResponse<String> answer = HTTP.send(post(toolsCall("echo", "{\"message\":\"counted\"}", ""), "echo"),
                HttpResponse.BodyHandlers.ofString());

        ExchangeOutcome outcome = OUTCOMES.awaitOnly();
        assertThat(answer.statusCode()).isEqualTo(200);
        OutcomeAssert.answeredToolCall(outcome, "old", "echo", answer.body());
    }

    @Test
    void concurrentClientsShareTheSessionAndEachGetsItsOwnAnswerAndProgress() throws Exception {
        List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            calls.add(HTTP.sendAsync(post(toolsCall("echo", "{\"message\":\"client-" + i + "\"}", ""), "echo"),
                    HttpResponse.BodyHandlers.ofString()));
        }
        CompletableFuture<HttpResponse<String>> withProgress = HTTP.sendAsync(post(toolsCall(
                "trigger-long-running-operation", "{\"duration\":0.3,\"steps\":3}", ",\"progressToken\":\"mine\""),
                "trigger-long-running-operation"), HttpResponse.BodyHandlers.ofString());

        for (int i = 0; i < 20; i++) {
            HttpResponse<String> response = calls.get(i).join();
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            assertThat(JSON.readTree(response.body()).path("result").path("content").get(0).path("text").asText())
                    .isEqualTo("Echo: client-" + i);
        }
        List<JsonNode> events = Stream.of(withProgress.join().body().split("\n"))
                .filter(line -> line.startsWith("data:")).map(line -> parse(line.substring(5))).toList();
        assertThat(events).hasSize(4);
        assertThat(events.subList(0, 3)).allSatisfy(event ->
                assertThat(event.path("params").path("progressToken").asText()).isEqualTo("mine"));
        assertThat(events.get(3).path("result").path("content").get(0).path("text").asText())
                .startsWith("Long running operation completed");
    }

    private static String toolsCall(String tool, String arguments, String extraMeta) {
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + ",\"_meta\":{" + ENVELOPE + extraMeta + "}}}";
    }

    private static HttpRequest post(String body, String tool) {
        return HttpRequest.newBuilder(URI.create(url()))
                .timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "tools/call")
                .header("Mcp-Name", tool)
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
    }

    private static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + json, e);
        }
    }
}
