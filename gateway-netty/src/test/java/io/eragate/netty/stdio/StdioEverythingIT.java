package io.eragate.netty.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.core.exchange.ExchangeOutcome;
import io.eragate.core.mcp.Era;
import io.eragate.core.stdio.ChildEnvironment;
import io.eragate.netty.testing.NodePeers;
import io.eragate.netty.testing.OutcomeAssert;
import io.eragate.netty.testing.RecordingObserver;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The real server-everything (TypeScript SDK v1, legacy only) run as a stdio process behind Eragate, used by the
 * SDK v2 client pinned to 2026-07-28 and by many concurrent HTTP clients. Its era is probed: it answers the
 * {@code server/discover} probe with -32601 and keeps running, and it sends a notification before its
 * {@code initialize} result.
 */
class StdioEverythingIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final RecordingObserver OUTCOMES = new RecordingObserver();
    private static StdioGateway gateway;

    private static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + json, e);
        }
    }

    @BeforeAll
    static void start() throws InterruptedException {
        gateway = StdioGateway.start(OUTCOMES, UpstreamConfig.stdio("everything", StdioGateway.everything(),
                EraSetting.AUTO)
                .withEnv(Map.of("ERAGATE_IT_SETTING", "configured")));
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
    }

    @Test
    void aCallOnAStdioProcessReportsOneOutcome() throws Exception {
        gateway.callTool("everything", "1", "echo", "{\"message\":\"warm\"}");
        OUTCOMES.clear();

        HttpResponse<String> answer = gateway.callTool("everything", "77", "echo", "{\"message\":\"counted\"}");

        ExchangeOutcome outcome = OUTCOMES.awaitOnly();
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(outcome.route()).isEqualTo("/everything/mcp");
        OutcomeAssert.answeredToolCall(outcome, "everything", "echo", answer.body());
    }

    @Test
    void theModernClientListsAndCallsToolsOfALegacyStdioServer() throws Exception {
        NodePeers.Result result = gateway.modernClient("everything", "echo", "{\"message\":\"over stdio\"}");

        assertThat(result.succeeded()).as(result.stdout() + result.stderr()).isTrue();
        JsonNode output = JSON.readTree(result.lastStdoutLine());
        assertThat(output.path("protocolVersion").asText()).isEqualTo("2026-07-28");
        assertThat(output.path("tools").toString()).contains("\"echo\"", "\"get-sum\"");
        assertThat(output.path("result").path("content").get(0).path("text").asText())
                .isEqualTo("Echo: over stdio");
        assertThat(gateway.upstream("everything").era()).as("probed, not pinned").isEqualTo(Era.LEGACY);
    }

    @Test
    void progressOfALegacyStdioServerReachesTheClientUnderItsOwnToken() throws Exception {
        String body = StdioGateway.toolsCall("\"c-1\"", "trigger-long-running-operation",
                "{\"duration\":0.3,\"steps\":3}", ",\"progressToken\":42");

        HttpResponse<String> response = gateway.http().send(
                gateway.post("everything", body, "tools/call", "trigger-long-running-operation"),
                HttpResponse.BodyHandlers.ofString());

        assertThat(response.headers().firstValue("content-type")).contains("text/event-stream");
        List<JsonNode> events = Stream.of(response.body().split("\n")).filter(line -> line.startsWith("data:"))
                .map(line -> parse(line.substring(5))).toList();
        assertThat(events).hasSize(4);
        for (int step = 1; step <= 3; step++) {
            JsonNode progress = events.get(step - 1);
            assertThat(progress.path("method").asText()).isEqualTo("notifications/progress");
            assertThat(progress.path("params").path("progressToken").isInt()).isTrue();
            assertThat(progress.path("params").path("progressToken").asInt()).isEqualTo(42);
            assertThat(progress.path("params").path("progress").asInt()).isEqualTo(step);
        }
        JsonNode result = events.get(3);
        assertThat(result.path("id").asText()).isEqualTo("c-1");
        assertThat(result.path("result").path("content").get(0).path("text").asText())
                .startsWith("Long running operation completed");
    }

    @Test
    void theServerAsksForRootsAndIsToldThereAreNone() throws Exception {
        HttpResponse<String> response = gateway.callTool("everything", "1", "get-roots-list", "{}");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(parse(response.body()).path("result").path("content").get(0).path("text").asText())
                .startsWith("The client supports roots but no roots are currently configured.");
    }

    @Test
    void discoverIsAnsweredFromTheProcesssInitializeResult() throws Exception {
        HttpResponse<String> response = gateway.http().send(gateway.post("everything",
                StdioGateway.request("9", "server/discover"), "server/discover", null),
                HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode result = parse(response.body()).path("result");
        assertThat(result.path("supportedVersions").toString()).isEqualTo("[\"2026-07-28\"]");
        assertThat(result.path("_meta").path("io.modelcontextprotocol/serverInfo").path("name").asText())
                .isEqualTo("mcp-servers/everything");
        assertThat(result.path("capabilities").has("tools")).isTrue();
    }

    @Test
    void theProcessSeesItsConfiguredEnvironmentAndNotTheGatewaysSecrets() throws Exception {
        HttpResponse<String> response = gateway.callTool("everything", "1", "get-env", "{}");

        JsonNode env = parse(parse(response.body()).path("result").path("content").get(0).path("text").asText());
        assertThat(env.path("ERAGATE_IT_SETTING").asText()).isEqualTo("configured");
        Set<String> allowed = new HashSet<>(ChildEnvironment.INHERITED);
        allowed.add("ERAGATE_IT_SETTING");
        List<String> names = new ArrayList<>();
        env.fieldNames().forEachRemaining(names::add);
        assertThat(names).allMatch(allowed::contains);
        assertThat(System.getenv().keySet()).as("the gateway has more to hide")
                .anyMatch(name -> !allowed.contains(name));
    }

    @Test
    void theEraReportListsTheStdioUpstreamAndItsProcess() throws Exception {
        gateway.callTool("everything", "1", "echo", "{\"message\":\"report\"}");
        HttpResponse<String> response = gateway.http().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                + gateway.server().adminAddress().getPort() + "/admin/eras")).build(),
                HttpResponse.BodyHandlers.ofString());

        JsonNode stdio = parse(response.body()).path("stdio").get(0);
        assertThat(stdio.path("upstream").asText()).isEqualTo("everything");
        assertThat(stdio.path("era").asText()).isEqualTo("legacy");
        assertThat(stdio.path("learnedBy").asText()).isEqualTo("probe");
        assertThat(stdio.path("instances").get(0).path("state").asText()).isEqualTo("ready");
        assertThat(stdio.path("instances").get(0).path("pid").asLong())
                .isEqualTo(gateway.upstream("everything").pids().get(0));
        assertThat(response.body()).as("arguments may hold secrets").doesNotContain("index.js");
    }

    @Test
    void twentyConcurrentClientsOnOneProcessEachGetTheirOwnAnswer() throws Exception {
        StdioUpstream upstream = gateway.upstream("everything");
        gateway.callTool("everything", "0", "echo", "{\"message\":\"warm-up\"}");
        List<Long> pidsBefore = upstream.pids();

        List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            // Every client uses the same request id, as independent clients may: only Eragate's ids tell them apart.
            calls.add(gateway.callToolAsync("everything", "1", "echo", "{\"message\":\"client-" + i + "\"}"));
        }

        for (int i = 0; i < 20; i++) {
            HttpResponse<String> response = calls.get(i).join();
            assertThat(response.statusCode()).isEqualTo(200);
            JsonNode body = JSON.readTree(response.body());
            assertThat(body.path("id").asInt()).isEqualTo(1);
            assertThat(body.path("result").path("content").get(0).path("text").asText())
                    .isEqualTo("Echo: client-" + i);
            assertThat(body.path("result").path("resultType").asText()).isEqualTo("complete");
        }
        assertThat(pidsBefore).hasSize(1);
        assertThat(upstream.pids()).isEqualTo(pidsBefore);
    }
}
