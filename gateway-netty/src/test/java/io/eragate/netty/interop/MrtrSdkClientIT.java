package io.eragate.netty.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.netty.testing.NodePeers;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The official TypeScript SDK v2 client ({@code interop/mrtr-client.mjs}), pinned to 2026-07-28 and declaring
 * elicitation, sampling and roots, completes tool calls of the project's legacy SDK v1 conformance fixture that ask
 * their client for input mid-call: Eragate turns those requests into {@code input_required}, the SDK's
 * multi-round-trip driver answers them and retries, and the legacy tool receives the answers.
 */
class MrtrSdkClientIT {
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final NodePeers PEERS = NodePeers.locate();

    private static NodePeers.Server legacyFixture;
    private static InteropGateway gateway;

    @BeforeAll
    static void startPeerAndGateway() {
        legacyFixture = PEERS.startServer("fixtures/legacy-conformance-server.mjs", "0");
        gateway = InteropGateway.start(Map.of("legacy-fixture", legacyFixture.mcpUrl()));
    }

    @AfterAll
    static void stopAll() {
        if (gateway != null) {
            gateway.close();
        }
        if (legacyFixture != null) {
            legacyFixture.close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        test_input_required_result_elicitation     | Ada
        test_input_required_result_sampling        | Paris
        test_input_required_result_list_roots      | file:///work
        test_input_required_result_multiple_inputs | Paris
        test_input_required_result_multi_round     | Ada
        """)
    void theSdkAnswersTheLegacyServersRequestsThroughEragate(String tool, String expectedInText) throws IOException {
        NodePeers.Result result = PEERS.run(CLIENT_TIMEOUT, "mrtr-client.mjs", gateway.endpoint("legacy-fixture"),
                tool, "{}");

        assertThat(result.exitCode()).as("client output:\n%s\n%s", result.stdout(), result.stderr()).isZero();
        JsonNode line = JSON.readTree(result.lastStdoutLine());
        assertThat(line.path("asked")).as(line.toString()).isNotEmpty();
        assertThat(line.path("result").toString()).contains(expectedInText);
    }
}
