package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.config.EraSetting;
import io.eragate.netty.testing.NodePeers;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The real legacy peer behind the bridge: {@code @modelcontextprotocol/server-everything} over Streamable HTTP, driven
 * by the official SDK v2 client pinned to 2026-07-28, which cannot talk to that server on its own.
 */
class ServerEverythingIT {
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(60);
    private static final String ENTRY_POINT = "node_modules/@modelcontextprotocol/server-everything/dist/index.js";

    private static final NodePeers PEERS = NodePeers.locate();
    private static NodePeers.Server everything;

    @BeforeAll
    static void startServerEverything() {
        everything = PEERS.startOnFreePort(NodePeers.DEFAULT_READY_TIMEOUT, "listening on port", ENTRY_POINT,
                "streamableHttp");
    }

    @AfterAll
    static void stopServerEverything() {
        everything.close();
    }

    private static BridgeGateway gateway(EraSetting era) {
        return BridgeGateway.builder().upstream("everything", URI.create(everything.mcpUrl()), era).start();
    }

    private static JsonNode pinnedModernClient(URI endpoint, Map<String, String> environment, String tool,
            String arguments) {
        NodePeers.Result run = PEERS.run(CLIENT_TIMEOUT, environment, "modern-client.mjs", endpoint.toString(),
                "modern", tool, arguments);
        assertThat(run.exitCode()).as("%s\n%s\n%s", run.stdout(), run.stderr(), everything.output()).isZero();
        return ModernRequest.parse(run.lastStdoutLine());
    }

    private static String text(JsonNode output) {
        return output.path("result").path("content").get(0).path("text").asText();
    }

    @Test
    void thePinnedModernClientIsServedThroughTheBridgeOnOnePooledSession() {
        ExecutorService clients = Executors.newFixedThreadPool(3);
        try (BridgeGateway gateway = gateway(EraSetting.AUTO)) {
            URI endpoint = gateway.endpoint("everything");

            // The three clients run at once: each is a Node process that takes about a second to start.
            CompletableFuture<JsonNode> echoRun = CompletableFuture.supplyAsync(() -> pinnedModernClient(endpoint,
                    Map.of(), "echo", "{\"message\":\"through eragate\"}"), clients);
            CompletableFuture<JsonNode> sumRun = CompletableFuture.supplyAsync(() -> pinnedModernClient(endpoint,
                    Map.of(), "get-sum", "{\"a\":19,\"b\":23}"), clients);
            CompletableFuture<JsonNode> longRunRun = CompletableFuture.supplyAsync(() -> pinnedModernClient(endpoint,
                    Map.of("PROGRESS", "1"), "trigger-long-running-operation", "{\"duration\":0.3,\"steps\":3}"),
                    clients);
            JsonNode echo = echoRun.join();
            JsonNode sum = sumRun.join();
            JsonNode longRun = longRunRun.join();

            assertThat(echo.path("protocolVersion").asText()).isEqualTo("2026-07-28");
            assertThat(echo.path("era").asText()).isEqualTo("modern");
            List<String> tools = new ArrayList<>();
            echo.path("tools").forEach(tool -> tools.add(tool.asText()));
            assertThat(tools).contains("echo", "get-sum", "trigger-long-running-operation");
            assertThat(text(echo)).isEqualTo("Echo: through eragate");
            assertThat(text(sum)).contains("42");
            assertThat(text(longRun)).startsWith("Long running operation completed");
            assertThat(longRun.path("progress")).hasSize(3);
            assertThat(longRun.path("progress").get(2).path("progress").asInt()).isEqualTo(3);
            // Each run sends server/discover, tools/list and tools/call with the same (empty) capabilities, so all
            // nine requests share one pooled session, opened once even though the three runs start together.
            assertThat(gateway.server().bridge().initializeCount()).isEqualTo(1);
            assertThat(gateway.server().bridge().pooledSessions()).isEqualTo(1);
        } finally {
            clients.shutdownNow();
        }
    }

    @Test
    void theSameClientFailsAgainstTheServerDirectly() {
        NodePeers.Result run = PEERS.run(CLIENT_TIMEOUT, "modern-client.mjs", everything.mcpUrl(), "modern", "echo",
                "{\"message\":\"direct\"}");

        assertThat(run.exitCode()).as(run.stdout()).isEqualTo(1);
        assertThat(run.lastStdoutLine()).contains("\"ok\":false").contains("ERA_NEGOTIATION_FAILED");
    }

    @Test
    void discoverDescribesTheRealServerWithoutItsLegacyTasks() {
        try (BridgeGateway gateway = gateway(EraSetting.AUTO)) {

            ModernAnswer answer = gateway.client("everything").send(ModernRequest.of(1, "server/discover"));

            assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
            JsonNode result = answer.result();
            assertThat(result.path("supportedVersions")).containsExactly(ModernRequest.parse("\"2026-07-28\""));
            assertThat(result.path("_meta").path(ModernRequest.SERVER_INFO_KEY).path("name").asText())
                    .isEqualTo("mcp-servers/everything");
            assertThat(result.path("capabilities").has("tools")).isTrue();
            assertThat(result.path("capabilities").has("tasks")).as("2025 tasks are not bridged").isFalse();
            assertThat(result.path("instructions").asText()).isNotEmpty();
            assertThat(result.path("resultType").asText()).isEqualTo("complete");
        }
    }
}
