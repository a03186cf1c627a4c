package io.eragate.netty.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.core.config.EraSetting;
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
 * The official TypeScript SDK v1 client ({@code interop/legacy-walk-client.mjs}, 2025-11-25 Streamable HTTP) walks a
 * whole session through Eragate's legacy client front in front of a real SDK v2 server that serves only 2026-07-28
 * (its {@code reject} mode: going direct, the same client fails): initialize answered from the upstream's
 * {@code server/discover}, lists, a call, ping, setLevel, DELETE, and 404 for the ended session; and the same walk
 * through {@code mcp-remote --transport http-only}, the stdio bridge Claude Desktop runs.
 */
class LegacyFrontIT {
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final NodePeers PEERS = NodePeers.locate();

    private static NodePeers.Server modernOnly;
    private static InteropGateway gateway;

    @BeforeAll
    static void start() {
        modernOnly = PEERS.startServer("modern-server.mjs", "0", "json", "reject");
        gateway = InteropGateway.start(Map.of("modern", modernOnly.mcpUrl()), EraSetting.AUTO);
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (modernOnly != null) {
            modernOnly.close();
        }
    }

    @Test
    void aLegacyClientWalksAWholeSessionOnAModernOnlyUpstream() throws IOException {
        JsonNode line = walk(gateway.endpoint("modern"), Map.of());

        assertThat(line.path("protocolVersion").asText()).isEqualTo("2025-11-25");
        assertThat(line.at("/serverInfo/name").asText()).isEqualTo("eragate-interop-modern");
        assertThat(line.path("sessionId").isTextual()).as(line.toString()).isTrue();
        assertThat(names(line.path("tools"))).contains("echo", "add", "slow");
        assertThat(line.at("/result/content/0/text").asText()).isEqualTo("Echo: hi");
        assertThat(line.path("result").has("resultType")).as("2026-only fields are removed").isFalse();
        assertThat(line.path("ping").isObject()).isTrue();
        assertThat(line.path("setLevel").isObject()).isTrue();
        assertThat(line.path("terminated").asBoolean()).isTrue();
        assertThat(line.path("afterDelete").asInt()).as("the ended session is gone").isEqualTo(404);
    }

    @Test
    void anOlderClientIsAnsweredInItsOwnVersion() throws IOException {
        JsonNode line = walk(gateway.endpoint("modern"), Map.of("VERSION", "2025-06-18"));

        assertThat(line.path("protocolVersion").asText()).isEqualTo("2025-06-18");
        assertThat(line.at("/result/content/0/text").asText()).isEqualTo("Echo: hi");
    }

    @Test
    void mcpRemoteInHttpOnlyModeServesAStdioClientFromAModernRoute() throws IOException {
        JsonNode line = walk(gateway.endpoint("modern"), Map.of("VIA", "mcp-remote"));

        assertThat(line.at("/serverInfo/name").asText()).isEqualTo("eragate-interop-modern");
        assertThat(names(line.path("tools"))).contains("echo", "add", "slow");
        assertThat(line.at("/result/content/0/text").asText()).isEqualTo("Echo: hi");
        assertThat(line.path("ping").isObject()).isTrue();
        assertThat(line.path("setLevel").isObject()).as("the front declares logging: %s", line).isTrue();
    }

    @Test
    void goingDirectTheSameClientFails() {
        NodePeers.Result run = PEERS.run(CLIENT_TIMEOUT, Map.of(), "legacy-walk-client.mjs", modernOnly.mcpUrl(),
                "echo", "{\"message\":\"hi\"}");

        assertThat(run.exitCode()).as("the upstream serves only 2026-07-28: %s", run.stdout()).isNotZero();
    }

    /** Runs legacy-walk-client.mjs on {@code url}, requires exit 0 and returns its JSON line. */
    static JsonNode walk(String url, Map<String, String> environment) throws IOException {
        NodePeers.Result run = PEERS.run(CLIENT_TIMEOUT, environment, "legacy-walk-client.mjs", url, "echo",
                "{\"message\":\"hi\"}");
        assertThat(run.exitCode()).as("client output:%n%s%n%s", run.stdout(), run.stderr()).isZero();
        return JSON.readTree(run.lastStdoutLine());
    }

    static List<String> names(JsonNode array) {
        List<String> names = new ArrayList<>();
        array.forEach(node -> names.add(node.asText()));
        return names;
    }
}
