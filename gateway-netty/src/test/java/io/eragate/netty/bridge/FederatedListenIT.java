package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.config.EraSetting;
import io.eragate.netty.testing.Await;
import io.eragate.netty.testing.LegacyFixtureUpstream;
import java.net.ServerSocket;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code subscriptions/listen} on a federated route: one listen per upstream, one stream to the client (one
 * acknowledgement naming who is left out, notifications from every upstream tagged with their origin), a
 * {@code list_changed} from any upstream dropping the route's merged lists at once, and an upstream that drops
 * reported on the stream while the others keep delivering.
 */
class FederatedListenIT {
    private static final String SUBSCRIPTION_ID_KEY = "io.modelcontextprotocol/subscriptionId";
    private static final String TOOLS_CHANGED = "notifications/tools/list_changed";

    private static BridgeGateway.Builder federation(LegacyFixtureUpstream alpha, LegacyFixtureUpstream beta) {
        return BridgeGateway.builder()
                .upstream("alpha", alpha.uri(), EraSetting.LEGACY)
                .upstream("beta", beta.uri(), EraSetting.LEGACY)
                .federatedRoute("/fed", List.of("alpha", "beta"));
    }

    private static ListenStream listen(BridgeGateway gateway, Object id) {
        return ListenStream.open(gateway.endpoint("fed"), ModernRequest.of(id, "subscriptions/listen")
                .withParam("notifications", Map.of("toolsListChanged", true)));
    }

    static List<String> toolNames(BridgeGateway gateway) {
        ModernAnswer answer = gateway.client("fed").send(ModernRequest.of(1, "tools/list"));
        assertThat(answer.status()).isEqualTo(200);
        List<String> names = new ArrayList<>();
        answer.result().path("tools").forEach(tool -> names.add(tool.path("name").asText()));
        return names;
    }

    static long toolsLists(LegacyFixtureUpstream fixture) {
        return fixture.requests().stream().filter(r -> "tools/list".equals(r.rpcMethod())).count();
    }

    private static void awaitGetStreams(LegacyFixtureUpstream... fixtures) {
        for (LegacyFixtureUpstream fixture : fixtures) {
            Await.until("the fixture registered the GET stream", () -> fixture.openStandaloneStreams() == 1);
        }
    }

    @Test
    void oneAcknowledgementThenChangesFromEveryUpstreamAndEachChangeRefreshesTheMergedList() {
        try (LegacyFixtureUpstream alpha = LegacyFixtureUpstream.builder().standaloneStreams(true).start();
             LegacyFixtureUpstream beta = LegacyFixtureUpstream.builder().standaloneStreams(true).start();
             BridgeGateway gateway = federation(alpha, beta).start()) {
            List<String> before = toolNames(gateway);
            assertThat(toolNames(gateway)).as("the second list is the cached merge").isEqualTo(before);
            assertThat(toolsLists(alpha)).isEqualTo(1);

            try (ListenStream stream = listen(gateway, "fed-listen")) {
                JsonNode ack = stream.next();
                assertThat(stream.status()).isEqualTo(200);
                assertThat(ack.path("method").asText()).isEqualTo("notifications/subscriptions/acknowledged");
                assertThat(ack.path("params").path("notifications").path("toolsListChanged").asBoolean()).isTrue();
                assertThat(ack.path("params").path("_meta").path(SUBSCRIPTION_ID_KEY).asText())
                        .isEqualTo("fed-listen");
                assertThat(ack.path("params").path("_meta").has("io.eragate/unavailable")).isFalse();
                awaitGetStreams(alpha, beta);

                alpha.addTool("fresh", "added while listening");
                alpha.notifyStandaloneStreams(TOOLS_CHANGED, null);
                JsonNode fromAlpha = stream.next();
                assertThat(fromAlpha.path("method").asText()).isEqualTo(TOOLS_CHANGED);
                assertThat(fromAlpha.path("params").path("_meta").path(SUBSCRIPTION_ID_KEY).asText())
                        .isEqualTo("fed-listen");
                assertThat(fromAlpha.path("params").path("_meta").path("io.eragate/upstream").asText())
                        .isEqualTo("alpha");
                // The change dropped the cached merge: the next list asks again and shows the new tool at once.
                assertThat(toolNames(gateway)).contains("alpha_fresh").hasSize(before.size() + 1);
                assertThat(toolsLists(alpha)).isEqualTo(2);

                beta.notifyStandaloneStreams(TOOLS_CHANGED, null);
                assertThat(stream.next().path("params").path("_meta").path("io.eragate/upstream").asText())
                        .isEqualTo("beta");
                assertThat(alpha.openStandaloneStreams()).as("one upstream listen per upstream").isEqualTo(1);
            }
        }
    }

    @Test
    void anUpstreamThatDropsIsReportedAndTheOthersKeepDelivering() {
        try (LegacyFixtureUpstream alpha = LegacyFixtureUpstream.builder().standaloneStreams(true).start();
             LegacyFixtureUpstream beta = LegacyFixtureUpstream.builder().standaloneStreams(true).start();
             BridgeGateway gateway = federation(alpha, beta).start();
             ListenStream stream = listen(gateway, 9)) {
            assertThat(stream.next().path("method").asText()).isEqualTo("notifications/subscriptions/acknowledged");
            awaitGetStreams(alpha, beta);

            beta.expireAllSessions();

            JsonNode report = stream.next();
            assertThat(report.path("method").asText()).isEqualTo(TOOLS_CHANGED);
            assertThat(report.path("params").path("_meta").path("io.eragate/unavailable").toString())
                    .isEqualTo("[{\"upstream\":\"beta\",\"reason\":\"unreachable\"}]");
            alpha.notifyStandaloneStreams(TOOLS_CHANGED, null);
            JsonNode stillThere = stream.next();
            assertThat(stillThere.path("params").path("_meta").path("io.eragate/upstream").asText())
                    .isEqualTo("alpha");
            assertThat(stream.ended()).isFalse();
        }
    }

    @Test
    void anUpstreamThatCannotListenIsNamedInTheAcknowledgement() throws Exception {
        URI dead;
        try (ServerSocket closed = new ServerSocket(0)) {
            dead = URI.create("http://127.0.0.1:" + closed.getLocalPort() + "/mcp");
        }
        try (LegacyFixtureUpstream alpha = LegacyFixtureUpstream.builder().standaloneStreams(true).start();
             BridgeGateway gateway = BridgeGateway.builder()
                     .upstream("alpha", alpha.uri(), EraSetting.LEGACY)
                     .upstream("gone", dead, EraSetting.LEGACY)
                     .federatedRoute("/fed", List.of("alpha", "gone")).start();
             ListenStream stream = listen(gateway, 3)) {
            JsonNode ack = stream.next();

            assertThat(stream.status()).isEqualTo(200);
            assertThat(ack.path("method").asText()).isEqualTo("notifications/subscriptions/acknowledged");
            assertThat(ack.path("params").path("_meta").path("io.eragate/unavailable").toString())
                    .isEqualTo("[{\"upstream\":\"gone\",\"reason\":\"unreachable\"}]");
            awaitGetStreams(alpha);
            alpha.notifyStandaloneStreams(TOOLS_CHANGED, null);
            assertThat(stream.next().path("params").path("_meta").path("io.eragate/upstream").asText())
                    .isEqualTo("alpha");
        }
    }
}
