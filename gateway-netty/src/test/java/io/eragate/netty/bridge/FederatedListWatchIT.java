package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.GatewayConfig;
import io.eragate.core.config.RouteConfig;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.core.reload.ReloadReport;
import io.eragate.core.route.NamingMode;
import io.eragate.netty.testing.Await;
import io.eragate.netty.testing.LegacyFixtureUpstream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Merged lists stay fresh without a listening client, and listen legs survive an upstream's restart: the gateway holds
 * its own listen on a federated route's upstreams while merged pages are cached, so an upstream's {@code list_changed}
 * reaches the next list at once (the cache lives ten minutes here); and a leg lost when its upstream restarts, the
 * gateway's own or a client's, is reopened with the configured backoff, after which the upstream's changes arrive
 * again.
 */
class FederatedListWatchIT {
    private static final String TOOLS_CHANGED = "notifications/tools/list_changed";
    private static final Duration LONG_CACHE = Duration.ofMinutes(10);

    private static BridgeGateway.Builder federation(LegacyFixtureUpstream alpha, LegacyFixtureUpstream beta) {
        return BridgeGateway.builder()
                .upstream("alpha", alpha.uri(), EraSetting.LEGACY)
                .upstream("beta", beta.uri(), EraSetting.LEGACY)
                .federatedRoute("/fed", List.of("alpha", "beta"))
                .listCache(LONG_CACHE, 64, 1 << 20)
                .reopen(Duration.ofMillis(50), Duration.ofMillis(500), 200);
    }

    private static LegacyFixtureUpstream fixture(int port) {
        return LegacyFixtureUpstream.builder().standaloneStreams(true).port(port).start();
    }

    private static List<String> toolNames(BridgeGateway gateway) {
        return FederatedListenIT.toolNames(gateway);
    }

    private static void awaitGetStream(LegacyFixtureUpstream fixture, String who) {
        Await.until(who + " has a GET stream open", Duration.ofSeconds(30), () -> fixture.openStandaloneStreams() == 1,
                () -> "open: " + fixture.openStandaloneStreams());
    }

    private static void awaitListed(BridgeGateway gateway, String name) {
        Await.until("the next list shows " + name, Duration.ofSeconds(30), () -> toolNames(gateway).contains(name),
                () -> toolNames(gateway).toString());
    }

    @Test
    void anUpstreamsListChangeReachesTheNextListWithNoClientListening() {
        try (LegacyFixtureUpstream alpha = fixture(0);
             LegacyFixtureUpstream beta = fixture(0);
             BridgeGateway gateway = federation(alpha, beta).start()) {
            List<String> before = toolNames(gateway);
            assertThat(toolNames(gateway)).as("the second list is the cached merge").isEqualTo(before);
            assertThat(FederatedListenIT.toolsLists(alpha)).isEqualTo(1);
            assertThat(gateway.server().context().federation().watching("/fed")).isTrue();
            awaitGetStream(alpha, "alpha (the gateway's own listen)");
            awaitGetStream(beta, "beta (the gateway's own listen)");

            alpha.addTool("fresh", "added while nobody listens");
            alpha.notifyStandaloneStreams(TOOLS_CHANGED, null);

            awaitListed(gateway, "alpha_fresh");
            assertThat(toolNames(gateway)).hasSize(before.size() + 1);
        }
    }

