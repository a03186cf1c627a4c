package io.eragate.netty.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The demo server's transport rules around sessions: what a request without one, with an unknown one, or with a
 * modern version header gets; the answer a modern era probe sees; DELETE; GET; and the bound on live sessions.
 */
class DemoSessionRulesTest {
    private static final String TOOLS_LIST = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"params\":{}}";
    private static DemoUpstream upstream;
    private static LegacyClient client;

    @BeforeAll
    static void start() throws InterruptedException {
        upstream = DemoUpstream.start();
        client = new LegacyClient(upstream.uri());
    }

    @AfterAll
    static void stop() {
        upstream.close();
    }

    @Test
    void aModernDiscoverWithoutSessionGetsTheAnswerEraProbesClassifyAsLegacy() {
        HttpResponse<String> response = client.post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\","
                + "\"params\":{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}",
                Map.of("MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "server/discover"));

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(response.body()).isEqualTo(
                "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32000,\"message\":\"Bad Request: Server not initialized\"},"
                        + "\"id\":null}");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"params\":{}}",
        "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}",
        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
    })
    void anythingButInitializeWithoutASessionIs400(String body) {
        HttpResponse<String> response = client.post(body, Map.of("MCP-Protocol-Version", "2025-11-25"));

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(LegacyClient.json(response)).isEqualTo(LegacyClient.json("{\"jsonrpc\":\"2.0\",\"error\":"
                + "{\"code\":-32000,\"message\":\"Bad Request: No valid session ID provided\"},\"id\":null}"));
    }

    @Test
    void anUnknownSessionIs404SessionNotFound() {
        HttpResponse<String> response = client.post("no-such-session", TOOLS_LIST);

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(LegacyClient.json(response)).isEqualTo(LegacyClient.json(
                "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32001,\"message\":\"Session not found\"},\"id\":null}"));
    }

    @Test
    void aModernVersionHeaderInsideASessionIs400AndAMissingOneIsAccepted() {
        String session = client.openSession();

        HttpResponse<String> modern = client.post(TOOLS_LIST,
                Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", "2026-07-28"));
        assertThat(modern.statusCode()).isEqualTo(400);
        JsonNode error = LegacyClient.json(modern).path("error");
        assertThat(error.path("code").asInt()).isEqualTo(-32000);
        assertThat(error.path("message").asText()).startsWith("Bad Request: Unsupported protocol version: 2026-07-28");

        HttpResponse<String> noHeader = client.post(TOOLS_LIST, Map.of("Mcp-Session-Id", session));
        assertThat(noHeader.statusCode()).isEqualTo(200);
        assertThat(noHeader.headers().firstValue("Mcp-Session-Id")).hasValue(session);
    }

    @Test
    void deleteEndsTheSessionAndLaterRequestsGet404() {
        String session = client.openSession();
        int live = upstream.sessionCount();

        HttpResponse<String> deleted = client.send(delete(session));
        assertThat(deleted.statusCode()).isEqualTo(200);
        assertThat(upstream.sessionCount()).isEqualTo(live - 1);

        assertThat(client.post(session, TOOLS_LIST).statusCode()).isEqualTo(404);
        assertThat(client.send(delete(session)).statusCode()).isEqualTo(404);
    }

    @Test
    void deleteWithoutASessionIs400() {
        HttpRequest request = HttpRequest.newBuilder(upstream.uri()).timeout(LegacyClient.TIMEOUT).DELETE().build();

        assertThat(client.send(request).statusCode()).isEqualTo(400);
    }

    @Test
    void getIs405BecauseThereIsNoStandaloneStream() {
        String session = client.openSession();
        HttpRequest request = HttpRequest.newBuilder(upstream.uri()).timeout(LegacyClient.TIMEOUT)
                .header("Accept", "text/event-stream").header("Mcp-Session-Id", session).GET().build();

        HttpResponse<String> response = client.send(request);

        assertThat(response.statusCode()).isEqualTo(405);
        assertThat(response.headers().firstValue("Allow")).hasValue("POST, DELETE");
    }

    @Test
    void aResponseOrNotificationInsideASessionIsAccepted202() {
        String session = client.openSession();

        HttpResponse<String> response = client.post(session, "{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{}}");
        HttpResponse<String> notification = client.post(session,
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/roots/list_changed\"}");

        assertThat(response.statusCode()).isEqualTo(202);
        assertThat(notification.statusCode()).isEqualTo(202);
        assertThat(notification.body()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{not json",
        "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]",
        "{\"jsonrpc\":\"2.0\"}",
    })
    void malformedBodiesAre400WithAJsonRpcError(String body) {
        HttpResponse<String> response = client.post(body, Map.of());

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(LegacyClient.json(response).path("error").path("code").asInt()).isIn(-32700, -32600);
        assertThat(LegacyClient.json(response).path("id").isNull()).isTrue();
    }

    @Test
    void aForeignBrowserOriginIs403AndALocalOneIsServed() {
        HttpResponse<String> foreign = client.post(LegacyClient.initializeRequest("2025-11-25"),
                Map.of("Origin", "https://evil.example"));
        HttpResponse<String> local = client.post(LegacyClient.initializeRequest("2025-11-25"),
                Map.of("Origin", "http://localhost:5173"));

        assertThat(foreign.statusCode()).isEqualTo(403);
        assertThat(foreign.headers().firstValue("Mcp-Session-Id")).isEmpty();
        assertThat(local.statusCode()).isEqualTo(200);
    }

    @Test
    void theSessionMapIsBoundedAndForgetsTheLeastRecentlyUsedSession() throws InterruptedException {
        try (DemoUpstream small = DemoUpstream.start(2)) {
            LegacyClient smallClient = new LegacyClient(small.uri());
            String first = smallClient.openSession();
            String second = smallClient.openSession();
            assertThat(smallClient.post(first, TOOLS_LIST).statusCode()).as("use makes first the most recent")
                    .isEqualTo(200);

            String third = smallClient.openSession();

            assertThat(small.sessionCount()).isEqualTo(2);
            assertThat(smallClient.post(second, TOOLS_LIST).statusCode()).isEqualTo(404);
            assertThat(smallClient.post(first, TOOLS_LIST).statusCode()).isEqualTo(200);
            assertThat(smallClient.post(third, TOOLS_LIST).statusCode()).isEqualTo(200);
        }
    }

    private HttpRequest delete(String session) {
        return HttpRequest.newBuilder(upstream.uri()).timeout(LegacyClient.TIMEOUT)
                .header("Mcp-Session-Id", session).DELETE().build();
    }
}
