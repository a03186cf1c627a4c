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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The official TypeScript SDK v1 client ({@code interop/legacy-client.mjs}, 2025-11-25 Streamable HTTP) uses the real
 * server-everything through Eragate, whose upstream is pinned {@code era: legacy}: {@code initialize}, the
 * {@code Mcp-Session-Id} the server minted on every request, the GET stream the SDK opens after initialization,
 * {@code tools/list}, {@code tools/call} with progress and with an elicitation answered mid-call, and the
 * {@code DELETE} that ends the session. Each case also runs with the client straight on the server, which proves the
 * script and states what the pass-through must look like to the client.
 */
class LegacyClientIT {
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(60);
    /** How long the upstream may take to log a request the client has already had answered. */
    private static final Duration UPSTREAM_LOG_TIMEOUT = Duration.ofSeconds(10);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final NodePeers PEERS = NodePeers.locate();

    private static EverythingBehindEragate both;
    private static NodePeers.Server everything;
    private static InteropGateway gateway;

    /** Where the client connects. */
    enum Endpoint {
        DIRECT, THROUGH_ERAGATE;

        String url() {
            return this == DIRECT ? everything.mcpUrl() : gateway.endpoint("everything");
        }
    }

    @BeforeAll
    static void startServerEverythingAndGateway() {
        both = EverythingBehindEragate.start(PEERS);
        everything = both.server();
        gateway = both.gateway();
    }

    @AfterAll
    static void stopAll() {
        if (both != null) {
            both.close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Endpoint.class)
    void initializesListsCallsEchoAndDeletesTheServersOwnSession(Endpoint endpoint) throws IOException {
        JsonNode line = legacyClient(endpoint, Map.of(), "echo", "{\"message\":\"hi\"}");

        assertThat(line.path("protocolVersion").asText()).isEqualTo("2025-11-25");
        assertThat(line.at("/serverInfo/name").asText()).isEqualTo("mcp-servers/everything");
        assertThat(names(line.path("tools"))).contains("echo", "trigger-long-running-operation");
        assertThat(line.at("/result/content/0/text").asText()).isEqualTo("Echo: hi");
        String sessionId = upstreamSessionId(line, endpoint);
        assertThat(everything.awaitStderr("Establishing new SSE stream for session " + sessionId,
                UPSTREAM_LOG_TIMEOUT)).as("the client's GET stream reached the server on its session").isTrue();
        assertThat(exchanges(line)).as("every HTTP exchange the client made").contains("GET 200", "DELETE 200");
        assertThat(line.path("terminated").asBoolean()).as(line.toString()).isTrue();
        assertThat(everything.awaitStderr("Received session termination request for session " + sessionId,
                UPSTREAM_LOG_TIMEOUT)).as("the client's DELETE reached the server").isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Endpoint.class)
    void everyProgressNotificationOfALongRunningCallReachesTheClient(Endpoint endpoint) throws IOException {
        JsonNode line = legacyClient(endpoint, Map.of(), "trigger-long-running-operation",
                "{\"duration\":0.3,\"steps\":3}");

        assertThat(line.at("/result/content/0/text").asText())
                .isEqualTo("Long running operation completed. Duration: 0.3 seconds, Steps: 3.");
        assertThat(line.path("progressCount").asInt()).as(line.toString()).isEqualTo(3);
        upstreamSessionId(line, endpoint);
        assertThat(line.path("terminated").asBoolean()).as(line.toString()).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Endpoint.class)
    void theClientAnswersTheServersElicitationMidCall(Endpoint endpoint) throws IOException {
        JsonNode line = legacyClient(endpoint, Map.of("ELICIT", "1"), "trigger-elicitation-request", "{}");

        assertThat(line.path("elicitations").asInt()).as(line.toString()).isEqualTo(1);
        assertThat(line.at("/result/content/1/text").asText()).contains("- Name: Ada", "- Agreed to terms: true");
        upstreamSessionId(line, endpoint);
        assertThat(line.path("terminated").asBoolean()).as(line.toString()).isTrue();
    }

    /** Runs legacy-client.mjs on {@code endpoint}, requires exit 0 and returns its JSON line. */
    private static JsonNode legacyClient(Endpoint endpoint, Map<String, String> environment, String tool,
            String arguments) throws IOException {
        NodePeers.Result run = PEERS.run(CLIENT_TIMEOUT, environment, "legacy-client.mjs", endpoint.url(), tool,
                arguments);
        assertThat(run.exitCode()).as("client output:%n%s%n%s%n%s", run.stdout(), run.stderr(), everything.output())
                .isZero();
        return JSON.readTree(run.lastStdoutLine());
    }

    /**
     * The upstream's session id behind the one the client held, after checking that server-everything minted it:
     * through Eragate the client holds that id sealed with its principal (never the upstream's own), directly the
     * upstream's own.
     */
    private static String upstreamSessionId(JsonNode line, Endpoint endpoint) {
        JsonNode sessionId = line.path("sessionId");
        assertThat(sessionId.isTextual()).as("the client saw an Mcp-Session-Id: %s", line).isTrue();
        String upstreamId = sessionId.asText();
        if (endpoint == Endpoint.THROUGH_ERAGATE) {
            upstreamId = InteropGateway.upstreamSessionId(sessionId.asText(), "everything")
                    .orElseThrow(() -> new AssertionError("not a session id Eragate sealed: " + sessionId));
            assertThat(upstreamId).isNotEqualTo(sessionId.asText());
        }
        assertThat(everything.awaitStderr("Session initialized with ID: " + upstreamId, UPSTREAM_LOG_TIMEOUT))
                .as("server-everything minted the client's session id %s%n%s", upstreamId, everything.output())
                .isTrue();
        return upstreamId;
    }

    /** The client's HTTP exchanges as {@code "METHOD status"}. */
    private static List<String> exchanges(JsonNode line) {
        List<String> exchanges = new ArrayList<>();
        line.path("http").forEach(e -> exchanges.add(e.path("method").asText() + " " + e.path("status").asText()));
        return exchanges;
    }

    private static List<String> names(JsonNode array) {
        List<String> names = new ArrayList<>();
        array.forEach(node -> names.add(node.asText()));
        return names;
    }
}
