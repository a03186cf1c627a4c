package io.eragate.netty.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.netty.server.GatewayServer;
import io.eragate.netty.testing.NodePeers;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Legacy (2025-11-25) clients on a federated route over three kinds of upstream: server-everything (a legacy
 * Streamable HTTP server), the SDK v2 modern HTTP server and the SDK v2 modern stdio server. The real SDK v1 client
 * ({@code interop/legacy-federated-client.mjs}), and mcp-remote in front of it, get one {@code initialize} whose
 * capabilities are the upstreams' merged, one tool list with every name prefixed, and each call answered by its owner.
 * The modern server's {@code region} tool binds its argument to {@code Mcp-Param-Region}, which the SDK server
 * requires: a legacy client sends no such header, so the call succeeds only because the gateway writes it (in the
 * Base64 sentinel for a non-ASCII value); its {@code confirm_region} tool, bound the same way, asks for a name across
 * two rounds, and its retry reaches the owner un-prefixed and with the header too. An upstream killed mid-test is left
 * out while the others keep answering.
 */
class LegacyFederationIT {
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(120);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final NodePeers PEERS = NodePeers.locate();
    private static final String CALLS = """
            [["everything_echo", {"message": "hi"}], ["modern_add", {"a": 2, "b": 3}], ["stdio_chatty", {}],
             ["modern_region", {"region": "eu-west1"}], ["modern_region", {"region": "Zürich"}]]""";

    @RegisterExtension
    static final FederationPeers PEERS_AND_GATEWAY = new FederationPeers(PEERS, "0ms");

    @Test
    void theSdkV1ClientGetsMergedCapabilitiesEveryUpstreamsToolsAndEachCallReachesItsOwner() throws Exception {
        JsonNode session = run(PEERS_AND_GATEWAY.gateway(), Map.of(), CALLS);

        assertThat(session.path("protocolVersion").asText()).isEqualTo("2025-11-25");
        assertThat(session.at("/serverInfo/name").asText()).isEqualTo("eragate");
        JsonNode capabilities = session.path("capabilities");
        // tools from every upstream; prompts, resources and logging only server-everything has.
        assertThat(capabilities.has("tools")).as(capabilities.toString()).isTrue();
        assertThat(capabilities.has("prompts")).as(capabilities.toString()).isTrue();
        assertThat(capabilities.has("resources")).as(capabilities.toString()).isTrue();
        assertThat(capabilities.has("logging")).as(capabilities.toString()).isTrue();
        List<String> tools = texts(session.path("tools"));
        assertThat(tools).contains("everything_echo", "everything_get-sum", "modern_add", "modern_region",
                "stdio_add", "stdio_chatty");
        assertThat(tools).allSatisfy(name -> assertThat(name).matches("(everything|modern|stdio)_[A-Za-z0-9_.-]+"));
        assertCallsReachedTheirOwners(session.path("calls"));
    }

    @Test
    void mcpRemoteInFrontOfTheSdkV1ClientGetsTheSameFederation() throws Exception {
        JsonNode session = run(PEERS_AND_GATEWAY.gateway(), Map.of("VIA", "mcp-remote"), CALLS);

        assertThat(texts(session.path("tools"))).contains("everything_echo", "modern_region", "stdio_chatty");
        assertCallsReachedTheirOwners(session.path("calls"));
    }

    @Test
    void aRelayedCallOfABoundToolReachesItsOwnerWithTheHeaderOnEveryRound() throws Exception {
        String url = "http://127.0.0.1:" + PEERS_AND_GATEWAY.gateway().listenAddress().getPort() + "/mcp";
        NodePeers.Result result = PEERS.run(CLIENT_TIMEOUT, Map.of("ELICIT", "1"), "legacy-client.mjs", url,
                "modern_confirm_region", "{\"region\":\"eu-west1\",\"question\":\"Who confirms?\"}");
        assertThat(result.exitCode()).as("client output:\n%s\n%s", result.stdout(), result.stderr()).isZero();
        JsonNode line = JSON.readTree(result.lastStdoutLine());

        assertThat(line.path("elicitations").asInt()).as(line.toString()).isEqualTo(1);
        assertThat(line.at("/result/content/0/text").asText()).as(line.toString())
                .isEqualTo("Region eu-west1 confirmed by Ada (accept)");
    }

    @Test
    void anUpstreamKilledMidTestIsLeftOutWhileTheOthersKeepAnswering() throws Exception {
        NodePeers.Server doomed = PEERS.startServer("modern-server.mjs", "0");
        try (GatewayServer own = start(doomed)) {
            JsonNode before = run(own, Map.of(), "[[\"modern_add\", {\"a\": 1, \"b\": 1}]]");
            assertThat(texts(before.path("tools"))).contains("modern_add");
            assertThat(before.at("/calls/0/result/content/0/text").asText()).isEqualTo("2");

            doomed.close();
            JsonNode after = run(own, Map.of(), """
                    [["modern_add", {"a": 1, "b": 1}], ["stdio_add", {"a": 2, "b": 2}],
                     ["everything_echo", {"message": "still here"}]]""");

            assertThat(texts(after.path("tools"))).contains("stdio_add", "everything_echo")
                    .noneMatch(name -> name.startsWith("modern_"));
            assertThat(after.at("/calls/0/error").asText()).as(after.toString()).contains("modern");
            assertThat(after.at("/calls/1/result/content/0/text").asText()).isEqualTo("4");
            assertThat(after.at("/calls/2/result/content/0/text").asText()).isEqualTo("Echo: still here");
        } finally {
            doomed.close();
        }
    }

    private static void assertCallsReachedTheirOwners(JsonNode calls) {
        assertThat(calls.get(0).at("/result/content/0/text").asText()).as(calls.toString()).isEqualTo("Echo: hi");
        assertThat(calls.get(1).at("/result/content/0/text").asText()).as(calls.toString()).isEqualTo("5");
        // chatty exists only on the stdio server: answered means the call reached it as "chatty".
        assertThat(calls.get(2).has("result")).as(calls.toString()).isTrue();
        assertThat(calls.get(2).at("/result/isError").asBoolean(false)).isFalse();
        // The SDK v2 server answers region only when Mcp-Param-Region mirrors the body, decoded from the sentinel.
        assertThat(calls.get(3).at("/result/content/0/text").asText()).as(calls.toString())
                .isEqualTo("Region: eu-west1");
        assertThat(calls.get(4).at("/result/content/0/text").asText()).as(calls.toString())
                .isEqualTo("Region: Zürich");
    }

    private static GatewayServer start(NodePeers.Server modernServer) throws Exception {
        return PEERS_AND_GATEWAY.startGateway(modernServer, "0ms");
    }

    private static JsonNode run(GatewayServer server, Map<String, String> env, String calls) throws Exception {
        String url = "http://127.0.0.1:" + server.listenAddress().getPort() + "/mcp";
        NodePeers.Result result = PEERS.run(CLIENT_TIMEOUT, env, "legacy-federated-client.mjs", url, calls);
        assertThat(result.exitCode()).as("client output:\n%s\n%s", result.stdout(), result.stderr()).isZero();
        return JSON.readTree(result.lastStdoutLine());
    }

    private static List<String> texts(JsonNode array) {
        return FederationIT.texts(array);
    }
}
