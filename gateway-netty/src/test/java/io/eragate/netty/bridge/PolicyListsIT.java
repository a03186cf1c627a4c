package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.core.config.AdminConfig;
import io.eragate.core.config.ConfigLoader;
import io.eragate.core.config.GatewayConfig;
import io.eragate.core.config.ListenConfig;
import io.eragate.netty.server.GatewayServer;
import io.eragate.netty.testing.LegacyFixtureUpstream;
import io.eragate.netty.testing.NodePeers;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A tool the policy denies a principal is left out of its {@code tools/list} on every kind of route, not only through
 * the bridge: a modern HTTP upstream (the SDK v2 server), a modern stdio process, and a federated route over them and
 * a legacy upstream (whose names are prefixed, as the policy sees them); the federated route's legs keep the client's
 * principal, so two principals get two sessions at the legacy upstream behind it.
 */
class PolicyListsIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final NodePeers PEERS = NodePeers.locate();

    @RegisterExtension
    static final OAuthPeer.PerClass OAUTH = new OAuthPeer.PerClass();
    private NodePeers.Server modern;
    private LegacyFixtureUpstream legacy;
    private GatewayServer gateway;

    @AfterEach
    void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (modern != null) {
            modern.close();
        }
        if (legacy != null) {
            legacy.close();
        }
    }

    @Test
    void deniedToolsAreLeftOutOfModernStdioAndFederatedLists() throws Exception {
        modern = PEERS.startServer("modern-server.mjs", "0");
        legacy = LegacyFixtureUpstream.start();
        String stdioScript = PEERS.interopDir().resolve("modern-stdio-server.mjs").toString();
        GatewayConfig config = ConfigLoader.parse("""
                upstreams:
                  - {name: modern, url: "%s"}
                  - {name: stdio, command: [%s, %s]}
                  - {name: legacy, url: "%s", era: legacy}
                routes:
                  - {path: /modern, upstream: modern}
                  - {path: /stdio, upstream: stdio}
                  - {path: /fed, upstreams: [modern, stdio, legacy], fanOutTimeout: 20s}
                auth: {issuer: "%s", scopes: [mcp]}
                policies:
                  - {match: {method: tools/call, name: "*add"}, scopes: [math]}
                """.formatted(modern.mcpUrl(), JSON.writeValueAsString(PEERS.nodeBinary().toString()),
                JSON.writeValueAsString(stdioScript), legacy.uri(), OAUTH.peer().issuer()), "policy-lists-it.yaml")
                .withListen(new ListenConfig("127.0.0.1", 0))
                .withAdmin(new AdminConfig("127.0.0.1", 0));
        gateway = GatewayServer.start(config);
        ModernRequest list = ModernRequest.of(4, "tools/list");

        for (String route : List.of("/modern", "/stdio", "/fed")) {
            URI endpoint = URI.create("http://127.0.0.1:" + gateway.listenAddress().getPort() + route);
            HttpResponse<String> cut = IdentityIT.post(endpoint, list, OAUTH.peer().userToken("alice", "mcp",
                    endpoint));
            HttpResponse<String> whole = IdentityIT.post(endpoint, list, OAUTH.peer().userToken("alice",
                    "mcp math", endpoint));

            assertThat(cut.statusCode()).as(route + ": " + cut.body()).isEqualTo(200);
            assertThat(JSON.readTree(cut.body()).path("id").asInt()).isEqualTo(4);
            List<String> shown = names(cut);
            assertThat(shown).as(route).isNotEmpty().noneMatch(name -> name.endsWith("add"))
                    .anyMatch(name -> name.endsWith("echo"));
            List<String> all = names(whole);
            assertThat(all).as(route + ": " + whole.body()).anyMatch(name -> name.endsWith("add"))
                    .hasSize(shown.size() + (int) all.stream().filter(name -> name.endsWith("add")).count());
        }
        URI federated = URI.create("http://127.0.0.1:" + gateway.listenAddress().getPort() + "/fed");
        assertThat(IdentityIT.post(federated, list, OAUTH.peer().userToken("bob", "mcp", federated)).statusCode())
                .isEqualTo(200);
        assertThat(legacy.initializeCount()).as("alice's and bob's legs open their own sessions").isEqualTo(2);
    }

    private static List<String> names(HttpResponse<String> answer) throws Exception {
        List<String> names = new ArrayList<>();
        for (JsonNode tool : JSON.readTree(answer.body()).path("result").path("tools")) {
            names.add(tool.path("name").asText());
        }
        return names;
    }
}
