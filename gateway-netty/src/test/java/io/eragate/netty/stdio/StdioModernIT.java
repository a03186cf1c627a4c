package io.eragate.netty.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.RestartPolicy;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.core.mcp.Era;
import io.eragate.netty.testing.NodePeers;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A real 2026-07-28 stdio server (TypeScript SDK v2 {@code serveStdio}, modern only) behind Eragate: probed as
 * modern, sent each request as the client sent it (with Eragate's id and progress token), and told with
 * {@code notifications/cancelled} when a client leaves or a request times out.
 */
class StdioModernIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long PATIENCE_SECONDS = 30;
    private static StdioGateway gateway;

    @BeforeAll
    static void start() throws InterruptedException {
        List<String> command = List.of(StdioGateway.PEERS.nodeBinary().toString(),
                StdioGateway.PEERS.interopDir().resolve("modern-stdio-server.mjs").toString());
        gateway = StdioGateway.start(
                UpstreamConfig.stdio("modern", command, EraSetting.AUTO),
                UpstreamConfig.stdio("hasty", command, EraSetting.MODERN)
                        .withProcess(1, RestartPolicy.ALWAYS, 4 * 1024 * 1024, 256, Duration.ofMillis(800)),
                UpstreamConfig.stdio("dual", withArgument(command, "serve"), EraSetting.LEGACY));
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
    }

    @Test
    void theModernClientUsesAModernStdioServerThroughEragate() throws Exception {
        NodePeers.Result result = gateway.modernClient("modern", "add", "{\"a\":2,\"b\":40}");

        assertThat(result.succeeded()).as(result.stdout() + result.stderr()).isTrue();
        JsonNode output = JSON.readTree(result.lastStdoutLine());
        assertThat(output.path("protocolVersion").asText()).isEqualTo("2026-07-28");
        assertThat(output.path("tools").toString()).contains("\"echo\"", "\"slow\"");
        assertThat(output.path("result").path("content").get(0).path("text").asText()).isEqualTo("42");
        assertThat(gateway.upstream("modern").era()).as("probed").isEqualTo(Era.MODERN);
    }

    @Test
    void clientsUsingTheSameProgressTokenEachGetTheirOwnProgress() throws Exception {
        List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            String body = StdioGateway.toolsCall("1", "slow", "{\"ms\":" + (i * 100) + "}", ",\"progressToken\":\"p\"");
            calls.add(gateway.http().sendAsync(gateway.post("modern", body, "tools/call", "slow"),
                    HttpResponse.BodyHandlers.ofString()));
        }

        for (int i = 1; i <= 5; i++) {
            HttpResponse<String> response = calls.get(i - 1).get(PATIENCE_SECONDS, TimeUnit.SECONDS);
            List<JsonNode> events = Stream.of(response.body().split("\n")).filter(line -> line.startsWith("data:"))
                    .map(line -> parse(line.substring(5))).toList();
            List<JsonNode> progress = events.subList(0, events.size() - 1);
            assertThat(progress).as("call %d", i).hasSize(i);
            assertThat(progress).allSatisfy(event -> {
                assertThat(event.path("params").path("progressToken").asText()).isEqualTo("p");
            });
            assertThat(progress.get(progress.size() - 1).path("params").path("total").asInt()).isEqualTo(i * 100);
            assertThat(events.get(events.size() - 1).path("result").path("content").get(0).path("text").asText())
                    .isEqualTo("Slept " + (i * 100) + " ms");
        }
    }

    @Test
    void aClientThatLeavesCancelsItsRequestOnTheProcess() throws Exception {
        String body = StdioGateway.toolsCall("1", "slow", "{\"ms\":60000}", ",\"progressToken\":\"leaving\"");
        CompletableFuture<HttpResponse<java.io.InputStream>> streaming = gateway.http().sendAsync(
                gateway.post("modern", body, "tools/call", "slow"), HttpResponse.BodyHandlers.ofInputStream());
        HttpResponse<java.io.InputStream> response = streaming.get(PATIENCE_SECONDS, TimeUnit.SECONDS);

        response.body().close();

        assertThat(gateway.upstream("modern").awaitStderr("CANCELLED slow", Duration.ofSeconds(PATIENCE_SECONDS)))
                .as("the server saw notifications/cancelled").isTrue();
        HttpResponse<String> next = gateway.callTool("modern", "2", "echo", "{\"message\":\"still here\"}");
        assertThat(parse(next.body()).path("result").path("content").get(0).path("text").asText())
                .isEqualTo("Echo: still here");
    }

    @Test
    void aRequestPastItsTimeoutGets504AndIsCancelledOnTheProcess() throws Exception {
        HttpResponse<String> response = gateway.callTool("hasty", "3", "slow", "{\"ms\":60000}");

        assertThat(response.statusCode()).isEqualTo(504);
        assertThat(parse(response.body()).path("id").asInt()).isEqualTo(3);
        assertThat(gateway.upstream("hasty").awaitStderr("CANCELLED slow", Duration.ofSeconds(PATIENCE_SECONDS)))
                .isTrue();
    }

    @Test
    void aModernErrorKeepsItsCodeAndGetsTheStatusOfTheModernWire() throws Exception {
        HttpResponse<String> unknownTool = gateway.callTool("modern", "4", "no-such-tool", "{}");
        HttpResponse<String> unknownMethod = gateway.http().send(gateway.post("modern",
                StdioGateway.request("5", "prompts/list"), "prompts/list", null), HttpResponse.BodyHandlers.ofString());

        assertThat(unknownTool.statusCode()).isEqualTo(200);
        assertThat(parse(unknownTool.body()).path("id").asInt()).isEqualTo(4);
        assertThat(unknownMethod.statusCode()).isEqualTo(404);
        assertThat(parse(unknownMethod.body()).path("error").path("code").asInt()).isEqualTo(-32601);
        assertThat(parse(unknownMethod.body()).path("id").asInt()).isEqualTo(5);
    }

    @Test
    void aLegacyProcessLogsForEveryRequestAndEachRequestGetsOnlyTheLevelsItAskedFor() throws Exception {
        String asking = StdioGateway.toolsCall("1", "chatty", "{}", ",\"io.modelcontextprotocol/logLevel\":\"info\"");
        String silent = StdioGateway.toolsCall("2", "chatty", "{}", "");

        HttpResponse<String> withLogs = gateway.http().send(gateway.post("dual", asking, "tools/call", "chatty"),
                HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> withoutLogs = gateway.http().send(gateway.post("dual", silent, "tools/call", "chatty"),
                HttpResponse.BodyHandlers.ofString());

        List<JsonNode> events = Stream.of(withLogs.body().split("\n")).filter(line -> line.startsWith("data:"))
                .map(line -> parse(line.substring(5))).toList();
        assertThat(events).extracting(event -> event.path("params").path("data").asText())
                .containsExactly("chatty says info", "chatty says warning", "");
        assertThat(events.get(2).path("result").path("content").get(0).path("text").asText())
                .isEqualTo("said three things");
        assertThat(withoutLogs.headers().firstValue("content-type")).contains("application/json");
        assertThat(parse(withoutLogs.body()).path("result").path("resultType").asText()).isEqualTo("complete");
    }

    private static List<String> withArgument(List<String> command, String argument) {
        List<String> extended = new ArrayList<>(command);
        extended.add(argument);
        return extended;
    }

    private static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + json, e);
        }
    }
}
