package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.config.BridgeConfig;
import io.eragate.core.config.EraSetting;
import io.eragate.netty.testing.Await;
import io.eragate.netty.testing.LegacyFixtureUpstream;
import io.eragate.netty.testing.ResponseMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The per-session cache of bridged list results: a second list is answered without an upstream round trip, and a
 * {@code list_changed} on any of the session's upstream streams (the GET stream of a listen, or a request's SSE
 * stream) sends the next request for that list, and only that list, upstream again.
 */
class ListCacheIT {
    private static final String TOOLS_CHANGED = "notifications/tools/list_changed";

    private static BridgeGateway.Builder gatewayFor(LegacyFixtureUpstream legacy) {
        return BridgeGateway.builder().upstream("legacy", legacy.uri(), EraSetting.LEGACY);
    }

    private static long upstreamCalls(LegacyFixtureUpstream legacy, String rpcMethod) {
        return legacy.requests().stream().filter(r -> rpcMethod.equals(r.rpcMethod())).count();
    }

    private static ModernAnswer send(BridgeGateway gateway, ModernRequest request) {
        ModernAnswer answer = gateway.client("legacy").send(request);
        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        return answer;
    }

    private static List<String> toolNames(ModernAnswer answer) {
        List<String> names = new ArrayList<>();
        answer.result().path("tools").forEach(tool -> names.add(tool.path("name").asText()));
        return names;
    }

