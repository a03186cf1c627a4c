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

/**
 * {@code @modelcontextprotocol/inspector@2.12.0}'s command line with {@code --protocol-era modern} (2026-07-28
 * only, no fallback) drives two real legacy servers through Eragate: the project's SDK v1 conformance fixture and
 * server-everything. The inspector's own SDK (v2 2.3.1) is a second modern client implementation besides
 * {@code modern-client.mjs}.
 */
class InspectorCliIT {
    private static final Duration CLI_TIMEOUT = Duration.ofSeconds(60);
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

    @Test
    void listsTheLegacyFixturesToolsThroughEragate() throws IOException {
        JsonNode result = modernInspector(gateway.endpoint("legacy-fixture"), "--method", "tools/list");

        assertThat(names(result.path("tools")))
                .contains("test_simple_text", "test_image_content", "test_tool_with_progress", "test_header_param");
    }

    @Test
    void callsTheLegacyFixturesSimpleTextToolThroughEragate() throws IOException {
        JsonNode result = modernInspector(gateway.endpoint("legacy-fixture"), "--method", "tools/call",
                "--tool-name", "test_simple_text");

        assertThat(result.at("/content/0/type").asText()).isEqualTo("text");
        assertThat(result.at("/content/0/text").asText()).isEqualTo("This is a simple text response for testing.");
        assertThat(result.at("/_meta/io.modelcontextprotocol~1serverInfo/name").asText())
                .isEqualTo("eragate-legacy-conformance-fixture");
    }

    @Test
    void callsServerEverythingsEchoThroughEragate() throws IOException {
        JsonNode tools = modernInspector(gateway.endpoint("everything"), "--method", "tools/list");
        JsonNode echoed = modernInspector(gateway.endpoint("everything"), "--method", "tools/call",
                "--tool-name", "echo", "--tool-arg", "message=hello from the inspector");

        assertThat(names(tools.path("tools"))).contains("echo", "get-sum");
        assertThat(echoed.at("/content/0/text").asText()).isEqualTo("Echo: hello from the inspector");
        assertThat(echoed.at("/_meta/io.modelcontextprotocol~1serverInfo/name").asText())
                .isEqualTo("mcp-servers/everything");
    }

    @Test
    void theModernInspectorCannotUseTheLegacyFixtureWithoutEragate() {
        NodePeers.Result result = PEERS.runInspectorCli(CLI_TIMEOUT, legacyFixture.mcpUrl(), "--protocol-era",
                "modern", "--method", "tools/list", "--format", "json", "-q");

        assertThat(result.exitCode()).as(result.stdout()).isEqualTo(1);
        assertThat(result.stderr()).contains("Version negotiation failed").contains("2026-07-28");
    }

    /** Runs the inspector pinned to 2026-07-28 with JSON output and returns its {@code result}. */
    private static JsonNode modernInspector(String url, String... methodArgs) throws IOException {
        List<String> args = new ArrayList<>(List.of(url, "--transport", "http", "--protocol-era", "modern",
                "--format", "json", "-q"));
        args.addAll(List.of(methodArgs));
        NodePeers.Result run = PEERS.runInspectorCli(CLI_TIMEOUT, args.toArray(String[]::new));
        assertThat(run.exitCode()).as("inspector output:\n%s\n%s", run.stdout(), run.stderr()).isZero();
        JsonNode output = JSON.readTree(run.lastStdoutLine());
        assertThat(output.has("result")).as(output.toString()).isTrue();
        return output.get("result");
    }

    private static List<String> names(JsonNode tools) {
        List<String> names = new ArrayList<>();
        tools.forEach(tool -> names.add(tool.path("name").asText()));
        return names;
    }
}
