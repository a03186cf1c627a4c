package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.config.EraSetting;
import io.eragate.netty.testing.Await;
import io.eragate.netty.testing.LegacyFixtureUpstream;
import io.eragate.netty.testing.RecordedRequest;
import io.eragate.netty.testing.ResponseMode;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code subscriptions/listen} from a 2026-07-28 client, served by a legacy upstream's GET stream and
 * {@code resources/subscribe}: acknowledgement first, only what was asked, tagged, shared upstream state, and the
 * stream's end on both sides.
 */
class ListenIT {
    private static final String SUBSCRIPTION_ID_KEY = "io.modelcontextprotocol/subscriptionId";
    private static final String TOOLS_CHANGED = "notifications/tools/list_changed";
    private static final String UPDATED = "notifications/resources/updated";

    private static LegacyFixtureUpstream fixture(boolean standaloneStreams) {
        return LegacyFixtureUpstream.builder().standaloneStreams(standaloneStreams).start();
    }

    private static BridgeGateway.Builder gatewayFor(LegacyFixtureUpstream legacy) {
        return BridgeGateway.builder().upstream("legacy", legacy.uri(), EraSetting.LEGACY);
    }

    private static ListenStream listen(BridgeGateway gateway, Object id, Map<String, Object> filter) {
        return ListenStream.open(gateway.endpoint("legacy"),
                ModernRequest.of(id, "subscriptions/listen").withParam("notifications", filter));
    }

    private static JsonNode acknowledged(ListenStream stream) {
        JsonNode ack = stream.next();
        assertThat(stream.status()).isEqualTo(200);
        assertThat(ack.path("method").asText()).isEqualTo("notifications/subscriptions/acknowledged");
        return ack;
    }

    /**
     * Waits until the fixture has registered the GET stream: it answers the head (on which Eragate acknowledges)
     * just before it registers the stream, and a message sent in between would reach no stream.
     */
    private static void awaitGetStream(LegacyFixtureUpstream legacy) {
        Await.until("the fixture registered the GET stream", () -> legacy.openStandaloneStreams() == 1);
    }

    private static long count(LegacyFixtureUpstream legacy, String rpcMethod) {
        return legacy.requests().stream().filter(r -> rpcMethod.equals(r.rpcMethod())).count();
    }

    private static long getRequests(LegacyFixtureUpstream legacy) {
        return legacy.requests().stream().filter(r -> "GET".equals(r.httpMethod())).count();
    }

    private static String sessionId(LegacyFixtureUpstream legacy) {
        RecordedRequest get = legacy.requests().stream().filter(r -> "GET".equals(r.httpMethod())).findFirst()
                .orElseThrow();
        return get.headers().first("Mcp-Session-Id").orElseThrow();
    }

    @Test
    void theAcknowledgementComesFirstWithWhatTheUpstreamHonoursAndTheSubscriptionId() {
        try (LegacyFixtureUpstream legacy = fixture(true);
             BridgeGateway gateway = gatewayFor(legacy).start();
             ListenStream stream = listen(gateway, 7, Map.of("toolsListChanged", true, "promptsListChanged", true,
                     "resourcesListChanged", true, "resourceSubscriptions", List.of("test://a")))) {
            JsonNode ack = acknowledged(stream);

            // The fixture advertises tools.listChanged and resources.subscribe, not prompts or resources listChanged.
            assertThat(ack.path("params").path("notifications")).isEqualTo(ModernRequest.parse(
                    "{\"toolsListChanged\":true,\"resourceSubscriptions\":[\"test://a\"]}"));
            assertThat(ack.path("params").path("_meta").path(SUBSCRIPTION_ID_KEY).asInt()).isEqualTo(7);
            assertThat(ack.path("params").path("_meta").has("io.eragate/delivery")).isFalse();
            RecordedRequest get = legacy.requests().stream().filter(r -> "GET".equals(r.httpMethod())).findFirst()
                    .orElseThrow();
            assertThat(get.headers().first("Accept")).hasValue("text/event-stream");
            assertThat(get.headers().first("MCP-Protocol-Version")).hasValue("2025-11-25");
            assertThat(legacy.subscriptions(sessionId(legacy))).containsExactly("test://a");
        }
    }

