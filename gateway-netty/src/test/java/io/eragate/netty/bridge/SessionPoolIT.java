package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.config.BridgeConfig;
import io.eragate.core.config.EraSetting;
import io.eragate.netty.testing.Await;
import io.eragate.netty.testing.LegacyFixtureUpstream;
import io.eragate.netty.testing.RecordedRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Pooled synthesized sessions: one initialize for many requests, keyed, single-flight, bounded, closed upstream. */
class SessionPoolIT {
    private static final ModernRequest ECHO = ModernRequest.toolCall(1, "echo", "{\"message\":\"hi\"}");

    private static BridgeGateway gatewayFor(LegacyFixtureUpstream legacy) {
        return BridgeGateway.builder().upstream("legacy", legacy.uri(), EraSetting.LEGACY).start();
    }

    private static List<RecordedRequest> toolCalls(LegacyFixtureUpstream legacy) {
        return legacy.requests().stream().filter(r -> "tools/call".equals(r.rpcMethod())).toList();
    }

    private static String sessionOf(RecordedRequest request) {
        return request.headers().first("Mcp-Session-Id").orElse("(none)");
    }

    @Test
    void manyRequestsOfOneClientShareOneInitialize() {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start();
             BridgeGateway gateway = gatewayFor(legacy)) {
            ModernClient client = gateway.client("legacy");

            List<ModernRequest> requests = List.of(ModernRequest.of(1, "server/discover"),
                    ModernRequest.of(2, "tools/list"), ECHO, ModernRequest.toolCall(4, "add", "{\"a\":1,\"b\":2}"),
                    ModernRequest.of(5, "resources/list"), ModernRequest.of(6, "prompts/list"),
                    ModernRequest.toolCall(7, "counter", "{}"), ModernRequest.toolCall(8, "counter", "{}"));
            for (ModernRequest request : requests) {
                ModernAnswer answer = client.send(request);
                assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
            }

            assertThat(legacy.initializeCount()).isEqualTo(1);
            assertThat(gateway.server().bridge().initializeCount()).isEqualTo(1);
            assertThat(gateway.server().bridge().pooledSessions()).isEqualTo(1);
            assertThat(legacy.counterValue()).isEqualTo(2);
        }
    }

    @Test
    void differentCapabilitiesGetDifferentSessionsAndModernOnlyOnesDoNotCount() {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start();
             BridgeGateway gateway = gatewayFor(legacy)) {
            ModernClient client = gateway.client("legacy");

            List<String> capabilities = List.of("{}", "{\"sampling\":{}}", "{\"elicitation\":{}}",
                    "{\"extensions\":{\"io.example/x\":{}}}", "{\"sampling\":{}}", "{}");
            for (String declared : capabilities) {
                ModernAnswer answer = client.send(ECHO.withCapabilities(declared));
                assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
            }

            assertThat(legacy.initializeCount()).as("{}, sampling, elicitation; extensions exist only in 2026")
                    .isEqualTo(3);
            List<String> sessions = toolCalls(legacy).stream().map(SessionPoolIT::sessionOf).toList();
            assertThat(Set.copyOf(sessions)).hasSize(3);
            assertThat(sessions.get(0)).isEqualTo(sessions.get(3)).isEqualTo(sessions.get(5));
            assertThat(sessions.get(1)).isEqualTo(sessions.get(4)).isNotEqualTo(sessions.get(0));
            Set<String> declaredUpstream = legacy.requests().stream().filter(r -> "initialize".equals(r.rpcMethod()))
                    .map(r -> r.json().path("params").path("capabilities").toString()).collect(Collectors.toSet());
            assertThat(declaredUpstream).containsExactlyInAnyOrder("{}", "{\"sampling\":{}}", "{\"elicitation\":{}}");
        }
    }

    @Test
    void concurrentFirstRequestsWaitForOneInitialize() {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start();
             BridgeGateway gateway = gatewayFor(legacy)) {
            ModernClient client = gateway.client("legacy");

            List<CompletableFuture<ModernAnswer>> burst = IntStream.range(0, 16)
                    .mapToObj(i -> client.sendAsync(ModernRequest.toolCall(i, "counter", "{}"))).toList();

            burst.forEach(answer -> assertThat(answer.join().status()).as(answer.join().toString()).isEqualTo(200));
            assertThat(legacy.initializeCount()).isEqualTo(1);
            assertThat(legacy.counterValue()).isEqualTo(16);
        }
    }

    @Test
    void anIdleSessionIsClosedWithDeleteAndTheNextRequestOpensAnother() {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start();
             BridgeGateway gateway = BridgeGateway.builder().sessionIdleExpiry(Duration.ofMillis(300))
                     .upstream("legacy", legacy.uri(), EraSetting.LEGACY).start()) {
            ModernClient client = gateway.client("legacy");
            assertThat(client.send(ECHO).status()).isEqualTo(200);

            Await.until("the idle session is deleted upstream", () -> legacy.deleteCount() == 1,
                    () -> legacy.requests().toString());
            ModernAnswer later = client.send(ECHO);

            assertThat(gateway.server().bridge().initializeCount()).isEqualTo(2);
            assertThat(later.status()).as(later.toString()).isEqualTo(200);
            assertThat(legacy.initializeCount()).isEqualTo(2);
            RecordedRequest delete = legacy.requests().stream().filter(r -> "DELETE".equals(r.httpMethod()))
                    .findFirst().orElseThrow();
            assertThat(sessionOf(delete)).isEqualTo(sessionOf(toolCalls(legacy).get(0)));
        }
    }

    @Test
    void aSessionEvictedByMaxSessionsIsClosedWithDelete() {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start();
             BridgeGateway gateway = BridgeGateway.builder().maxSessions(1)
                     .upstream("legacy", legacy.uri(), EraSetting.LEGACY).start()) {
            ModernClient client = gateway.client("legacy");

            assertThat(client.send(ECHO).status()).isEqualTo(200);
            assertThat(client.send(ECHO.withCapabilities("{\"sampling\":{}}")).status()).isEqualTo(200);

            Await.until("one session is deleted upstream", () -> legacy.deleteCount() == 1,
                    () -> legacy.requests().toString());
            assertThat(legacy.sessionCount()).isEqualTo(1);
            assertThat(gateway.server().bridge().pooledSessions()).isEqualTo(1);
        }
    }

    @Test
    void closingTheGatewayDeletesEverySessionBeforeItStops() {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start()) {
            try (BridgeGateway gateway = gatewayFor(legacy)) {
                for (String declared : List.of("{}", "{\"roots\":{}}", "{\"sampling\":{}}", "{\"elicitation\":{}}")) {
                    assertThat(gateway.client("legacy").send(ECHO.withCapabilities(declared)).status())
                            .isEqualTo(200);
                }
            }

            assertThat(legacy.deleteCount()).as("answered before close() returned").isEqualTo(4);
            assertThat(legacy.sessionCount()).isZero();
        }
    }

    @Test
    void everyLaterRequestCarriesTheSessionIdAndTheNegotiatedLegacyVersion() {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start();
             BridgeGateway gateway = gatewayFor(legacy)) {
            ModernClient client = gateway.client("legacy");
            for (ModernRequest request : List.of(ModernRequest.of(1, "tools/list"), ECHO,
                    ModernRequest.of(3, "resources/read").withParam("uri", "fixture://greeting"))) {
                assertThat(client.send(request).status()).isEqualTo(200);
            }

            List<RecordedRequest> seen = legacy.requests();
            RecordedRequest initialize = seen.get(0);
            assertThat(initialize.rpcMethod()).isEqualTo("initialize");
            assertThat(initialize.json().path("params").path("protocolVersion").asText()).isEqualTo("2025-11-25");
            assertThat(initialize.headers().contains("Mcp-Session-Id")).isFalse();
            String session = sessionOf(seen.get(1));
            assertThat(legacy.logLevel(session)).as("the session is live and logs at debug").hasValue("debug");
            List<RecordedRequest> later = seen.subList(1, seen.size());
            assertThat(later).extracting(RecordedRequest::rpcMethod).containsExactly("notifications/initialized",
                    "logging/setLevel", "tools/list", "tools/call", "resources/read");
            for (RecordedRequest request : later) {
                assertThat(sessionOf(request)).as(request.toString()).isEqualTo(session);
                assertThat(request.headers().all("MCP-Protocol-Version")).as(request.toString())
                        .containsExactly("2025-11-25");
            }
            assertThat(seen).allSatisfy(request -> assertThat(request.headers().toString()).doesNotContain("2026"));
        }
    }

    @Test
    void theVersionHeaderIsTheOneTheUpstreamNegotiated() {
        try (ScriptedUpstream upstream = ScriptedUpstream.start(new LegacyScript("2025-06-18",
                exchange -> LegacyScript.textResult(exchange, "Echo: hi"), response -> { }));
             BridgeGateway gateway = BridgeGateway.builder()
                     .upstream("older", upstream.uri(), EraSetting.LEGACY).start()) {

            ModernAnswer answer = gateway.client("older").send(ECHO);
            gateway.client("older").send(ECHO);

            assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
            List<ScriptedUpstream.Seen> later = upstream.requests().subList(1, upstream.requests().size());
            assertThat(later).extracting(ScriptedUpstream.Seen::rpcMethod)
                    .containsExactly("notifications/initialized", "tools/call", "tools/call");
            assertThat(later).extracting(seen -> seen.header("MCP-Protocol-Version"))
                    .containsOnly("2025-06-18");
            assertThat(later).extracting(seen -> seen.header("Mcp-Session-Id")).containsOnly(LegacyScript.SESSION);
            assertThat(upstream.requests().get(0).headers()).doesNotContainKeys("mcp-session-id",
                    "mcp-protocol-version");
        }
    }
    @Test
    void aSessionCarriesAtMostMaxInFlightRequestsAndEveryEndGivesItsSlotBack() {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start();
             BridgeGateway gateway = BridgeGateway.builder().maxInFlightPerSession(1)
                     .upstream("legacy", legacy.uri(), EraSetting.LEGACY).start()) {
            ModernClient client = gateway.client("legacy");
            List<ModernRequest> endings = List.of(ECHO,
                    ModernRequest.of(2, "resources/read").withParam("uri", "fixture://missing"),
                    ModernRequest.of(3, "resources/templates/list"),
                    ModernRequest.toolCall(4, "add", "{\"a\":\"x\"}"),
                    ModernRequest.of(5, "server/discover"));
            for (ModernRequest request : endings) {
                client.send(request);
            }
            try (RawModernCall hanging = RawModernCall.send(gateway.endpoint("legacy"),
                    ModernRequest.toolCall(6, "slow", "{\"ms\":20000,\"steps\":200}").withProgressToken("p"))) {
                hanging.readUntil("notifications/progress");

                ModernAnswer refused = client.send(ModernRequest.toolCall(7, "counter", "{}"));

                assertThat(refused.status()).as(refused.toString()).isEqualTo(503);
                assertThat(refused.response().path("id").asInt()).isEqualTo(7);
            }
            legacy.awaitRequest(r -> "notifications/cancelled".equals(r.rpcMethod()), Duration.ofSeconds(5));
            ModernAnswer after = client.send(ModernRequest.toolCall(8, "counter", "{}"));

            assertThat(after.status()).as("every ended request gave its slot back: " + after).isEqualTo(200);
            assertThat(legacy.counterValue()).as("the refused call never went upstream").isEqualTo(1);
            assertThat(legacy.initializeCount()).isEqualTo(1);
        }
    }

    @Test
    void anInitializeThatTimesOutFailsTheRequestAndIsTriedAgain() {
        java.util.concurrent.atomic.AtomicBoolean answering = new java.util.concurrent.atomic.AtomicBoolean();
        LegacyScript legacy = new LegacyScript(exchange -> LegacyScript.textResult(exchange, "Echo: hi"));
        try (ScriptedUpstream upstream = ScriptedUpstream.start(exchange -> {
            if (answering.get() || !"initialize".equals(exchange.request().rpcMethod())) {
                legacy.answer(exchange);
            }
        });
             BridgeGateway gateway = BridgeGateway.builder().initializeTimeout(Duration.ofSeconds(1))
                     .upstream("sleepy", upstream.uri(), EraSetting.LEGACY).start()) {
            ModernClient client = gateway.client("sleepy");

            ModernAnswer timedOut = client.send(ECHO);
            answering.set(true);
            ModernAnswer served = client.send(ECHO);

            assertThat(timedOut.status()).as(timedOut.toString()).isEqualTo(504);
            assertThat(timedOut.response().path("id").asInt()).isEqualTo(1);
            assertThat(served.status()).as(served.toString()).isEqualTo(200);
            assertThat(upstream.count("initialize")).isEqualTo(2);
        }
    }
    @Test
    void thePerCallStrategyOpensAndDeletesASessionForEveryRequest() {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start();
             BridgeGateway gateway = BridgeGateway.builder().sessionStrategy(BridgeConfig.SessionStrategy.PER_CALL)
                     .upstream("legacy", legacy.uri(), EraSetting.LEGACY).start()) {
            ModernClient client = gateway.client("legacy");

            for (int i = 0; i < 3; i++) {
                assertThat(client.send(ECHO).status()).isEqualTo(200);
            }

            assertThat(legacy.initializeCount()).isEqualTo(3);
            Await.until("every session is deleted", () -> legacy.deleteCount() == 3,
                    () -> "deletes " + legacy.deleteCount());
            assertThat(gateway.server().bridge().pooledSessions()).isZero();
        }
    }

    @Test
    void thePerCallStrategyDeletesTheExpiredSessionOfAReplayedRequestToo() {
        java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
        try (ScriptedUpstream upstream = ScriptedUpstream.start(new LegacyScript(exchange -> {
            if (calls.incrementAndGet() == 1) {
                exchange.json(404, "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32001,\"message\":"
                        + "\"Session not found\"},\"id\":null}", Map.of());
            } else {
                LegacyScript.textResult(exchange, "Echo: hi");
            }
        }));
             BridgeGateway gateway = BridgeGateway.builder().sessionStrategy(BridgeConfig.SessionStrategy.PER_CALL)
                     .upstream("forgetful", upstream.uri(), EraSetting.LEGACY).start()) {

            ModernAnswer answer = gateway.client("forgetful").send(ECHO);

            assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
            assertThat(upstream.count("initialize")).isEqualTo(2);
            Await.until("both sessions get their DELETE",
                    () -> upstream.requests().stream().filter(r -> "DELETE".equals(r.httpMethod())).count() == 2,
                    () -> upstream.requests().toString());
        }
    }
    @Test
    void aSessionEvictedWhileACallRunsOnItIsDeletedOnlyAfterTheCall() {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start();
             BridgeGateway gateway = BridgeGateway.builder().maxSessions(1)
                     .upstream("legacy", legacy.uri(), EraSetting.LEGACY).start()) {
            ModernClient client = gateway.client("legacy");
            String hangSession;
            try (RawModernCall running = RawModernCall.send(gateway.endpoint("legacy"),
                    ModernRequest.toolCall(1, "hang", "{}"))) {
                hangSession = sessionOf(legacy.awaitRequest(r -> "hang".equals(r.toolName()), Duration.ofSeconds(5)));

                // A second session over a bound of one: the pool evicts one of the two (Caffeine's admission policy
                // decides which). Whichever it is, the session under the hanging call must not get its DELETE yet.
                ModernAnswer evicting = client.send(ECHO.withCapabilities("{\"sampling\":{}}"));

                assertThat(evicting.status()).isEqualTo(200);
                Await.until("one of the two sessions leaves the pool",
                        () -> gateway.server().bridge().pooledSessions() == 1, () -> legacy.requests().toString());
                assertThat(deletesOf(legacy, hangSession)).as("no DELETE under a running call").isZero();
            }

            // The evicted session gets its DELETE: at once if it was the idle one, after the call if it was the
            // hanging one.
            Await.until("the evicted session is deleted", () -> legacy.deleteCount() == 1,
                    () -> legacy.requests().toString());
        }
    }

    private static long deletesOf(LegacyFixtureUpstream legacy, String session) {
        return legacy.requests().stream()
                .filter(r -> "DELETE".equals(r.httpMethod()) && session.equals(sessionOf(r))).count();
    }
}
