package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.config.EraSetting;
import io.eragate.netty.testing.Await;
import io.eragate.netty.testing.LegacyFixtureUpstream;
import io.eragate.netty.testing.ModernFixtureUpstream;
import io.eragate.netty.testing.ResponseMode;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A 2025-11-25 client through Eragate to a legacy upstream: its session, its GET stream and its DELETE pass through
 * unchanged, with the upstream's own answers; the route and origin checks still apply; and the same client in front
 * of a modern upstream meets the answer of a modern-only server.
 */
class LegacyPassThroughIT {
    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"legacy-client\","
            + "\"version\":\"1.0\"}}}";
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private static HttpRequest.Builder post(URI endpoint, String body, String sessionId) {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (sessionId != null) {
            request.header("Mcp-Session-Id", sessionId).header("MCP-Protocol-Version", "2025-11-25");
        }
        return request;
    }

    private static HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** The JSON-RPC message of a JSON answer, or of the last data line of an SSE answer. */
    private static JsonNode message(HttpResponse<String> answer) {
        String body = answer.body();
        if (answer.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream")) {
            String last = null;
            for (String line : body.split("\n")) {
                if (line.startsWith("data:") && line.length() > "data:".length() + 1) {
                    last = line.substring("data:".length()).trim();
                }
            }
            body = last;
        }
        return ModernRequest.parse(body);
    }

    private static BridgeGateway gateway(URI upstream) {
        return BridgeGateway.builder().upstream("legacy", upstream, EraSetting.LEGACY).start();
    }

    @Test
    void aLegacyClientsSessionPassesThroughToALegacyUpstream() throws Exception {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start();
             BridgeGateway gateway = gateway(upstream.uri())) {
            URI endpoint = gateway.endpoint("legacy");

            HttpResponse<String> initialized = send(post(endpoint, INITIALIZE, null).build());
            String session = initialized.headers().firstValue("Mcp-Session-Id").orElseThrow();
            HttpResponse<String> notified = send(post(endpoint,
                    "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", session).build());
            HttpResponse<String> echoed = send(post(endpoint, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":"
                    + "\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":{\"message\":\"hi\"}}}", session)
                    .build());
            HttpResponse<String> deleted = send(HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(10))
                    .header("Mcp-Session-Id", session).header("MCP-Protocol-Version", "2025-11-25").DELETE().build());
            HttpResponse<String> afterDelete = send(post(endpoint,
                    "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}", session).build());

            assertThat(initialized.statusCode()).as(initialized.body()).isEqualTo(200);
            assertThat(message(initialized).path("result").path("serverInfo").path("name").asText())
                    .isEqualTo(LegacyFixtureUpstream.SERVER_NAME);
            assertThat(notified.statusCode()).isEqualTo(202);
            assertThat(message(echoed).path("result").path("content").path(0).path("text").asText())
                    .isEqualTo("Echo: hi");
            assertThat(message(echoed).path("id").asInt()).as("ids are the client's own").isEqualTo(2);
            assertThat(deleted.statusCode()).isEqualTo(200);
            assertThat(upstream.deleteCount()).isEqualTo(1);
            assertThat(afterDelete.statusCode()).as("the upstream's own answer for an ended session").isEqualTo(404);
            assertThat(upstream.initializeCount()).as("the gateway opened no session of its own").isEqualTo(1);
        }
    }

    @Test
    void theStandaloneStreamIsRelayedAsItGoes() throws Exception {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.builder().responseMode(ResponseMode.JSON)
                .standaloneStreams(true).start();
             BridgeGateway gateway = gateway(upstream.uri())) {
            URI endpoint = gateway.endpoint("legacy");
            String session = send(post(endpoint, INITIALIZE, null).build()).headers()
                    .firstValue("Mcp-Session-Id").orElseThrow();

            HttpResponse<InputStream> stream = HTTP.send(HttpRequest.newBuilder(endpoint)
                    .header("Accept", "text/event-stream").header("Mcp-Session-Id", session)
                    .header("MCP-Protocol-Version", "2025-11-25").GET().build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            Await.until("the upstream holds the stream", () -> upstream.openStandaloneStreams() == 1);
            upstream.notifyStandaloneStreams("notifications/tools/list_changed", null);

            try (InputStream events = stream.body()) {
                StringBuilder seen = new StringBuilder();
                while (!seen.toString().contains("tools/list_changed")) {
                    int next = events.read();
                    assertThat(next).as("the stream ended early: %s", seen).isNotEqualTo(-1);
                    seen.append((char) next);
                }
                assertThat(stream.statusCode()).isEqualTo(200);
                assertThat(stream.headers().firstValue("Content-Type").orElse("")).startsWith("text/event-stream");
            }
        }
    }

    @Test
    void theGatewaysOriginCheckStillAppliesAndAGetWithoutStreamsIsTheUpstreams405() throws Exception {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start();
             BridgeGateway gateway = gateway(upstream.uri())) {
            URI endpoint = gateway.endpoint("legacy");

            HttpResponse<String> foreign = send(post(endpoint, INITIALIZE, null)
                    .header("Origin", "https://evil.example").build());
            HttpResponse<String> get = send(HttpRequest.newBuilder(endpoint).header("Accept", "text/event-stream")
                    .header("Mcp-Session-Id", "none").GET().build());

            assertThat(foreign.statusCode()).isEqualTo(403);
            assertThat(upstream.initializeCount()).as("a refused origin never reaches the upstream").isZero();
            assertThat(get.statusCode()).as(get.body()).isIn(404, 405);
        }
    }

    @Test
    void aLegacyClientOfAModernUpstreamIsServedByTheLegacyClientFrontNotPassedThrough() throws Exception {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start();
             BridgeGateway gateway = BridgeGateway.builder().upstream("modern", upstream.uri(), EraSetting.MODERN)
                     .start()) {

            HttpResponse<String> initialized = send(post(gateway.endpoint("modern"), INITIALIZE, null).build());

            assertThat(initialized.statusCode()).as(initialized.body()).isEqualTo(200);
            assertThat(message(initialized).path("result").path("protocolVersion").asText()).startsWith("2025-");
            assertThat(initialized.headers().firstValue("Mcp-Session-Id")).as("the front's own session").isPresent();
        }
    }

    @Test
    void aModernRequestOnALegacyRouteIsStillBridged() throws Exception {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start();
             BridgeGateway gateway = gateway(upstream.uri())) {

            ModernAnswer answer = gateway.client("legacy").send(ModernRequest.toolCall(1, "echo",
                    "{\"message\":\"modern\"}"));

            assertThat(answer.result().path("content").path(0).path("text").asText()).as(answer.toString())
                    .isEqualTo("Echo: modern");
            assertThat(answer.result().path("resultType").asText()).isEqualTo("complete");
        }
    }
}