    @Test
    void listChangedReachesOnlyTheListenersThatAskedForIt() {
        try (LegacyFixtureUpstream legacy = fixture(true);
             BridgeGateway gateway = gatewayFor(legacy).start();
             ListenStream tools = listen(gateway, "tools", Map.of("toolsListChanged", true));
             ListenStream resources = listen(gateway, "res", Map.of("resourceSubscriptions", List.of("test://b")))) {
            acknowledged(tools);
            acknowledged(resources);
            awaitGetStream(legacy);

            legacy.notifyStandaloneStreams(TOOLS_CHANGED, null);
            legacy.notifyResourceUpdated("test://b");

            JsonNode change = tools.next();
            assertThat(change.path("method").asText()).isEqualTo(TOOLS_CHANGED);
            assertThat(change.path("params").path("_meta").path(SUBSCRIPTION_ID_KEY).asText()).isEqualTo("tools");
            // The update was sent after the list change, on the same upstream stream: the resources listener's next
            // message being the update proves it never got the list change.
            JsonNode update = resources.next();
            assertThat(update.path("method").asText()).isEqualTo(UPDATED);
            assertThat(update.path("params").path("_meta").path(SUBSCRIPTION_ID_KEY).asText()).isEqualTo("res");
            legacy.notifyStandaloneStreams(TOOLS_CHANGED, null);
            assertThat(tools.next().path("method").asText()).as("no update for the tools listener")
                    .isEqualTo(TOOLS_CHANGED);
        }
    }