    @Test
    void aReloadThatRenamesTheRoutesToolsIsMergedAnewRatherThanServedFromTheCache() {
        // Alpha's section changes too (a header): what it declared is forgotten; beta's stays known.
        try (LegacyFixtureUpstream alpha = fixture(0);
             LegacyFixtureUpstream beta = fixture(0);
             BridgeGateway gateway = federation(alpha, beta).start()) {
            assertThat(toolNames(gateway)).contains("alpha_echo", "beta_echo");
            assertThat(gateway.server().context().federation().watching("/fed")).isTrue();
            GatewayConfig before = gateway.config();
            List<RouteConfig> routes = before.routes().stream().map(route -> !route.path().equals("/fed") ? route
                    : new RouteConfig("/fed", route.upstreams(), NamingMode.AS_IS, route.rules(),
                            route.fanOutTimeout(), route.maxNameLength(), route.scopes())).toList();

            List<UpstreamConfig> upstreams = before.upstreams().stream().map(upstream -> !upstream.name()
                    .equals("alpha") ? upstream : upstream.withCredentials(Map.of("X-Team", "a"), null)).toList();
            assertThat(gateway.server().context().federation().knownParamBindings("alpha", "echo")).isPresent();

            ReloadReport reload = gateway.server().operations().reload(before.withRoutes(routes)
                    .withUpstreams(upstreams), "test");

            assertThat(reload.result()).as(reload.toString()).isEqualTo(ReloadReport.Result.APPLIED);
            assertThat(gateway.server().context().federation().watching("/fed"))
                    .as("the watch on the old route closed").isFalse();
            assertThat(gateway.server().context().federation().knownParamBindings("alpha", "echo"))
                    .as("the changed upstream's declarations").isEmpty();
            assertThat(gateway.server().context().federation().knownParamBindings("beta", "echo")).isPresent();
            assertThat(toolNames(gateway)).as("the list under the new names, not the cached one")
                    .contains("echo").noneMatch(name -> name.startsWith("alpha_") || name.startsWith("beta_"));
        }
    }

    @Test
    void theGatewaysOwnListenIsReopenedAfterItsUpstreamRestarts() {
        LegacyFixtureUpstream beta = fixture(0);
        int port = beta.port();
        try (LegacyFixtureUpstream alpha = fixture(0);
             BridgeGateway gateway = federation(alpha, beta).start()) {
            assertThat(toolNames(gateway)).contains("beta_echo");
            awaitGetStream(beta, "beta (the gateway's own listen)");

            beta.close();
            try (LegacyFixtureUpstream restarted = fixture(port)) {
                awaitGetStream(restarted, "the restarted beta (the reopened listen)");
                assertThat(toolNames(gateway)).contains("beta_echo").doesNotContain("beta_fresh");

                restarted.addTool("fresh", "added after the restart");
                restarted.notifyStandaloneStreams(TOOLS_CHANGED, null);

                awaitListed(gateway, "beta_fresh");
            }
        } finally {
            beta.close();
        }
    }

    @Test
    void aClientsLegIsReopenedAfterItsUpstreamRestartsAndItsChangesArriveAgain() {
        LegacyFixtureUpstream beta = fixture(0);
        int port = beta.port();
        try (LegacyFixtureUpstream alpha = fixture(0);
             BridgeGateway gateway = federation(alpha, beta).start();
             ListenStream stream = ListenStream.open(gateway.endpoint("fed"), ModernRequest.of("restart",
                     "subscriptions/listen").withParam("notifications", Map.of("toolsListChanged", true)))) {
            assertThat(stream.next().path("method").asText()).isEqualTo("notifications/subscriptions/acknowledged");
            awaitGetStream(beta, "beta");

            beta.close();
            JsonNode lost = stream.next();
            assertThat(lost.path("method").asText()).isEqualTo(TOOLS_CHANGED);
            assertThat(lost.at("/params/_meta/io.eragate~1unavailable/0/upstream").asText()).isEqualTo("beta");

            try (LegacyFixtureUpstream restarted = fixture(port)) {
                JsonNode back = stream.next(Duration.ofSeconds(30));
                assertThat(back.path("method").asText()).isEqualTo(TOOLS_CHANGED);
                assertThat(back.at("/params/_meta/io.eragate~1upstream").asText()).isEqualTo("beta");
                assertThat(back.at("/params/_meta").has("io.eragate/unavailable")).isFalse();
                awaitGetStream(restarted, "the restarted beta");

                restarted.notifyStandaloneStreams(TOOLS_CHANGED, null);

                JsonNode after = stream.next();
                assertThat(after.path("method").asText()).isEqualTo(TOOLS_CHANGED);
                assertThat(after.at("/params/_meta/io.eragate~1upstream").asText()).isEqualTo("beta");
                assertThat(stream.ended()).isFalse();
            }
        } finally {
            beta.close();
        }
    }
}
