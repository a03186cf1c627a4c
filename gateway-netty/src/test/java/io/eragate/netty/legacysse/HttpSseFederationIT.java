package io.eragate.netty.legacysse;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.core.config.AdminConfig;
import io.eragate.core.config.ConfigLoader;
import io.eragate.core.config.ListenConfig;
import io.eragate.netty.server.GatewayServer;
import io.eragate.netty.testing.NodePeers;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A 2024-11-05 HTTP+SSE upstream (server-everything in SSE mode) in the routing configuration like any other kind:
 * one of the upstreams of a federated route, and the target of a rule, used by the SDK v2 client pinned to
 * 2026-07-28.
 */
class HttpSseFederationIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final NodePeers PEERS = NodePeers.locate();
    private static EverythingSseServer old;
    private static NodePeers.Server modern;
    private static GatewayServer gateway;

    @BeforeAll
    static void start() throws Exception {
        old = EverythingSseServer.start();
        modern = PEERS.startServer("modern-server.mjs", "0");
        gateway = GatewayServer.start(ConfigLoader.parse("""
                upstreams:
                  - {name: old, url: "%s"}
                  - {name: modern, url: "%s"}
                routes:
                  - path: /mcp
                    upstreams: [old, modern]
                    fanOutTimeout: 20s
                  - path: /tools
                    upstream: modern
                    rules:
                      - match: {method: tools/call, name: get-sum}
                        upstream: old
                """.formatted(old.sseUrl(), modern.mcpUrl()), "sse-federation-it.yaml")
                .withListen(new ListenConfig("127.0.0.1", 0))
                .withAdmin(new AdminConfig("127.0.0.1", 0)));
    }

    @AfterAll
    static void stop() throws Exception {
        if (gateway != null) {
            gateway.close();
        }
        if (modern != null) {
            modern.close();
        }
        if (old != null) {
            old.close();
        }
    }

    @Test
    void aFederatedRouteListsAndCallsTheHttpSseUpstreamBesideAModernOne() throws Exception {
        JsonNode session = run("/mcp", """
                [["old_echo", {"message": "over 2024-11-05"}], ["modern_add", {"a": 2, "b": 3}]]""");

        assertThat(session.path("protocolVersion").asText()).isEqualTo("2026-07-28");
        assertThat(session.path("tools").toString()).contains("\"old_echo\"", "\"old_get-sum\"", "\"modern_add\"");
        assertThat(session.path("unavailable")).isEmpty();
        JsonNode calls = session.path("calls");
        assertThat(calls.get(0).at("/result/content/0/text").asText()).as(calls.toString())
                .isEqualTo("Echo: over 2024-11-05");
        assertThat(calls.get(1).at("/result/content/0/text").asText()).as(calls.toString()).isEqualTo("5");
    }

    @Test
    void aRuleSendsACallToTheHttpSseUpstream() throws Exception {
        JsonNode session = run("/tools", """
                [["get-sum", {"a": 20, "b": 22}]]""");

        JsonNode calls = session.path("calls");
        // get-sum exists only on server-everything: an answer of 42 means the rule sent the call over its session.
        assertThat(calls.get(0).at("/result/content/0/text").asText()).as(calls.toString()).contains("42");
    }

    private static JsonNode run(String path, String calls) throws Exception {
        String url = "http://127.0.0.1:" + gateway.listenAddress().getPort() + path;
        NodePeers.Result result = PEERS.run(Duration.ofSeconds(90), "federated-client.mjs", url, calls);
        assertThat(result.exitCode()).as("client output:\n%s\n%s\n%s", result.stdout(), result.stderr(),
                old.stderr()).isZero();
        return JSON.readTree(result.lastStdoutLine());
    }
}
