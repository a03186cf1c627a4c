package io.eragate.netty.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Runs the real interop scripts through {@link NodePeers} (needs npm ci in interop/). */
class NodePeersIT {
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration CANCEL_SEEN_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration SHORT_TIMEOUT = Duration.ofSeconds(6);
    private static final String LONG_CALL = "{\"ms\":120000}";

    private final NodePeers peers = NodePeers.locate();

    @Test
    void aModernServerAnswersThePinnedModernClient() {
        NodePeers.Server server = peers.startServer("modern-server.mjs", "0", "sse");
        try (server) {
            assertThat(server.port()).isPositive();
            assertThat(server.isAlive()).isTrue();

            NodePeers.Result result = peers.run(CLIENT_TIMEOUT, "modern-client.mjs", server.mcpUrl(), "modern",
                    "echo", "{\"message\":\"hi\"}");

            assertThat(result.exitCode()).as(result.stderr()).isZero();
            assertThat(result.lastStdoutLine())
                    .contains("\"ok\":true")
                    .contains("\"protocolVersion\":\"2026-07-28\"")
                    .contains("Echo: hi");
        }
        assertThat(server.isAlive()).as("closed server process").isFalse();
    }

    @Test
    void thePinnedModernClientFailsAgainstARealLegacyServer() {
        try (NodePeers.Server legacy = peers.startServer("fixtures/legacy-conformance-server.mjs", "0")) {
            NodePeers.Result result = peers.run(CLIENT_TIMEOUT, "modern-client.mjs", legacy.mcpUrl(), "modern",
                    "test_simple_text", "{}");

            assertThat(result.exitCode()).as(result.stdout()).isEqualTo(1);
            assertThat(result.lastStdoutLine()).contains("\"ok\":false").contains("2026-07-28");
        }
    }

    @Test
    void environmentVariablesReachTheScript() {
        try (NodePeers.Server server = peers.startServer("modern-server.mjs", "0", "sse")) {
            NodePeers.Result result = peers.run(CLIENT_TIMEOUT, Map.of("PROGRESS", "1"), "modern-client.mjs",
                    server.mcpUrl(), "modern", "slow", "{\"ms\":250}");

            assertThat(result.exitCode()).as(result.stderr()).isZero();
            assertThat(result.lastStdoutLine()).contains("\"progress\":[{");
        }
    }

    @Test
    void aBashScriptOfInteropRunsWithItsExitCodeAndOutput() {
        NodePeers.Result result = peers.runBash(CLIENT_TIMEOUT, Map.of(), "run-conformance.sh", "--no-such-option");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.stderr()).contains("usage:").contains("run-conformance.sh");
    }

    @Test
    void aPackagedServerStartsOnAFreeLoopbackPort() throws Exception {
        NodePeers.Server server = peers.startOnFreePort(NodePeers.DEFAULT_READY_TIMEOUT, "listening on port",
                "node_modules/@modelcontextprotocol/server-everything/dist/index.js", "streamableHttp");
        try (server; java.net.Socket socket = new java.net.Socket("127.0.0.1", server.port())) {
            assertThat(socket.isConnected()).isTrue();
            assertThat(server.output()).contains("listening on port " + server.port());
        }
        assertThat(server.isAlive()).as("closed server process").isFalse();
    }

    @Test
    void aScriptThatEndsBeforeReadyFailsWithWhatItPrinted() {
        assertThatThrownBy(() -> peers.startServer("modern-server.mjs", "not-a-port"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("ended before printing READY")
                .hasMessageContaining("exit code 2")
                .hasMessageContaining("usage: modern-server.mjs");
    }

    @Test
    void aServerThatNeverPrintsReadyIsStoppedAtTheTimeout() {
        try (NodePeers.Server server = peers.startServer("modern-server.mjs", "0", "sse")) {
            // The client prints nothing until its 120 s call ends, so it never "becomes ready".
            assertThatThrownBy(() -> peers.startServer(SHORT_TIMEOUT, "modern-client.mjs", server.mcpUrl(),
                    "modern", "slow", LONG_CALL))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("did not print READY within");

            assertThat(server.awaitStderr("CANCELLED slow", CANCEL_SEEN_TIMEOUT))
                    .as("the killed client's call is cancelled on the server\n%s", server.output())
                    .isTrue();
        }
    }

    @Test
    void aClientThatOverrunsItsTimeoutIsStopped() {
        try (NodePeers.Server server = peers.startServer("modern-server.mjs", "0", "sse")) {
            assertThatThrownBy(() -> peers.run(SHORT_TIMEOUT, "modern-client.mjs", server.mcpUrl(), "modern",
                    "slow", LONG_CALL))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("did not finish within");

            assertThat(server.awaitStderr("CANCELLED slow", CANCEL_SEEN_TIMEOUT))
                    .as("the killed client's call is cancelled on the server\n%s", server.output())
                    .isTrue();
        }
    }
}
