package io.eragate.netty.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.netty.testing.Await;
import io.eragate.netty.testing.NodePeers;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 * {@code slow} tool logs its cancellation). The same server's {@code confirm} tool, over HTTP and as a modern stdio
 * server ({@code interop/modern-stdio-server.mjs}), reports progress in each of its two rounds; the fixture's log
 * messages follow the level the client set with {@code logging/setLevel}, and the fixture reports on stderr each
 * {@code subscriptions/listen} stream that stops listening, which is how the client's {@code DELETE} is seen
 * to close the session's upstream stream. The HTTP server's {@code confirm_region} tool binds an argument to
 * {@code Mcp-Param-Region}, which the server requires on every round: the gateway writes it on the retries too.
 */
class LegacyInteractiveIT {
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration UPSTREAM_LOG_TIMEOUT = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern LISTEN_STATE = Pattern.compile("LISTEN (?:OPENED|CLOSED), (\\d+) open");
    private static final String CONFIRM_ARGS = "{\"question\":\"Who confirms?\"}";
    private static final NodePeers PEERS = NodePeers.locate();

    private static NodePeers.Server fixture;
    private static NodePeers.Server slowServer;
    private static InteropGateway gateway;

    @BeforeAll
    static void start() {
        fixture = PEERS.startServer("fixtures/modern-conformance-server.mjs", "0");
        slowServer = PEERS.startServer("modern-server.mjs", "0", "sse", "reject");
        gateway = InteropGateway.start(List.of(
                new UpstreamConfig("fixture", URI.create(fixture.mcpUrl()), EraSetting.AUTO),
                new UpstreamConfig("slow", URI.create(slowServer.mcpUrl()), EraSetting.AUTO),
                UpstreamConfig.stdio("stdio-modern", List.of(PEERS.nodeBinary().toString(),
                        PEERS.interopDir().resolve("modern-stdio-server.mjs").toString()), EraSetting.MODERN)),
                "the-legacy-interactive-ring");
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

    @Test
    void progressOfEachRelayedRoundReachesTheLegacyClient() throws IOException {
        JsonNode line = legacyClient("slow", Map.of("ELICIT", "1"), "confirm", CONFIRM_ARGS);

        assertThat(line.path("elicitations").asInt()).as(line.toString()).isEqualTo(1);
        assertThat(line.path("progressCount").asInt()).as("one progress in each of the two rounds: %s", line)
                .isEqualTo(2);
        assertThat(line.at("/result/content/0/text").asText()).isEqualTo("Confirmed by Ada (accept)");
    }

    @Test
    void aToolBoundToAnMcpParamHeaderGetsItWrittenOnEveryRelayedRound() throws IOException {
        // The SDK v2 server refuses each round of confirm_region whose Mcp-Param-Region is missing: the legacy client
        // sends none, so the gateway writes it on the first round and on the retry that carries the client's answer.
        JsonNode line = legacyClient("slow", Map.of("ELICIT", "1"), "confirm_region",
                "{\"region\":\"Zürich\",\"question\":\"Who confirms?\"}");

        assertThat(line.path("elicitations").asInt()).as(line.toString()).isEqualTo(1);
        assertThat(line.at("/result/content/0/text").asText()).as(line.toString())
                .isEqualTo("Region Zürich confirmed by Ada (accept)");
        assertThat(line.at("/result/isError").asBoolean(false)).as(line.toString()).isFalse();
    }

    @Test
    void aModernStdioServersInputRequestIsRelayedToTheLegacyClient() throws IOException {
        JsonNode line = legacyClient("stdio-modern", Map.of("ELICIT", "1"), "confirm", CONFIRM_ARGS);

        assertThat(line.path("elicitations").asInt()).as(line.toString()).isEqualTo(1);
        assertThat(line.path("progressCount").asInt()).as(line.toString()).isEqualTo(2);
        assertThat(line.at("/result/content/0/text").asText()).isEqualTo("Confirmed by Ada (accept)");
    }

    @Test
    void logMessagesFollowTheLevelTheClientSet() throws IOException {
        JsonNode info = legacyClient("fixture", Map.of("SET_LEVEL", "info"), "test_logging_tool", "{}");
        JsonNode warning = legacyClient("fixture", Map.of("SET_LEVEL", "warning"), "test_logging_tool", "{}");

        assertThat(info.path("logs").findValuesAsText("data")).as(info.toString())
                .containsExactly("logging tool started", "logging tool processing data", "logging tool completed");
        assertThat(info.path("logs").findValuesAsText("level")).containsOnly("info");
        assertThat(warning.path("logs").size()).as("info messages are below warning: %s", warning).isZero();
        assertThat(warning.at("/result/content/0/text").asText()).isEqualTo("Logging tool completed");
    }

    @Test
    void theClientsDeleteClosesTheSessionsUpstreamListenWhileTheClientIsStillConnected(@TempDir Path temp)
            throws Exception {
        Path deleted = temp.resolve("deleted");
        Path release = temp.resolve("release");
        CompletableFuture<NodePeers.Result> run = CompletableFuture.supplyAsync(() -> PEERS.run(CLIENT_TIMEOUT,
                Map.of("DELETED_FILE", deleted.toString(), "RELEASE_FILE", release.toString()),
                "legacy-subscribe-client.mjs", gateway.endpoint("fixture"), "test://watched-resource",
                "test_trigger_resource_update"));
        try {
            awaitFile(deleted, run);
            assertThat(awaitNoListenOpen()).as("the upstream listen closed after the DELETE, the client still "
                    + "connected%n%s", fixture.output()).isTrue();
        } finally {
            Files.writeString(release, "go");
        }
        NodePeers.Result result = run.get(CLIENT_TIMEOUT.toSeconds() * 2, TimeUnit.SECONDS);
        assertThat(result.exitCode()).as("%s%n%s", result.stdout(), result.stderr()).isZero();
        assertThat(JSON.readTree(result.lastStdoutLine()).path("terminated").asBoolean()).isTrue();
    }

    /** Waits until the client wrote {@code file} (or ended, which fails the test with its output). */
    private static void awaitFile(Path file, CompletableFuture<NodePeers.Result> run) {
        Await.untilOrGiveUp("the client's DELETE", CLIENT_TIMEOUT, () -> Files.exists(file), () -> run.isDone()
                ? Optional.of("the client ended before its DELETE: " + run.join().stdout() + run.join().stderr())
                : Optional.empty());
    }

    /** Whether the fixture's latest listen report says no listen stream is open, within the upstream timeout. */
    private static boolean awaitNoListenOpen() {
        return Await.within(UPSTREAM_LOG_TIMEOUT, () -> {
            Matcher state = LISTEN_STATE.matcher(fixture.output());
            String open = null;
            while (state.find()) {
                open = state.group(1);
            }
            return "0".equals(open);
        });
    }

    private static JsonNode legacyClient(Map<String, String> environment, String tool) throws IOException {
        return legacyClient("fixture", environment, tool, "{}");
    }

    private static JsonNode legacyClient(String route, Map<String, String> environment, String tool, String args)
            throws IOException {
        NodePeers.Result run = PEERS.run(CLIENT_TIMEOUT, environment, "legacy-client.mjs",
                gateway.endpoint(route), tool, args);
        assertThat(run.exitCode()).as("client output:%n%s%n%s%n%s", run.stdout(), run.stderr(), fixture.output())
                .isZero();
        return JSON.readTree(run.lastStdoutLine());
    }
}
