package io.eragate.netty.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.core.config.EraSetting;
import io.eragate.netty.testing.NodePeers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The official TypeScript SDK v1 client (2025-11-25) through Eragate's legacy client front to real SDK v2 servers
 * that serve only 2026-07-28: the server's multi round-trip {@code input_required} answers reach the client as
 * {@code elicitation/create} requests on its POST's stream, its answers go back upstream as {@code inputResponses}
 * with the {@code requestState} (the conformance fixture, {@code interop/fixtures/modern-conformance-server.mjs});
 * and the client's {@code notifications/cancelled} stops the upstream call ({@code interop/modern-server.mjs}, whose
 * {@code slow} tool logs its cancellation).
 */
class LegacyInteractiveIT {
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration UPSTREAM_LOG_TIMEOUT = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final NodePeers PEERS = NodePeers.locate();

    private static NodePeers.Server fixture;
    private static NodePeers.Server slowServer;
    private static InteropGateway gateway;

    @BeforeAll
    static void start() {
        fixture = PEERS.startServer("fixtures/modern-conformance-server.mjs", "0");
        slowServer = PEERS.startServer("modern-server.mjs", "0", "sse", "reject");
        gateway = InteropGateway.start(Map.of("fixture", fixture.mcpUrl(), "slow", slowServer.mcpUrl()),
                EraSetting.AUTO);
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (fixture != null) {
            fixture.close();
        }
        if (slowServer != null) {
            slowServer.close();
        }
    }

    @Test
    void anElicitationAskedByMultiRoundTripReachesTheLegacyClientAndItsAnswerGoesBack() throws IOException {
        JsonNode line = legacyClient(Map.of("ELICIT", "1"), "test_input_required_result_elicitation");

        assertThat(line.path("elicitations").asInt()).as(line.toString()).isEqualTo(1);
        assertThat(line.at("/result/content/0/text").asText()).isEqualTo("Hello, Ada!");
    }

    @Test
    void theRequestStateOfARoundIsEchoedOnTheRetry() throws IOException {
        JsonNode line = legacyClient(Map.of("ELICIT", "1"), "test_input_required_result_request_state");

        assertThat(line.path("elicitations").asInt()).as(line.toString()).isEqualTo(1);
        assertThat(line.at("/result/content/0/text").asText()).startsWith("state-ok: action=accept");
    }

    @Test
    void aSamplingRequestAskedByMultiRoundTripIsAnsweredByTheLegacyClient() throws IOException {
        JsonNode line = legacyClient(Map.of("SAMPLE", "1"), "test_input_required_result_sampling");

        assertThat(line.path("samplings").asInt()).as(line.toString()).isEqualTo(1);
        assertThat(line.at("/result/content/0/text").asText()).isEqualTo("LLM response: Paris");
    }

    @Test
    void aCancelledCallStopsUpstreamWhileTheClientStillHoldsItsStream(@TempDir Path temp) throws Exception {
        Path release = temp.resolve("release");
        CompletableFuture<NodePeers.Result> run = CompletableFuture.supplyAsync(() -> PEERS.run(CLIENT_TIMEOUT,
                Map.of(), "legacy-cancel-client.mjs", gateway.endpoint("slow"), release.toString()));
        try {
            assertThat(slowServer.awaitStderr("CANCELLED slow", UPSTREAM_LOG_TIMEOUT))
                    .as("the upstream call was cancelled while the client kept its connection%n%s",
                            slowServer.output()).isTrue();
        } finally {
            Files.writeString(release, "go");
        }
        NodePeers.Result result = run.get(CLIENT_TIMEOUT.toSeconds() * 2, TimeUnit.SECONDS);
        assertThat(result.exitCode()).as("%s%n%s", result.stdout(), result.stderr()).isZero();
        JsonNode line = JSON.readTree(result.lastStdoutLine());
        assertThat(line.path("cancelled").asBoolean()).as(line.toString()).isTrue();
        assertThat(line.path("progressCount").asInt()).as("the call ran until its first progress").isPositive();
    }

    @Test
    void aSubscribedResourcesUpdateReachesTheLegacyClientsGetStream() throws IOException {
        NodePeers.Result run = PEERS.run(CLIENT_TIMEOUT, Map.of(), "legacy-subscribe-client.mjs",
                gateway.endpoint("fixture"), "test://watched-resource", "test_trigger_resource_update");

        assertThat(run.exitCode()).as("client output:%n%s%n%s%n%s", run.stdout(), run.stderr(), fixture.output())
                .isZero();
        JsonNode line = JSON.readTree(run.lastStdoutLine());
        assertThat(line.path("getStatus").asInt()).isEqualTo(200);
        assertThat(line.path("updated").toString()).isEqualTo("[\"test://watched-resource\"]");
        assertThat(line.path("terminated").asBoolean()).as(line.toString()).isTrue();
    }

    private static JsonNode legacyClient(Map<String, String> environment, String tool) throws IOException {
        NodePeers.Result run = PEERS.run(CLIENT_TIMEOUT, environment, "legacy-client.mjs",
                gateway.endpoint("fixture"), tool, "{}");
        assertThat(run.exitCode()).as("client output:%n%s%n%s%n%s", run.stdout(), run.stderr(), fixture.output())
                .isZero();
        return JSON.readTree(run.lastStdoutLine());
    }
}
