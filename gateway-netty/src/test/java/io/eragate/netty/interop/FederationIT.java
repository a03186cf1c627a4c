package io.eragate.netty.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.core.config.AdminConfig;
import io.eragate.core.config.ConfigLoader;
import io.eragate.core.config.GatewayConfig;
import io.eragate.core.config.ListenConfig;
import io.eragate.netty.server.GatewayServer;
import io.eragate.netty.testing.NodePeers;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * One endpoint over three kinds of upstream, used by the real SDK v2 client pinned to 2026-07-28
 * ({@code interop/federated-client.mjs}): server-everything (a legacy Streamable HTTP server, bridged), the SDK v2
 * modern HTTP server (passed through) and the SDK v2 modern stdio server (a process). The client sees one tool list
 * with every name prefixed by its upstream, and each call reaches its owner under the upstream's own name. A rule
 * sends {@code tools/call add} from server-everything's route to the modern server, and an upstream killed mid-test
 * is left out of the list while the others keep answering.
 */
class FederationIT {
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(90);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final NodePeers PEERS = NodePeers.locate();

    @RegisterExtension
    static final FederationPeers PEERS_AND_GATEWAY = new FederationPeers(PEERS, "1s");

    @Test
    void theSdkClientListsThreeUpstreamsPrefixedAndEachCallReachesItsOwner() throws Exception {
        JsonNode session = run(PEERS_AND_GATEWAY.gateway(), "/mcp", """
                [["everything_echo", {"message": "hi"}], ["modern_add", {"a": 2, "b": 3}],
                 ["stdio_chatty", {}], ["nobody_echo", {}]]""");

        assertThat(session.path("protocolVersion").asText()).isEqualTo("2026-07-28");
        List<String> tools = texts(session.path("tools"));
        assertThat(tools).contains("everything_echo", "everything_get-sum", "modern_echo", "modern_add", "modern_slow",
                "stdio_echo", "stdio_add", "stdio_chatty");
        assertThat(tools).allSatisfy(name -> assertThat(name).matches("(everything|modern|stdio)_[A-Za-z0-9_.-]+"));
        assertThat(session.path("unavailable")).isEmpty();
        JsonNode calls = session.path("calls");
        assertThat(calls.get(0).at("/result/content/0/text").asText()).as(calls.toString()).isEqualTo("Echo: hi");
        assertThat(calls.get(1).at("/result/content/0/text").asText()).as(calls.toString()).isEqualTo("5");
        // chatty exists only on the stdio server: answered means the call reached it as "chatty".
        assertThat(calls.get(2).has("result")).as(calls.toString()).isTrue();
        assertThat(calls.get(2).at("/result/isError").asBoolean(false)).isFalse();
        assertThat(calls.get(3).path("error").asText()).contains("no upstream of /mcp has a tool called");
        // Each answer names the server that gave it.
        assertThat(calls.findValuesAsText("name")).containsExactly("mcp-servers/everything",
                "eragate-interop-modern", "eragate-interop-modern-stdio");

        JsonNode report = JSON.readTree(adminGet(PEERS_AND_GATEWAY.gateway(), "/admin/routes"));
        JsonNode federated = report.path("routes").get(0);
        assertThat(federated.path("path").asText()).isEqualTo("/mcp");
        assertThat(federated.path("federated").asBoolean()).isTrue();
        assertThat(federated.path("upstreams").findValuesAsText("state")).containsExactly("legacy", "modern", "stdio");
        assertThat(federated.at("/catalogue/tools/stdio_chatty/upstream").asText()).isEqualTo("stdio");
        assertThat(federated.at("/catalogue/tools/stdio_chatty/name").asText()).isEqualTo("chatty");
        assertThat(federated.at("/catalogue/tools/everything_get-sum/name").asText()).isEqualTo("get-sum");
        JsonNode rules = report.path("routes").get(1).path("rules");
        assertThat(rules.get(0).toString())
                .isEqualTo("{\"method\":\"tools/call\",\"name\":\"add\",\"upstream\":\"modern\"}");
    }

