package io.eragate.netty.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.config.AdminConfig;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.GatewayConfig;
import io.eragate.core.config.ListenConfig;
import io.eragate.core.config.RouteConfig;
import io.eragate.core.config.SecurityConfig;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.netty.server.GatewayServer;
import io.eragate.netty.testing.NodePeers;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The SDK v1 client ({@code interop/legacy-walk-client.mjs}) on every other kind of route: a dual-era upstream (an
 * SDK v2 server in {@code stateless} mode, probed once and then passed the client's traffic unchanged), a legacy and
 * a modern stdio server, and a 2024-11-05 HTTP+SSE server (server-everything {@code sse}), the last three through the
 * legacy client front over their session back.
 */
class LegacyFrontRoutesIT {
    private static final NodePeers PEERS = NodePeers.locate();
    private static final String EVERYTHING = "node_modules/@modelcontextprotocol/server-everything/dist/index.js";

    private static NodePeers.Server stateless;
    private static NodePeers.Server sse;
    private static GatewayServer gateway;

    @BeforeAll
    static void start() throws InterruptedException {
        stateless = PEERS.startServer("modern-server.mjs", "0", "json", "stateless");
        sse = PEERS.startOnFreePort(NodePeers.DEFAULT_READY_TIMEOUT, "Server is running on port", EVERYTHING, "sse");
        String node = PEERS.nodeBinary().toString();
        List<UpstreamConfig> upstreams = List.of(
                new UpstreamConfig("dual", URI.create(stateless.mcpUrl()), EraSetting.AUTO),
                new UpstreamConfig("old-sse", URI.create("http://127.0.0.1:" + sse.port() + "/sse"),
                        EraSetting.AUTO),
                UpstreamConfig.stdio("stdio-legacy", List.of(node, PEERS.interopDir().resolve(EVERYTHING).toString(),
                        "stdio"), EraSetting.AUTO),
                // Pinned: on a loaded machine the server can take longer to start than eras.probeTimeout, and a
                // probe without an answer reads as legacy (the verdict is not what this class tests).
                UpstreamConfig.stdio("stdio-modern", List.of(node,
                        PEERS.interopDir().resolve("modern-stdio-server.mjs").toString()), EraSetting.MODERN));
        gateway = GatewayServer.start(GatewayConfig.defaults()
                .withListen(new ListenConfig("127.0.0.1", 0))
                .withAdmin(new AdminConfig("127.0.0.1", 0))
                .withUpstreams(upstreams)
                .withRoutes(upstreams.stream().map(u -> new RouteConfig("/" + u.name(), u.name())).toList())
                .withSecurity(new SecurityConfig(null, null, List.of("the-legacy-front-routes-ring"))));
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (stateless != null) {
            stateless.close();
        }
        if (sse != null) {
            sse.close();
        }
    }

    private static String url(String route) {
        return "http://127.0.0.1:" + gateway.listenAddress().getPort() + "/" + route;
    }

    @Test
    void aDualEraUpstreamGetsTheLegacyClientsTrafficUnchanged() throws IOException {
        JsonNode line = LegacyFrontIT.walk(url("dual"), Map.of());

        assertThat(line.at("/serverInfo/name").asText()).isEqualTo("eragate-interop-modern");
        assertThat(line.at("/result/content/0/text").asText()).isEqualTo("Echo: hi");
        assertThat(line.path("sessionId").isNull())
                .as("the stateless server opens no session, and the front (which would) is not in the way: %s", line)
                .isTrue();
    }

    @Test
    void aLegacyStdioServerServesALegacyClientThroughTheFront() throws IOException {
        JsonNode line = walkEverything("stdio-legacy");

        assertThat(line.at("/serverInfo/name").asText()).isEqualTo("mcp-servers/everything");
    }

    @Test
    void aModernStdioServerServesALegacyClientThroughTheFront() throws IOException {
        JsonNode line = LegacyFrontIT.walk(url("stdio-modern"), Map.of());

        assertThat(line.path("protocolVersion").asText()).isEqualTo("2025-11-25");
        assertThat(line.path("sessionId").isTextual()).as(line.toString()).isTrue();
        assertThat(LegacyFrontIT.names(line.path("tools"))).contains("echo", "add");
        assertThat(line.at("/result/content/0/text").asText()).isEqualTo("Echo: hi");
        assertThat(line.path("afterDelete").asInt()).isEqualTo(404);
    }

    @Test
    void anHttpSseServerServesALegacyClientThroughTheFront() throws IOException {
        JsonNode line = walkEverything("old-sse");

        assertThat(line.at("/serverInfo/name").asText()).isEqualTo("mcp-servers/everything");
    }

    /** The walk on a server-everything route: its lists, its echo, and the front's session. */
    private static JsonNode walkEverything(String route) throws IOException {
        NodePeers.Result run = PEERS.run(Duration.ofSeconds(90), Map.of(), "legacy-walk-client.mjs", url(route),
                "echo", "{\"message\":\"hi\"}");
        assertThat(run.exitCode()).as("client output:%n%s%n%s", run.stdout(), run.stderr()).isZero();
        JsonNode line = new com.fasterxml.jackson.databind.ObjectMapper().readTree(run.lastStdoutLine());
        assertThat(line.path("protocolVersion").asText()).isEqualTo("2025-11-25");
        assertThat(line.path("sessionId").isTextual()).as(line.toString()).isTrue();
        assertThat(LegacyFrontIT.names(line.path("tools"))).contains("echo");
        assertThat(line.path("prompts").isArray()).as(line.toString()).isTrue();
        assertThat(line.path("resources").isArray()).as(line.toString()).isTrue();
        assertThat(line.at("/result/content/0/text").asText()).isEqualTo("Echo: hi");
        assertThat(line.path("ping").isObject()).isTrue();
        assertThat(line.path("setLevel").isObject()).isTrue();
        assertThat(line.path("terminated").asBoolean()).isTrue();
        assertThat(line.path("afterDelete").asInt()).isEqualTo(404);
        return line;
    }
}
