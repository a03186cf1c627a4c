package io.eragate.netty.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.netty.testing.Await;
import io.eragate.netty.testing.NodePeers;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Real clients of the older transports through Eragate. 2024-11-05 HTTP+SSE clients on the old transport Eragate
 * serves beside each route ({@code GET <route>/sse}, then POSTs to the endpoint its first event names): the
 * TypeScript SDK v1 {@code SSEClientTransport}, and {@code mcp-remote --transport sse-only} (the stdio bridge Claude
 * Desktop runs) driven by the SDK v1 client, both through {@code interop/sse-client.mjs}; each initializes, pings,
 * lists tools and calls one. And the official Java SDK's {@code McpSyncClient} (2025-11-25 Streamable HTTP) on the
 * route itself: initialize, list, call.
 *
 * <p>The route is a parameter: each {@link RouteKind} is an upstream behind its own route, and every case runs on
 * every kind: a legacy Streamable HTTP server (server-everything pinned {@code era: legacy}, served by the legacy
 * pass-through), and an SDK v2 server that serves only 2026-07-28 (served by the gateway's legacy client front, which
 * the 2024-11-05 front composes with). What only server-everything's log shows (the session's GET stream opened, the
 * session DELETEd upstream) is asserted on the legacy kind; on every kind the answers themselves are.
 */
class OldClientsIT {
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(90);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** How long the upstream may take to log what the gateway did after the client was answered. */
    private static final Duration UPSTREAM_LOG_TIMEOUT = Duration.ofSeconds(20);
    private static final String STREAM_OPENED = "Establishing new SSE stream for session";
    private static final String SESSION_DELETED = "Received session termination request for session";
    private static final NodePeers PEERS = NodePeers.locate();

    private static EverythingBehindEragate both;
    private static NodePeers.Server everything;
    private static InteropGateway gateway;

    /** The kinds of route a 2024-11-05 client is tried on, each behind its own upstream. */
    enum RouteKind {
        /** server-everything (TypeScript SDK v1), a 2025-11-25 Streamable HTTP server, pinned {@code era: legacy}. */
        LEGACY_STREAMABLE_HTTP(EverythingBehindEragate.NAME, "mcp-servers/everything", "echo",
                "{\"message\":\"hi\"}", "Echo: hi", true),
        /**
         * An SDK v2 server serving only 2026-07-28 ({@code reject} mode), {@code era: auto}: its legacy clients are
         * served by the gateway's own session and their requests translated to modern ones.
         */
        MODERN_ONLY(EverythingBehindEragate.MODERN_NAME, "eragate-interop-modern", "echo", "{\"message\":\"hi\"}",
                "Echo: hi", false);

        final String upstream;
        final String serverName;
        final String tool;
        final String arguments;
        final String answer;
        /** Whether the upstream is server-everything, whose log shows its Streamable HTTP session's life. */
        final boolean upstreamLogsSessions;

        RouteKind(String upstream, String serverName, String tool, String arguments, String answer,
                boolean upstreamLogsSessions) {
            this.upstream = upstream;
            this.serverName = serverName;
            this.tool = tool;
            this.arguments = arguments;
            this.answer = answer;
            this.upstreamLogsSessions = upstreamLogsSessions;
        }

        /** The tool's arguments, for the Java SDK. */
        Map<String, Object> argumentsAsMap() {
            try {
                return JSON.readValue(arguments, new TypeReference<Map<String, Object>>() { });
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** The old transport's URL beside this kind's route. */
        String sseUrl() {
            return gateway.endpoint(upstream) + "/sse";
        }
    }

    @BeforeAll
    static void startUpstreamsAndGateway() {
        both = EverythingBehindEragate.startBesideModernOnly(PEERS);
        everything = both.server();
        gateway = both.gateway();
    }

    @AfterAll
    static void stopAll() {
        if (both != null) {
            both.close();
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

        assertThat(run.exitCode()).as("client output:%n%s%n%s%n%s", run.stdout(), run.stderr(),
                upstreamOutput(kind)).isZero();
        JsonNode line = JSON.readTree(run.lastStdoutLine());
        assertThat(line.at("/serverInfo/name").asText()).isEqualTo(kind.serverName);
        List<String> tools = new ArrayList<>();
        line.path("tools").forEach(tool -> tools.add(tool.asText()));
        assertThat(tools).contains(kind.tool);
        assertThat(line.at("/result/content/0/text").asText()).isEqualTo(kind.answer);
        assertThat(line.path("result").has("resultType")).as("2026-only fields are removed").isFalse();
        assertThat(line.path("pings").asInt()).isEqualTo(1);
        if (!kind.upstreamLogsSessions) {
            return;
        }
        assertThat(logged(STREAM_OPENED, streamsBefore))
                .as("the session's Streamable HTTP GET stream reached the server%n%s", everything.output()).isTrue();
        assertThat(logged(SESSION_DELETED, deletesBefore))
                .as("closing the SSE stream DELETEd the Streamable HTTP session%n%s", everything.output()).isTrue();
    }

    private static String upstreamOutput(RouteKind kind) {
        return kind.upstreamLogsSessions ? everything.output() : both.modernOnly().output();
    }

    /** Whether the upstream logs {@code fragment} more than {@code before} times within the generous timeout. */
    private static boolean logged(String fragment, int before) {
        return Await.within(UPSTREAM_LOG_TIMEOUT, () -> count(everything.output(), fragment) > before);
    }

    @ParameterizedTest(name = "on a {0} route")
    @EnumSource(RouteKind.class)
    void theJavaSdkClientInitializesListsAndCalls(RouteKind kind) {
        McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport.builder(gateway.base())
                        .endpoint("/" + kind.upstream).build())
                .requestTimeout(CLIENT_TIMEOUT)
                .clientInfo(new McpSchema.Implementation("eragate-java-sdk-client", "1.0.0"))
                .build();
        try {
            McpSchema.InitializeResult initialized = client.initialize();
            assertThat(initialized.protocolVersion()).isEqualTo("2025-11-25");
            assertThat(initialized.serverInfo().name()).isEqualTo(kind.serverName);
            assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name).contains(kind.tool);
            McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest(kind.tool,
                    kind.argumentsAsMap()));
            assertThat(result.content().get(0)).isInstanceOfSatisfying(McpSchema.TextContent.class,
                    text -> assertThat(text.text()).isEqualTo(kind.answer));
        } finally {
            assertThat(client.closeGracefully()).isTrue();
        }
    }

    private static int count(String text, String fragment) {
        int count = 0;
        for (int at = text.indexOf(fragment); at >= 0; at = text.indexOf(fragment, at + 1)) {
            count++;
        }
        return count;
    }
}