    @Test
    void twoToolsListsMakeOneUpstreamToolsList() {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start();
             BridgeGateway gateway = gatewayFor(legacy).start()) {

            ModernAnswer first = send(gateway, ModernRequest.of(1, "tools/list"));
            ModernAnswer second = send(gateway, ModernRequest.of("two", "tools/list"));

            assertThat(upstreamCalls(legacy, "tools/list")).isEqualTo(1);
            assertThat(second.response().path("id").asText()).as("the cached answer carries its own id")
                    .isEqualTo("two");
            assertThat(second.result()).isEqualTo(first.result());
            assertThat(second.result().path("resultType").asText()).isEqualTo("complete");
            assertThat(second.result().path("cacheScope").asText()).isEqualTo("private");
            assertThat(second.result().path("_meta").path(ModernRequest.SERVER_INFO_KEY).path("name").asText())
                    .isEqualTo(LegacyFixtureUpstream.SERVER_NAME);
        }
    }

    @Test
    void eachPageAndEachListIsCachedApart() {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start();
             BridgeGateway gateway = gatewayFor(legacy).start()) {

            send(gateway, ModernRequest.of(1, "tools/list"));
            send(gateway, ModernRequest.of(2, "tools/list").withParam("cursor", "page-2"));
            send(gateway, ModernRequest.of(3, "tools/list").withParam("cursor", "page-2"));
            send(gateway, ModernRequest.of(4, "prompts/list"));
            send(gateway, ModernRequest.of(5, "resources/list"));
            send(gateway, ModernRequest.of(6, "prompts/list"));
            send(gateway, ModernRequest.of(7, "resources/list"));

            assertThat(upstreamCalls(legacy, "tools/list")).isEqualTo(2);
            assertThat(upstreamCalls(legacy, "prompts/list")).isEqualTo(1);
            assertThat(upstreamCalls(legacy, "resources/list")).isEqualTo(1);
        }
    }

    @Test
    void anUpstreamErrorIsNeverCached() {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start();
             BridgeGateway gateway = gatewayFor(legacy).start()) {

            // The fixture has no resource templates: it answers -32601, which the gateway maps to HTTP 404.
            ModernAnswer first = gateway.client("legacy").send(ModernRequest.of(1, "resources/templates/list"));
            ModernAnswer second = gateway.client("legacy").send(ModernRequest.of(2, "resources/templates/list"));

            assertThat(first.error().path("code").asInt()).as(first.toString()).isEqualTo(-32601);
            assertThat(second.error().path("code").asInt()).as(second.toString()).isEqualTo(-32601);
            assertThat(second.status()).isEqualTo(404);
            assertThat(upstreamCalls(legacy, "resources/templates/list")).isEqualTo(2);
        }
    }

    @Test
    void aToolsListChangedOnTheGetStreamOfAListenDropsTheCachedToolsButNotThePrompts() {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.builder().standaloneStreams(true).start();
             BridgeGateway gateway = gatewayFor(legacy).start()) {
            send(gateway, ModernRequest.of(1, "tools/list"));
            send(gateway, ModernRequest.of(2, "prompts/list"));
            try (ListenStream listen = ListenStream.open(gateway.endpoint("legacy"),
                    ModernRequest.of("watch", "subscriptions/listen")
                            .withParam("notifications", Map.of("toolsListChanged", true)))) {
                assertThat(listen.next().path("method").asText())
                        .isEqualTo("notifications/subscriptions/acknowledged");
                Await.until("the fixture registered the GET stream", () -> legacy.openStandaloneStreams() == 1);
                assertThat(toolNames(send(gateway, ModernRequest.of(3, "tools/list")))).doesNotContain("fresh");
                assertThat(upstreamCalls(legacy, "tools/list")).as("still cached while nothing changed").isEqualTo(1);

                legacy.addTool("fresh", "Added while the gateway held the list.");
                legacy.notifyStandaloneStreams(TOOLS_CHANGED, null);
                // The listener hears of the change only after the cache has dropped the list.
                assertThat(listen.next().path("method").asText()).isEqualTo(TOOLS_CHANGED);

                ModernAnswer after = send(gateway, ModernRequest.of(4, "tools/list"));
                assertThat(upstreamCalls(legacy, "tools/list")).isEqualTo(2);
                assertThat(toolNames(after)).contains("echo", "fresh");
                send(gateway, ModernRequest.of(5, "prompts/list"));
                assertThat(upstreamCalls(legacy, "prompts/list")).as("prompts are not dropped by a tools change")
                        .isEqualTo(1);
                send(gateway, ModernRequest.of(6, "tools/list"));
                assertThat(upstreamCalls(legacy, "tools/list")).as("the new list is cached in turn").isEqualTo(2);
            }
        }
    }

    @Test
    void aToolsListChangedOnARequestsSseStreamDropsTheCachedToolsButNotThePrompts() {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.builder().responseMode(ResponseMode.SSE).start();
             BridgeGateway gateway = gatewayFor(legacy).start()) {
            send(gateway, ModernRequest.of(1, "tools/list"));
            send(gateway, ModernRequest.of(2, "prompts/list"));
            legacy.addTool("fresh", "Added during a call.");
            assertThat(toolNames(send(gateway, ModernRequest.of(3, "tools/list")))).as("the cached list")
                    .doesNotContain("fresh");

            // No listen is open: the change arrives on the call's own stream, before its result.
            send(gateway, ModernRequest.toolCall(4, "announce-change", "{}"));

            ModernAnswer after = send(gateway, ModernRequest.of(5, "tools/list"));
            assertThat(upstreamCalls(legacy, "tools/list")).isEqualTo(2);
            assertThat(toolNames(after)).contains("echo", "fresh");
            send(gateway, ModernRequest.of(6, "prompts/list"));
            assertThat(upstreamCalls(legacy, "prompts/list")).isEqualTo(1);
        }
    }

    @Test
    void sessionsWithOtherCapabilitiesHaveCachesOfTheirOwn() {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start();
             BridgeGateway gateway = gatewayFor(legacy).start()) {

            send(gateway, ModernRequest.of(1, "tools/list"));
            send(gateway, ModernRequest.of(2, "tools/list").withCapabilities("{\"elicitation\":{}}"));
            send(gateway, ModernRequest.of(3, "tools/list").withCapabilities("{\"elicitation\":{}}"));

            assertThat(legacy.initializeCount()).isEqualTo(2);
            assertThat(upstreamCalls(legacy, "tools/list")).isEqualTo(2);
            assertThat(gateway.server().bridge().listCacheSessions()).isEqualTo(2);
        }
    }

    @Test
    void aSessionLeavingThePoolDropsItsCache() {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start();
             BridgeGateway gateway = gatewayFor(legacy).sessionIdleExpiry(Duration.ofMillis(300)).start()) {
            send(gateway, ModernRequest.of(1, "tools/list"));
            assertThat(gateway.server().bridge().listCacheSessions()).isEqualTo(1);

            Await.until("the idle session left the pool", () -> gateway.server().bridge().pooledSessions() == 0);
            assertThat(gateway.server().bridge().listCacheSessions()).isZero();

            send(gateway, ModernRequest.of(2, "tools/list"));
            assertThat(legacy.initializeCount()).isEqualTo(2);
            assertThat(upstreamCalls(legacy, "tools/list")).as("a new session asks anew").isEqualTo(2);
        }
    }

    @Test
    void aZeroTtlTurnsTheCacheOff() {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start();
             BridgeGateway gateway = gatewayFor(legacy).listCache(Duration.ZERO, 64, 256 * 1024).start()) {

            send(gateway, ModernRequest.of(1, "tools/list"));
            send(gateway, ModernRequest.of(2, "tools/list"));

            assertThat(upstreamCalls(legacy, "tools/list")).isEqualTo(2);
            assertThat(gateway.server().bridge().listCacheSessions()).isZero();
        }
    }

    @Test
    void theTtlMsPromisedIsNeverLongerThanTheGatewayHoldsTheList() {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start();
             BridgeGateway gateway = gatewayFor(legacy)
                     .cacheHints(Duration.ofMinutes(5), BridgeConfig.CacheScopeSetting.PRIVATE)
                     .listCache(Duration.ofSeconds(30), 64, 256 * 1024).start()) {

            JsonNode first = send(gateway, ModernRequest.of(1, "tools/list")).result();
            JsonNode second = send(gateway, ModernRequest.of(2, "tools/list")).result();
            JsonNode read = send(gateway, ModernRequest.of(3, "resources/read")
                    .withParam("uri", "fixture://greeting")).result();

            assertThat(first.path("ttlMs").asLong()).isEqualTo(30_000);
            assertThat(second.path("ttlMs").asLong()).isBetween(1L, 30_000L);
            assertThat(read.path("ttlMs").asLong()).as("reads are not cached by the gateway").isEqualTo(300_000);
        }
    }
}
