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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Real 2024-11-05 HTTP+SSE clients on the old transport Eragate serves beside each route ({@code GET <route>/sse},
 * then POSTs to the endpoint its first event names): the TypeScript SDK v1 {@code SSEClientTransport}, and
 * {@code mcp-remote --transport sse-only} (the stdio bridge Claude Desktop runs) driven by the SDK v1 client, both
 * through {@code interop/sse-client.mjs}. Each initializes, pings, lists tools and calls one.
 *
 * <p>The route is a parameter: each {@link RouteKind} is an upstream behind its own route, and every case runs on
 * every kind. Today the kind is a legacy Streamable HTTP server (server-everything pinned {@code era: legacy}, served
 * by the legacy pass-through); a route whose legacy clients are served by another front is one more constant.
 */
class SseClientIT {
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(90);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** How long the upstream may take to log what the gateway did after the client was answered. */
    private static final Duration UPSTREAM_LOG_TIMEOUT = Duration.ofSeconds(20);
    private static final String STREAM_OPENED = "Establishing new SSE stream for session";
    private static final String SESSION_DELETED = "Received session termination request for session";
    private static final NodePeers PEERS = NodePeers.locate();

    private static NodePeers.Server everything;
    private static InteropGateway gateway;

    /** The kinds of route a 2024-11-05 client is tried on, each behind its own upstream. */
    enum RouteKind {
        /** server-everything (TypeScript SDK v1), a 2025-11-25 Streamable HTTP server, pinned {@code era: legacy}. */
        LEGACY_STREAMABLE_HTTP("everything", "mcp-servers/everything", "echo", "{\"message\":\"hi\"}", "Echo: hi");

        final String upstream;
        final String serverName;
        final String tool;
        final String arguments;
        final String answer;

        RouteKind(String upstream, String serverName, String tool, String arguments, String answer) {
            this.upstream = upstream;
            this.serverName = serverName;
            this.tool = tool;
            this.arguments = arguments;
            this.answer = answer;
        }

        /** The old transport's URL beside this kind's route. */
        String sseUrl() {
            return gateway.endpoint(upstream) + "/sse";
        }
    }

    @BeforeAll
    static void startServerEverythingAndGateway() {
        everything = PEERS.startServer("everything-server.mjs", "0");
        gateway = InteropGateway.start(Map.of("everything", everything.mcpUrl()), EraSetting.LEGACY);
    }

    @AfterAll
    static void stopAll() {
        if (gateway != null) {
            gateway.close();
        }
        if (everything != null) {
            everything.close();
        }
    }

    static List<Arguments> clientsOnEveryRouteKind() {
        List<Arguments> cases = new ArrayList<>();
        for (RouteKind kind : RouteKind.values()) {
            cases.add(Arguments.of(kind, "sdk"));
            cases.add(Arguments.of(kind, "mcp-remote"));
        }
        return cases;
    }

    @ParameterizedTest(name = "{1} on a {0} route")
    @MethodSource("clientsOnEveryRouteKind")
    void anOldClientInitializesPingsListsAndCallsBesideTheRoute(RouteKind kind, String client) throws IOException {
        int streamsBefore = count(everything.output(), STREAM_OPENED);
        int deletesBefore = count(everything.output(), SESSION_DELETED);
        NodePeers.Result run = PEERS.run(CLIENT_TIMEOUT, "sse-client.mjs", client, kind.sseUrl(), kind.tool,
                kind.arguments);

        assertThat(run.exitCode()).as("client output:%n%s%n%s%n%s", run.stdout(), run.stderr(), everything.output())
                .isZero();
        JsonNode line = JSON.readTree(run.lastStdoutLine());
        assertThat(line.at("/serverInfo/name").asText()).isEqualTo(kind.serverName);
        List<String> tools = new ArrayList<>();
        line.path("tools").forEach(tool -> tools.add(tool.asText()));
        assertThat(tools).contains(kind.tool);
        assertThat(line.at("/result/content/0/text").asText()).isEqualTo(kind.answer);
        assertThat(line.path("pings").asInt()).isEqualTo(1);
        assertThat(logged(STREAM_OPENED, streamsBefore))
                .as("the session's Streamable HTTP GET stream reached the server%n%s", everything.output()).isTrue();
        assertThat(logged(SESSION_DELETED, deletesBefore))
                .as("closing the SSE stream DELETEd the Streamable HTTP session%n%s", everything.output()).isTrue();
    }

    /** Whether the upstream logs {@code fragment} more than {@code before} times within the generous timeout. */
    private static boolean logged(String fragment, int before) {
        long deadline = System.nanoTime() + UPSTREAM_LOG_TIMEOUT.toNanos();
        while (count(everything.output(), fragment) <= before) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    private static int count(String text, String fragment) {
        int count = 0;
        for (int at = text.indexOf(fragment); at >= 0; at = text.indexOf(fragment, at + 1)) {
            count++;
        }
        return count;
    }
}
