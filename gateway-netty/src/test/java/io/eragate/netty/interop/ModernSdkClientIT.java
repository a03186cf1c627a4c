package io.eragate.netty.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.netty.testing.NodePeers;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The official TypeScript SDK v2 client ({@code interop/modern-client.mjs}), pinned to 2026-07-28 and in
 * {@code auto} mode, lists tools and calls one through Eragate on two real legacy servers: the project's SDK v1
 * conformance fixture and server-everything. Pinned, the client accepts nothing but a 2026-07-28
 * {@code server/discover}; {@code auto} would fall back to a 2025 handshake if the gateway's discover failed, and
 * must not need to.
 */
class ModernSdkClientIT {
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final NodePeers PEERS = NodePeers.locate();

    private static NodePeers.Server legacyFixture;
    private static NodePeers.Server everything;
    private static InteropGateway gateway;

    @BeforeAll
    static void startPeersAndGateway() {
        legacyFixture = PEERS.startServer("fixtures/legacy-conformance-server.mjs", "0");
        everything = PEERS.startServer("everything-server.mjs", "0");
        gateway = InteropGateway.start(Map.of("legacy-fixture", legacyFixture.mcpUrl(),
                "everything", everything.mcpUrl()));
    }

    @AfterAll
    static void stopAll() {
        if (gateway != null) {
            gateway.close();
        }
        if (everything != null) {
            everything.close();
        }
        if (legacyFixture != null) {
            legacyFixture.close();
        }
    }

    @ParameterizedTest(name = "{0} client, {1}: {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
        modern | legacy-fixture | test_simple_text | {}                | This is a simple text response for testing. | eragate-legacy-conformance-fixture
        auto   | legacy-fixture | test_simple_text | {}                | This is a simple text response for testing. | eragate-legacy-conformance-fixture
        modern | everything     | echo             | {"message":"hi"}  | Echo: hi                                    | mcp-servers/everything
        auto   | everything     | echo             | {"message":"hi"}  | Echo: hi                                    | mcp-servers/everything
        """)
    void listsToolsAndCallsOneThroughEragateOnTheModernWire(String mode, String upstream, String tool, String args,
            String expectedText, String upstreamServerName) throws IOException {
        NodePeers.Result result = PEERS.run(CLIENT_TIMEOUT, "modern-client.mjs", gateway.endpoint(upstream), mode,
                tool, args);

        assertThat(result.exitCode()).as("client output:\n%s\n%s", result.stdout(), result.stderr()).isZero();
        JsonNode line = JSON.readTree(result.lastStdoutLine());
        assertThat(line.path("era").asText()).as(line.toString()).isEqualTo("modern");
        assertThat(line.path("protocolVersion").asText()).isEqualTo("2026-07-28");
        assertThat(names(line.path("tools"))).contains(tool);
        assertThat(line.at("/result/content/0/text").asText()).isEqualTo(expectedText);
        assertThat(line.at("/result/_meta/io.modelcontextprotocol~1serverInfo/name").asText())
                .as("the bridge stamps the legacy server's identity, which it cannot send itself")
                .isEqualTo(upstreamServerName);
    }

    @Test
    void thePinnedClientCannotUseServerEverythingWithoutEragate() throws IOException {
        NodePeers.Result result = PEERS.run(CLIENT_TIMEOUT, "modern-client.mjs", everything.mcpUrl(), "modern",
                "echo", "{\"message\":\"hi\"}");

        assertThat(result.exitCode()).as(result.stdout()).isEqualTo(1);
        JsonNode line = JSON.readTree(result.lastStdoutLine());
        assertThat(line.path("ok").asBoolean()).isFalse();
        assertThat(line.path("error").asText()).contains("2026-07-28");
    }

    private static List<String> names(JsonNode array) {
        List<String> names = new ArrayList<>();
        array.forEach(node -> names.add(node.asText()));
        return names;
    }
}