    @Test
    void aRuleSendsToolsCallAddToAnotherUpstream() throws Exception {
        // server-everything has no "add" tool (it has get-sum): only the rule can make this call succeed.
        JsonNode session = run(PEERS_AND_GATEWAY.gateway(), "/tools",
                "[[\"add\", {\"a\": 1, \"b\": 2}], [\"echo\", {\"message\": \"x\"}]]");

        assertThat(texts(session.path("tools"))).contains("get-sum").doesNotContain("add");
        assertThat(session.at("/calls/0/result/content/0/text").asText()).as(session.toString()).isEqualTo("3");
        assertThat(session.at("/calls/1/result/content/0/text").asText()).isEqualTo("Echo: x");
    }

    @Test
    void anUpstreamKilledMidTestIsLeftOutWhileTheOthersKeepAnswering() throws Exception {
        NodePeers.Server doomed = PEERS.startServer("modern-server.mjs", "0");
        try (GatewayServer own = start(doomed, "0ms")) {
            JsonNode before = run(own, "/mcp", "[[\"modern_add\", {\"a\": 1, \"b\": 1}]]");
            assertThat(texts(before.path("tools"))).contains("modern_add");
            assertThat(before.at("/calls/0/result/content/0/text").asText()).isEqualTo("2");

            doomed.close();
            JsonNode after = run(own, "/mcp", """
                    [["modern_add", {"a": 1, "b": 1}], ["stdio_add", {"a": 2, "b": 2}],
                     ["everything_echo", {"message": "still here"}]]""");

            assertThat(texts(after.path("tools"))).contains("stdio_add", "everything_echo")
                    .noneMatch(name -> name.startsWith("modern_"));
            assertThat(after.path("unavailable").toString()).contains("\"upstream\":\"modern\"");
            assertThat(after.at("/calls/0/error").asText()).as(after.toString()).contains("modern");
            assertThat(after.at("/calls/1/result/content/0/text").asText()).isEqualTo("4");
            assertThat(after.at("/calls/2/result/content/0/text").asText()).isEqualTo("Echo: still here");
        } finally {
            doomed.close();
        }
    }

    private static GatewayServer start(NodePeers.Server modernServer, String listCacheTtl) throws Exception {
        return PEERS_AND_GATEWAY.startGateway(modernServer, listCacheTtl);
    }

    /**
     * The gateway of these tests: {@code /mcp} federates server-everything, the SDK v2 HTTP server and the SDK v2
     * stdio server; {@code /tools} sends {@code tools/call add} from server-everything to the modern server.
     */
    static GatewayConfig config(NodePeers.Server everythingServer, NodePeers.Server modernServer,
            String listCacheTtl) throws Exception {
        String node = PEERS.nodeBinary().toString();
        String stdioScript = PEERS.interopDir().resolve("modern-stdio-server.mjs").toString();
        return ConfigLoader.parse("""
                upstreams:
                  - {name: everything, url: "%s"}
                  - {name: modern, url: "%s"}
                  - {name: stdio, command: [%s, %s]}
                routes:
                  - path: /mcp
                    upstreams: [everything, modern, stdio]
                    fanOutTimeout: 20s
                  - path: /tools
                    upstream: everything
                    rules:
                      - match: {method: tools/call, name: add}
                        upstream: modern
                bridge: {listCacheTtl: %s}
                """.formatted(everythingServer.mcpUrl(), modernServer.mcpUrl(), JSON.writeValueAsString(node),
                JSON.writeValueAsString(stdioScript), listCacheTtl), "federation-it.yaml")
                .withListen(new ListenConfig("127.0.0.1", 0))
                .withAdmin(new AdminConfig("127.0.0.1", 0));
    }

    private static JsonNode run(GatewayServer server, String path, String calls) throws Exception {
        String url = "http://127.0.0.1:" + server.listenAddress().getPort() + path;
        NodePeers.Result result = PEERS.run(CLIENT_TIMEOUT, "federated-client.mjs", url, calls);
        assertThat(result.exitCode()).as("client output:\n%s\n%s", result.stdout(), result.stderr()).isZero();
        return JSON.readTree(result.lastStdoutLine());
    }

    private static String adminGet(GatewayServer server, String path) throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + server.adminAddress().getPort() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return response.body();
    }

    static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(node -> texts.add(node.asText()));
        return texts;
    }
}