    @Test
    void aListChangedOnARequestStreamOfTheSessionReachesItsListeners() {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.builder().standaloneStreams(true)
                .responseMode(ResponseMode.SSE).start();
             BridgeGateway gateway = gatewayFor(legacy).start();
             ListenStream stream = listen(gateway, "on-post", Map.of("toolsListChanged", true))) {
            acknowledged(stream);

            ModernAnswer call = gateway.client("legacy").send(ModernRequest.toolCall(1, "announce-change", "{}"));

            assertThat(call.status()).isEqualTo(200);
            JsonNode change = stream.next();
            assertThat(change.path("method").asText()).isEqualTo(TOOLS_CHANGED);
            assertThat(change.path("params").path("_meta").path(SUBSCRIPTION_ID_KEY).asText()).isEqualTo("on-post");
        }
    }

    @Test
    void requestsTheUpstreamSendsOnTheGetStreamAreAnsweredByTheGateway() {
        try (LegacyFixtureUpstream legacy = fixture(true);
             BridgeGateway gateway = gatewayFor(legacy).start();
             ListenStream stream = listen(gateway, 1, Map.of("toolsListChanged", true))) {
            acknowledged(stream);
            Map<String, String> expected = Map.of(
                    "roots/list", "{\"roots\":[]}",
                    "ping", "{}",
                    "elicitation/create", "{\"action\":\"decline\"}",
                    "sampling/createMessage", "-32601");
            awaitGetStream(legacy);

            expected.keySet().forEach(method -> legacy.sendOnStandaloneStreams(ModernRequest.parse(
                    "{\"jsonrpc\":\"2.0\",\"id\":\"srv-" + method + "\",\"method\":\"" + method + "\"}")));

            expected.forEach((method, answer) -> {
                RecordedRequest reply = legacy.awaitRequest(r -> r.rpcMethod() == null
                        && ("srv-" + method).equals(r.rpcId().asText()), ListenStream.timeout());
                JsonNode json = reply.json();
                if (answer.startsWith("-")) {
                    assertThat(json.path("error").path("code").asInt()).as(method).isEqualTo(Integer.parseInt(answer));
                } else {
                    assertThat(json.path("result")).as(method).isEqualTo(ModernRequest.parse(answer));
                }
            });
        }
    }

    @Test
    void resourceUpdatesArriveOnlyForSubscribedUrisAndWhatLiesBelowThem() {
        try (LegacyFixtureUpstream legacy = fixture(true);
             BridgeGateway gateway = gatewayFor(legacy).start();
             ListenStream stream = listen(gateway, 1, Map.of("resourceSubscriptions", List.of("test://dir")))) {
            acknowledged(stream);
            awaitGetStream(legacy);

            for (String uri : List.of("test://other", "test://directory", "test://dir/a.txt", "test://dir")) {
                legacy.notifyStandaloneStreams(UPDATED, ModernRequest.JSON.createObjectNode().put("uri", uri));
            }

            assertThat(stream.next().path("params").path("uri").asText()).isEqualTo("test://dir/a.txt");
            assertThat(stream.next().path("params").path("uri").asText()).isEqualTo("test://dir");
        }
    }

    @Test
    void listenersShareOneGetStreamAndOneSubscriptionPerUriUntilTheLastLeaves() {
        try (LegacyFixtureUpstream legacy = fixture(true);
             BridgeGateway gateway = gatewayFor(legacy).start()) {
            ListenStream first = listen(gateway, 1, Map.of("resourceSubscriptions", List.of("test://shared")));
            ListenStream second = listen(gateway, 2, Map.of("resourceSubscriptions", List.of("test://shared"),
                    "toolsListChanged", true));
            acknowledged(first);
            acknowledged(second);
            assertThat(count(legacy, "resources/subscribe")).isEqualTo(1);
            assertThat(getRequests(legacy)).isEqualTo(1);
            awaitGetStream(legacy);
            String session = sessionId(legacy);

            first.close();
            Await.until("the first listener is gone", () -> gateway.server().listens().openListeners() == 1);
            assertThat(legacy.subscriptions(session)).containsExactly("test://shared");
            assertThat(legacy.notifyResourceUpdated("test://shared")).isEqualTo(1);
            assertThat(second.next().path("params").path("uri").asText()).isEqualTo("test://shared");
            assertThat(count(legacy, "resources/unsubscribe")).isZero();

            second.close();
            Await.until("the last listener unsubscribed and closed the GET stream",
                    () -> legacy.subscriptions(session).isEmpty() && legacy.openStandaloneStreams() == 0,
                    () -> "subscriptions " + legacy.subscriptions(session) + ", streams "
                            + legacy.openStandaloneStreams());
            assertThat(count(legacy, "resources/unsubscribe")).isEqualTo(1);
            assertThat(gateway.server().listens().activeSessions()).isZero();
        }
    }

    @Test
    void anUpstreamEndingItsGetStreamEndsTheListenStreams() {
        try (LegacyFixtureUpstream legacy = fixture(true);
             BridgeGateway gateway = gatewayFor(legacy).start();
             ListenStream stream = listen(gateway, 1, Map.of("toolsListChanged", true))) {
            acknowledged(stream);
            awaitGetStream(legacy);

            legacy.expireAllSessions();

            // The stream ends with an error for its id (a properly ended body, not a cut connection).
            java.util.List<JsonNode> seen = new java.util.ArrayList<>();
            Await.until("the listen stream ended with an error for its id", () -> {
                seen.addAll(stream.drain());
                return stream.ended() || seen.stream().anyMatch(m -> m.has("error") && m.path("id").asInt() == 1);
            });
            Await.until("the listener is gone", () -> gateway.server().listens().openListeners() == 0
                    && gateway.server().listens().activeSessions() == 0);
        }
    }

    @Test
    void aGetStreamThatCannotBeOpenedRefusesTheListenInsteadOfAcknowledgingADeafStream() {
        // The session opens, but the connection of its GET stream dies before any head: unlike an upstream that
        // answers the GET without a stream (best effort), nothing says whether the upstream is still there, so the
        // listen is refused and the client (or a federated route's reopen) listens again later.
        LegacyScript legacy = new LegacyScript(exchange -> LegacyScript.textResult(exchange, "unused"));
        try (ScriptedUpstream upstream = ScriptedUpstream.start(exchange -> {
            if ("GET".equals(exchange.request().httpMethod())) {
                exchange.reset();
            } else {
                legacy.answer(exchange);
            }
        });
             BridgeGateway gateway = BridgeGateway.builder().upstream("legacy", upstream.uri(), EraSetting.LEGACY)
                     .start()) {
            try (ListenStream stream = listen(gateway, 8, Map.of("toolsListChanged", true))) {
                // Without the refusal this is a 200 whose first event is a best-effort acknowledgement.
                Await.until("the listen is answered", () -> stream.status() != 0);
                assertThat(stream.status()).isEqualTo(502);
            }
            ModernAnswer refused = gateway.client("legacy").send(ModernRequest.of(9, "subscriptions/listen")
                    .withParam("notifications", Map.of("toolsListChanged", true)));

            assertThat(refused.status()).as(refused.toString()).isEqualTo(502);
            assertThat(refused.response().path("id").asInt()).isEqualTo(9);
            assertThat(refused.error().path("message").asText()).contains("legacy");
            Await.until("the listener is gone", () -> gateway.server().listens().openListeners() == 0);
        }
    }

    @Test
    void anIdleSessionLeavingThePoolIsNotDeletedUnderItsListeners() {
        try (LegacyFixtureUpstream legacy = fixture(true);
             BridgeGateway gateway = gatewayFor(legacy).sessionIdleExpiry(Duration.ofMillis(300)).start()) {
            ListenStream stream = listen(gateway, 1, Map.of("toolsListChanged", true));
            acknowledged(stream);
            String listened = sessionId(legacy);

            Await.until("the idle session left the pool", () -> gateway.server().bridge().pooledSessions() == 0);
            // A DELETE would have been sent as the session left; a new session's handshake and call take longer.
            ModernAnswer echo = gateway.client("legacy").send(ModernRequest.toolCall(5, "echo",
                    "{\"message\":\"new session\"}"));
            assertThat(echo.status()).isEqualTo(200);
            assertThat(legacy.initializeCount()).isEqualTo(2);
            assertThat(deletesOf(legacy, listened)).isZero();
            awaitGetStream(legacy);
            legacy.notifyStandaloneStreams(TOOLS_CHANGED, null);

            assertThat(stream.next().path("method").asText()).isEqualTo(TOOLS_CHANGED);
            stream.close();
            Await.until("the session is deleted once its last listener left", () -> deletesOf(legacy, listened) == 1);
        }
    }

    private static long deletesOf(LegacyFixtureUpstream legacy, String sessionId) {
        return legacy.requests().stream().filter(r -> "DELETE".equals(r.httpMethod())
                && r.headers().first("Mcp-Session-Id").filter(sessionId::equals).isPresent()).count();
    }

    @Test
    void anUpstreamWithoutGetStreamsGivesABestEffortAcknowledgementAndTheStreamStaysOpen() {
        try (LegacyFixtureUpstream legacy = fixture(false);
             BridgeGateway gateway = gatewayFor(legacy).keepAliveInterval(Duration.ofMillis(20)).start();
             ListenStream stream = listen(gateway, 3, Map.of("toolsListChanged", true))) {
            JsonNode ack = acknowledged(stream);

            assertThat(ack.path("params").path("_meta").path("io.eragate/delivery").asText())
                    .isEqualTo("best-effort");
            assertThat(ack.path("params").path("notifications").path("toolsListChanged").asBoolean()).isTrue();
            Await.until("keep-alives on the open stream", () -> stream.comments() >= 2);
            assertThat(stream.ended()).isFalse();
        }
    }

    @Test
    void idleStreamsGetKeepAliveComments() {
        try (LegacyFixtureUpstream legacy = fixture(true);
             BridgeGateway gateway = gatewayFor(legacy).keepAliveInterval(Duration.ofMillis(20)).start();
             ListenStream stream = listen(gateway, 4, Map.of("toolsListChanged", true))) {
            acknowledged(stream);

            Await.until("three keep-alive comments", () -> stream.comments() >= 3);
        }
    }

    @Test
    void theGatewayShuttingDownEndsEachStreamWithTheGracefulResult() {
        try (LegacyFixtureUpstream legacy = fixture(true)) {
            BridgeGateway gateway = gatewayFor(legacy).start();
            try (ListenStream stream = listen(gateway, 9, Map.of("toolsListChanged", true))) {
                acknowledged(stream);

                gateway.close();

                JsonNode result = stream.next();
                assertThat(result.path("id").asInt()).isEqualTo(9);
                assertThat(result.path("result")).isEqualTo(ModernRequest.parse(
                        "{\"resultType\":\"complete\",\"_meta\":{\"" + SUBSCRIPTION_ID_KEY + "\":9}}"));
            }
        }
    }

    @Test
    void aMalformedFilterIsInvalidParams() {
        try (LegacyFixtureUpstream legacy = fixture(true);
             BridgeGateway gateway = gatewayFor(legacy).start()) {
            ModernAnswer answer = gateway.client("legacy").send(ModernRequest.of(5, "subscriptions/listen")
                    .withParam("notifications", Map.of("toolsListChanged", "yes")));

            assertThat(answer.status()).isEqualTo(400);
            assertThat(answer.error().path("code").asInt()).isEqualTo(-32602);
            assertThat(getRequests(legacy)).isZero();
        }
    }

    @Test
    void listenersBeyondTheSessionBoundAreRefused() {
        try (LegacyFixtureUpstream legacy = fixture(true);
             BridgeGateway gateway = gatewayFor(legacy).maxListeners(1, 10).start();
             ListenStream first = listen(gateway, 1, Map.of("toolsListChanged", true))) {
            acknowledged(first);

            ModernAnswer refused = gateway.client("legacy").send(ModernRequest.of(2, "subscriptions/listen")
                    .withParam("notifications", Map.of("toolsListChanged", true)));

            assertThat(refused.status()).isEqualTo(503);
            assertThat(refused.error().path("code").asInt()).isEqualTo(-32603);
        }
    }
}
