package io.eragate.netty.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.netty.testing.NodePeers;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The official TypeScript SDK v2 client, pinned to 2026-07-28, through the gateway to an SDK v2 modern server (npm
 * peers in {@code interop/}, installed by {@code npm ci}): discovery, the tool list and calls work unchanged, and
 * progress of a streamed call arrives through the gateway.
 */
class RealSdkIT {
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(30);

    private final NodePeers peers = NodePeers.locate();

    private static JsonNode resultLine(NodePeers.Result result) {
        assertThat(result.exitCode()).as(result.stdout() + result.stderr()).isZero();
        JsonNode line = Json.parse(result.lastStdoutLine());
        assertThat(line.path("ok").asBoolean()).as(result.lastStdoutLine()).isTrue();
        assertThat(line.path("protocolVersion").asText()).isEqualTo("2026-07-28");
        return line;
    }

    @ParameterizedTest
    @ValueSource(strings = {"json", "sse"})
    void thePinnedModernClientListsAndCallsToolsThroughTheGateway(String mode) {
        try (NodePeers.Server server = peers.startServer("modern-server.mjs", "0", mode);
                TestGateway gateway = TestGateway.modern(URI.create(server.mcpUrl()))) {
            NodePeers.Result result = peers.run(CLIENT_TIMEOUT, "modern-client.mjs", gateway.uri().toString(),
                    "modern", "echo", "{\"message\":\"hi\"}");

            JsonNode line = resultLine(result);
            assertThat(line.path("tools").toString()).contains("\"echo\"").contains("\"slow\"");
            assertThat(line.path("result").path("content").get(0).path("text").asText()).isEqualTo("Echo: hi");
        }
    }

    @Test
    void progressOfAStreamedCallArrivesThroughTheGateway() {
        try (NodePeers.Server server = peers.startServer("modern-server.mjs", "0", "sse");
                TestGateway gateway = TestGateway.modern(URI.create(server.mcpUrl()))) {
            NodePeers.Result result = peers.run(CLIENT_TIMEOUT, Map.of("PROGRESS", "1"), "modern-client.mjs",
                    gateway.uri().toString(), "modern", "slow", "{\"ms\":300}");

            JsonNode line = resultLine(result);
            assertThat(line.path("progress").isArray()).as(line.toString()).isTrue();
            assertThat(line.path("progress").size()).as(line.toString()).isPositive();
            assertThat(line.path("progress").get(0).path("total").asInt()).isEqualTo(300);
        }
    }

    @Test
    void aClientThatClosesItsStreamCancelsTheCallOnTheRealServer() throws Exception {
        try (NodePeers.Server server = peers.startServer("modern-server.mjs", "0", "sse");
                TestGateway gateway = TestGateway.modern(URI.create(server.mcpUrl()))) {
            McpCall call = McpCall.toolsCallWithProgress("cancel-me", "slow", "{\"ms\":120000}", "tok");
            try (RawConnection connection = gateway.connect()) {
                HttpHead head = connection.send(call.raw(TestGateway.PATH, gateway.hostHeader())).readHead();
                assertThat(head.status()).isEqualTo(200);
                SseEvent first = new SseReader(connection.body(head)).next();
                assertThat(first.json().path("method").asText()).as(server.output())
                        .isEqualTo("notifications/progress");
            }

            assertThat(server.awaitStderr("CANCELLED slow", Duration.ofSeconds(5))).as(server.output()).isTrue();
        }
    }
}
