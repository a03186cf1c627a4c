package io.eragate.netty.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.config.EraSetting;
import io.eragate.netty.testing.NodePeers;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Replicas: two gateways (two {@code GatewayServer} instances in this JVM, each with its own listeners, event loops
 * and state, nothing shared but the configuration) with the same {@code security.secrets} in front of one real
 * server-everything, pinned {@code era: legacy}. A Streamable HTTP session opened through one (its id sealed by
 * that gateway) is used through the other, and through the first again after it was stopped and started anew; a
 * gateway with other secrets refuses it (404). A 2024-11-05 SSE session lives in the replica that holds its stream,
 * so its {@code sessionId} is unknown to the other (404): what the affinity rules in docs/replicas.md are for.
 */
class ReplicasIT {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final NodePeers PEERS = NodePeers.locate();
    private static final String LIST = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";
    private static final String ECHO = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":"
            + "{\"name\":\"echo\",\"arguments\":{\"message\":\"from the other replica\"}}}";

    private static NodePeers.Server everything;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    private final LegacyClientRequests requests = new LegacyClientRequests(http, TIMEOUT, "replicas-it");

    @BeforeAll
    static void startServerEverything() {
        everything = PEERS.startServer("everything-server.mjs", "0");
    }

    @AfterAll
    static void stopServerEverything() {
        if (everything != null) {
            everything.close();
        }
    }

    private static InteropGateway replica() {
        return InteropGateway.start(Map.of("everything", everything.mcpUrl()), EraSetting.LEGACY);
    }

    @Test
    void aSessionOpenedThroughOneReplicaIsServedByTheOtherAndAfterARestart() throws Exception {
        InteropGateway first = replica();
        String sessionId;
        try (InteropGateway second = replica()) {
            sessionId = initialize(first);

            HttpResponse<String> listed = post(second, sessionId, LIST);
            assertThat(listed.statusCode()).as(listed.body()).isEqualTo(200);
            assertThat(listed.body()).contains("\"echo\"");
        } finally {
            first.close();
        }
        try (InteropGateway restarted = replica()) {
            HttpResponse<String> echoed = post(restarted, sessionId, ECHO);
            assertThat(echoed.statusCode()).as(echoed.body()).isEqualTo(200);
            assertThat(echoed.body()).contains("Echo: from the other replica");
        }
    }

    @Test
    void aGatewayWithOtherSecretsDoesNotKnowTheSession() throws Exception {
        try (InteropGateway first = replica();
                InteropGateway foreign = InteropGateway.start(Map.of("everything", everything.mcpUrl()),
                        EraSetting.LEGACY, "another-key-ring-altogether")) {
            String sessionId = initialize(first);

            HttpResponse<String> refused = post(foreign, sessionId, LIST);
            assertThat(refused.statusCode()).as(refused.body()).isEqualTo(404);
            assertThat(refused.body()).contains("unknown-session");
        }
    }

    @Test
    void anSseSessionIsKnownOnlyToTheReplicaHoldingItsStream() throws Exception {
        try (InteropGateway first = replica(); InteropGateway second = replica()) {
            HttpResponse<InputStream> stream = http.send(HttpRequest.newBuilder(
                    URI.create(first.endpoint("everything") + "/sse")).timeout(TIMEOUT)
                    .header("Accept", "text/event-stream").GET().build(), HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream events = stream.body()) {
                String endpoint = endpointOf(events);
                HttpRequest toOther = HttpRequest.newBuilder(URI.create(second.base() + endpoint)).timeout(TIMEOUT)
                        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(LIST))
                        .build();
                HttpRequest toHolder = HttpRequest.newBuilder(URI.create(first.base() + endpoint)).timeout(TIMEOUT)
                        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(
                                requests.initializeBody())).build();

                assertThat(http.send(toOther, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(404);
                assertThat(http.send(toHolder, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(202);
            }
        }
    }

    /** Opens a session through {@code gateway} (initialize, then initialized); returns its sealed id. */
    private String initialize(InteropGateway gateway) throws IOException, InterruptedException {
        return requests.initialize(URI.create(gateway.endpoint("everything")));
    }

    private HttpResponse<String> post(InteropGateway gateway, String sessionId, String body)
            throws IOException, InterruptedException {
        return requests.post(URI.create(gateway.endpoint("everything")), sessionId, body);
    }

    /** The data of the stream's first event, which must be {@code endpoint}. */
    private static String endpointOf(InputStream events) throws IOException {
        StringBuilder event = new StringBuilder();
        int b;
        while ((b = events.read()) >= 0) {
            event.append((char) b);
            if (event.toString().endsWith("\n\n")) {
                break;
            }
        }
        String text = event.toString();
        assertThat(text).startsWith("event: endpoint\n");
        return text.substring(text.indexOf("data: ") + "data: ".length()).strip();
    }
}
