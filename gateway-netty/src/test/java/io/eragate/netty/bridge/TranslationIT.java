package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.config.BridgeConfig;
import io.eragate.core.config.EraSetting;
import io.eragate.netty.testing.LegacyFixtureUpstream;
import io.eragate.netty.testing.RecordedRequest;
import io.eragate.netty.testing.ResponseMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Modern requests translated for a legacy session and the answers translated back, over JSON and SSE replies. */
class TranslationIT {
    private static final Duration AWAIT = Duration.ofSeconds(5);
    private static final String SERVER_NAME = LegacyFixtureUpstream.SERVER_NAME;

    private static LegacyFixtureUpstream fixture(ResponseMode mode) {
        return LegacyFixtureUpstream.builder().responseMode(mode).start();
    }

    private static BridgeGateway gatewayFor(LegacyFixtureUpstream legacy) {
        return BridgeGateway.builder().upstream("legacy", legacy.uri(), EraSetting.LEGACY).start();
    }

    private static List<RecordedRequest> calls(LegacyFixtureUpstream legacy, String tool) {
        return legacy.requests().stream().filter(r -> tool.equals(r.toolName())).toList();
    }

    private static String text(ModernAnswer answer) {
        return answer.result().path("content").get(0).path("text").asText();
    }

    @Test
    void theEnvelopeIsStrippedUpstreamAndOtherMetaKept() {
        try (LegacyFixtureUpstream legacy = fixture(ResponseMode.SSE);
             BridgeGateway gateway = gatewayFor(legacy)) {
            ModernRequest request = ModernRequest.toolCall(1, "echo", "{\"message\":\"hi\"}")
                    .withLogLevel("info").withProgressToken("client-token")
                    .withMeta("traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")
                    .withMeta("com.example/tag", "kept")
                    .withMeta("io.modelcontextprotocol/subscriptionId", "not-for-legacy");

            ModernAnswer answer = gateway.client("legacy").send(request);

            assertThat(text(answer)).isEqualTo("Echo: hi");
            JsonNode upstream = calls(legacy, "echo").get(0).json();
            JsonNode meta = upstream.path("params").path("_meta");
            List<String> keys = new ArrayList<>();
            meta.fieldNames().forEachRemaining(keys::add);
            assertThat(keys).containsExactlyInAnyOrder("traceparent", "com.example/tag", "progressToken");
            assertThat(meta.path("com.example/tag").asText()).isEqualTo("kept");
            assertThat(meta.path("progressToken").asText()).as("Eragate's own token").isNotEqualTo("client-token")
                    .isEqualTo(upstream.path("id").asText());
            assertThat(upstream.path("id").isTextual()).as("Eragate's own id").isTrue();
            assertThat(upstream.path("params").path("arguments")).isEqualTo(ModernRequest.parse(
                    "{\"message\":\"hi\"}"));
            assertThat(answer.response().path("id").asInt()).isEqualTo(1);
        }
    }

    @Test
    void clientsUsingTheSameIdAndTokenOnOneSessionEachGetTheirOwnAnswerAndProgress() {
        try (LegacyFixtureUpstream legacy = fixture(ResponseMode.SSE);
             BridgeGateway gateway = gatewayFor(legacy)) {
            ModernClient client = gateway.client("legacy");

            CompletableFuture<ModernAnswer> first = client.sendAsync(
                    ModernRequest.toolCall(7, "slow", "{\"ms\":400,\"steps\":3}").withProgressToken("same"));
            legacy.awaitRequest(r -> "slow".equals(r.toolName()), AWAIT);
            CompletableFuture<ModernAnswer> second = client.sendAsync(
                    ModernRequest.toolCall(7, "slow", "{\"ms\":100,\"steps\":2}").withProgressToken("same"));
            ModernAnswer secondAnswer = second.join();
            ModernAnswer firstAnswer = first.join();

            assertThat(secondAnswer.response().path("id").asInt()).isEqualTo(7);
            assertThat(text(secondAnswer)).isEqualTo("Slow done after 100 ms in 2 steps");
            assertThat(secondAnswer.notifications("notifications/progress"))
                    .extracting(p -> p.path("params").path("total").asInt() + "/"
                            + p.path("params").path("progressToken").asText())
                    .containsExactly("2/same", "2/same");
            assertThat(firstAnswer.response().path("id").asInt()).isEqualTo(7);
            assertThat(text(firstAnswer)).isEqualTo("Slow done after 400 ms in 3 steps");
            assertThat(firstAnswer.notifications("notifications/progress"))
                    .extracting(p -> p.path("params").path("total").asInt() + "/"
                            + p.path("params").path("progressToken").asText())
                    .containsExactly("3/same", "3/same", "3/same");
            List<RecordedRequest> upstream = calls(legacy, "slow");
            assertThat(upstream.get(0).rpcId()).isNotEqualTo(upstream.get(1).rpcId());
            assertThat(legacy.initializeCount()).as("one shared session").isEqualTo(1);
        }
    }

    @Test
    void aNumericProgressTokenComesBackAsTheSameNumber() {
        try (LegacyFixtureUpstream legacy = fixture(ResponseMode.SSE);
             BridgeGateway gateway = gatewayFor(legacy)) {

            ModernAnswer answer = gateway.client("legacy").send(
                    ModernRequest.toolCall(1, "slow", "{\"ms\":60,\"steps\":2}").withProgressToken(42));

            assertThat(answer.isEventStream()).isTrue();
            assertThat(answer.notifications("notifications/progress"))
                    .allSatisfy(p -> assertThat(p.path("params").path("progressToken").isInt()).isTrue())
                    .extracting(p -> p.path("params").path("progressToken").asInt()).containsExactly(42, 42);
        }
    }

    @Test
    void discoverIsAnsweredFromTheSessionsInitializeResult() {
        try (LegacyFixtureUpstream legacy = fixture(ResponseMode.SSE);
             BridgeGateway gateway = gatewayFor(legacy)) {

            ModernAnswer answer = gateway.client("legacy").send(ModernRequest.of("d", "server/discover"));

            assertThat(answer.status()).isEqualTo(200);
            JsonNode result = answer.result();
            assertThat(answer.response().path("id").asText()).isEqualTo("d");
            assertThat(result.path("supportedVersions")).containsExactly(ModernRequest.parse("\"2026-07-28\""));
            List<String> capabilities = new ArrayList<>();
            result.path("capabilities").fieldNames().forEachRemaining(capabilities::add);
            assertThat(capabilities).containsExactlyInAnyOrder("tools", "logging", "resources", "prompts");
            assertThat(result.path("_meta").path(ModernRequest.SERVER_INFO_KEY).path("name").asText())
                    .isEqualTo(SERVER_NAME);
            assertThat(result.path("resultType").asText()).isEqualTo("complete");
            assertThat(result.path("ttlMs").asInt(-1)).as("default bridge.cacheTtl").isZero();
            assertThat(result.path("cacheScope").asText()).as("default bridge.cacheScope").isEqualTo("private");
            assertThat(legacy.requests()).extracting(RecordedRequest::rpcMethod).doesNotContain("server/discover");
        }
    }

    static Stream<Arguments> methodsAndModes() {
        List<Arguments> rows = new ArrayList<>();
        for (ResponseMode mode : ResponseMode.values()) {
            rows.add(Arguments.of(mode, ModernRequest.of(1, "tools/list"), true));
            rows.add(Arguments.of(mode, ModernRequest.toolCall(1, "add", "{\"a\":2,\"b\":3}"), false));
            rows.add(Arguments.of(mode, ModernRequest.of(1, "resources/list"), true));
            rows.add(Arguments.of(mode, ModernRequest.of(1, "resources/read").withParam("uri", "fixture://greeting"),
                    true));
            rows.add(Arguments.of(mode, ModernRequest.of(1, "prompts/list"), true));
            rows.add(Arguments.of(mode, ModernRequest.of(1, "prompts/get").withParam("name", "greet")
                    .withParam("arguments", Map.of("name", "Ada")), false));
        }
        return rows.stream();
    }

    @ParameterizedTest(name = "{1} over {0}")
    @MethodSource("methodsAndModes")
    void everyResultIsCompleteWithServerInfoAndCacheableOnesCarryTheConfiguredHints(ResponseMode mode,
            ModernRequest request, boolean cacheable) {
        try (LegacyFixtureUpstream legacy = fixture(mode);
             BridgeGateway gateway = BridgeGateway.builder()
                     .cacheHints(Duration.ofSeconds(30), BridgeConfig.CacheScopeSetting.PUBLIC)
                     .upstream("legacy", legacy.uri(), EraSetting.LEGACY).start()) {

            ModernAnswer answer = gateway.client("legacy").send(request);

            assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
            JsonNode result = answer.result();
            assertThat(result.path("resultType").asText()).isEqualTo("complete");
            assertThat(result.path("_meta").path(ModernRequest.SERVER_INFO_KEY).path("name").asText())
                    .isEqualTo(SERVER_NAME);
            if (cacheable) {
                assertThat(result.path("ttlMs").asInt()).isEqualTo(30_000);
                assertThat(result.path("cacheScope").asText()).isEqualTo("public");
            } else {
                assertThat(result.has("ttlMs")).isFalse();
                assertThat(result.has("cacheScope")).isFalse();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(ResponseMode.class)
    void aMissingResourceBecomesInvalidParamsWithItsUri(ResponseMode mode) {
        try (LegacyFixtureUpstream legacy = fixture(mode);
             BridgeGateway gateway = gatewayFor(legacy)) {

            ModernAnswer answer = gateway.client("legacy").send(
                    ModernRequest.of(3, "resources/read").withParam("uri", "fixture://missing"));

            assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
            assertThat(answer.response().path("id").asInt()).isEqualTo(3);
            assertThat(answer.error().path("code").asInt()).isEqualTo(-32602);
            assertThat(answer.error().path("data").path("uri").asText()).isEqualTo("fixture://missing");
        }
    }

    @ParameterizedTest
    @EnumSource(ResponseMode.class)
    void aMethodTheUpstreamLacksIsANotFoundWithStatus404(ResponseMode mode) {
        try (LegacyFixtureUpstream legacy = fixture(mode);
             BridgeGateway gateway = gatewayFor(legacy)) {

            ModernAnswer answer = gateway.client("legacy").send(ModernRequest.of(4, "resources/templates/list"));

            assertThat(answer.status()).as(answer.toString()).isEqualTo(404);
            assertThat(answer.response().path("id").asInt()).isEqualTo(4);
            assertThat(answer.error().path("code").asInt()).isEqualTo(-32601);
            assertThat(legacy.requests()).extracting(RecordedRequest::rpcMethod)
                    .as("the upstream was asked").contains("resources/templates/list");
        }
    }

    @ParameterizedTest(name = "logLevel {0}")
    @CsvSource(nullValues = "none", value = {"none, ''", "info, 'info,info'", "debug, 'info,debug,info,debug'",
            "warning, ''"})
    void logsReachOnlyTheRequestThatAskedAtItsLevel(String level, String expectedLevels) {
        try (LegacyFixtureUpstream legacy = fixture(ResponseMode.SSE);
             BridgeGateway gateway = gatewayFor(legacy)) {
            ModernRequest slow = ModernRequest.toolCall(1, "slow", "{\"ms\":60,\"steps\":2}");

            ModernAnswer answer = gateway.client("legacy").send(level == null ? slow : slow.withLogLevel(level));

            assertThat(text(answer)).startsWith("Slow done");
            assertThat(String.join(",", answer.notifications("notifications/message").stream()
                    .map(m -> m.path("params").path("level").asText()).toList())).isEqualTo(expectedLevels);
            assertThat(answer.isEventStream()).as("a stream only when something precedes the result")
                    .isEqualTo(!expectedLevels.isEmpty());
        }
    }

    @Test
    void aClientThatLeavesMidCallCancelsItUpstreamAndTheSessionLivesOn() throws Exception {
        try (LegacyFixtureUpstream legacy = fixture(ResponseMode.SSE);
             BridgeGateway gateway = gatewayFor(legacy)) {
            ModernRequest longCall = ModernRequest.toolCall(1, "slow", "{\"ms\":20000,\"steps\":400}")
                    .withProgressToken("p");

            try (RawModernCall call = RawModernCall.send(gateway.endpoint("legacy"), longCall)) {
                assertThat(call.readUntil("notifications/progress")).contains("\"progressToken\":\"p\"");
            }
            RecordedRequest upstream = legacy.awaitRequest(r -> "slow".equals(r.toolName()), AWAIT);
            upstream.cancelledByClient().get(AWAIT.toMillis(), TimeUnit.MILLISECONDS);
            upstream.closedByClient().get(AWAIT.toMillis(), TimeUnit.MILLISECONDS);
            RecordedRequest cancelled = legacy.awaitRequest(
                    r -> "notifications/cancelled".equals(r.rpcMethod()), AWAIT);
            ModernAnswer next = gateway.client("legacy").send(ModernRequest.toolCall(2, "echo", "{\"message\":\"x\"}"));

            assertThat(cancelled.json().path("params").path("requestId")).isEqualTo(upstream.rpcId());
            assertThat(cancelled.headers().first("Mcp-Session-Id")).isEqualTo(upstream.headers().first(
                    "Mcp-Session-Id"));
            assertThat(text(next)).isEqualTo("Echo: x");
            assertThat(legacy.initializeCount()).isEqualTo(1);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "ping                   | {\"result\":{}}",
        "roots/list             | {\"result\":{\"roots\":[]}}",
        "elicitation/create     | {\"result\":{\"action\":\"decline\"}}",
        "sampling/createMessage | {\"error\":{\"code\":-32601}}"})
    void theGatewayAnswersWhatTheUpstreamAsksMidCall(String method, String expected) {
        CompletableFuture<ScriptedUpstream.Exchange> pending = new CompletableFuture<>();
        try (ScriptedUpstream upstream = ScriptedUpstream.start(new LegacyScript("2025-11-25", exchange -> {
            exchange.sseStart(LegacyScript.SESSION_HEADER);
            exchange.sseEvent("{\"jsonrpc\":\"2.0\",\"id\":\"srv-1\",\"method\":\"" + method + "\",\"params\":{}}");
            pending.complete(exchange);
        }, response -> pending.thenAccept(exchange -> {
            exchange.sseEvent("{\"jsonrpc\":\"2.0\",\"id\":" + exchange.request().json().get("id")
                    + ",\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"answered\"}]}}");
            exchange.sseEnd();
        })));
             BridgeGateway gateway = BridgeGateway.builder()
                     .upstream("asking", upstream.uri(), EraSetting.LEGACY).start()) {

            ModernAnswer answer = gateway.client("asking").send(ModernRequest.toolCall(1, "ask", "{}"));

            assertThat(text(answer)).isEqualTo("answered");
            ScriptedUpstream.Seen reply = upstream.requests().stream().filter(ScriptedUpstream.Seen::isResponse)
                    .findFirst().orElseThrow();
            assertThat(reply.json().path("id").asText()).isEqualTo("srv-1");
            JsonNode wanted = ModernRequest.parse(expected);
            if (wanted.has("result")) {
                assertThat(reply.json().path("result")).isEqualTo(wanted.get("result"));
            } else {
                assertThat(reply.json().path("error").path("code")).isEqualTo(wanted.path("error").path("code"));
            }
            assertThat(reply.header("Mcp-Session-Id")).isEqualTo(LegacyScript.SESSION);
            assertThat(reply.header("MCP-Protocol-Version")).isEqualTo("2025-11-25");
        }
    }
    @ParameterizedTest(name = "upstream error {0}")
    @CsvSource({"-32042, -32603, true", "-32020, -32603, true", "-32099, -32603, true", "-32000, -32000, false",
        "-32602, -32602, false", "42, 42, false"})
    void errorCodesOnlyTheSpecMayDefineAreWrappedAndOthersPassInBand(int upstreamCode, int clientCode,
            boolean wrapped) {
        try (ScriptedUpstream upstream = ScriptedUpstream.start(new LegacyScript(exchange -> exchange.json(200,
                "{\"jsonrpc\":\"2.0\",\"id\":" + exchange.request().json().get("id") + ",\"error\":{\"code\":"
                        + upstreamCode + ",\"message\":\"upstream says no\",\"data\":{\"detail\":1}}}",
                LegacyScript.SESSION_HEADER)));
             BridgeGateway gateway = BridgeGateway.builder()
                     .upstream("erring", upstream.uri(), EraSetting.LEGACY).start()) {

            ModernAnswer answer = gateway.client("erring").send(ModernRequest.toolCall(5, "any", "{}"));

            assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
            assertThat(answer.response().path("id").asInt()).isEqualTo(5);
            assertThat(answer.error().path("code").asInt()).isEqualTo(clientCode);
            JsonNode data = answer.error().path("data");
            if (wrapped) {
                assertThat(data.path("upstreamError").path("code").asInt()).isEqualTo(upstreamCode);
                assertThat(data.path("upstreamError").path("data").path("detail").asInt()).isEqualTo(1);
            } else {
                assertThat(data.path("detail").asInt()).isEqualTo(1);
            }
        }
    }

    @Test
    void progressSentOnAnotherRequestsStreamNeverReachesTheWrongClient() {
        CompletableFuture<ScriptedUpstream.Exchange> first = new CompletableFuture<>();
        try (ScriptedUpstream upstream = ScriptedUpstream.start(new LegacyScript(exchange -> {
            JsonNode request = exchange.request().json();
            exchange.sseStart(LegacyScript.SESSION_HEADER);
            if ("first".equals(request.path("params").path("name").asText())) {
                first.complete(exchange);
                return;
            }
            // A confused upstream reports the second call's progress on the first call's stream.
            String token = request.path("params").path("_meta").path("progressToken").toString();
            first.join().sseEvent("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":"
                    + "{\"progressToken\":" + token + ",\"progress\":1,\"total\":2}}");
            for (ScriptedUpstream.Exchange call : List.of(first.join(), exchange)) {
                call.sseEvent("{\"jsonrpc\":\"2.0\",\"id\":" + call.request().json().get("id")
                        + ",\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"done\"}]}}");
                call.sseEnd();
            }
        }));
             BridgeGateway gateway = BridgeGateway.builder()
                     .upstream("confused", upstream.uri(), EraSetting.LEGACY).start()) {
            ModernClient client = gateway.client("confused");

            CompletableFuture<ModernAnswer> firstAnswer = client.sendAsync(
                    ModernRequest.toolCall(1, "first", "{}").withProgressToken("first-token"));
            first.join();
            ModernAnswer secondAnswer = client.send(
                    ModernRequest.toolCall(2, "second", "{}").withProgressToken("second-token"));

            assertThat(text(secondAnswer)).isEqualTo("done");
            assertThat(text(firstAnswer.join())).isEqualTo("done");
            assertThat(firstAnswer.join().notifications("notifications/progress"))
                    .as("the first client never sees the second client's token").isEmpty();
        }
    }
    @Test
    void progressEndsWithTheAnswer() {
        try (ScriptedUpstream upstream = ScriptedUpstream.start(new LegacyScript(exchange -> {
            JsonNode request = exchange.request().json();
            String progress = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":"
                    + "{\"progressToken\":" + request.path("params").path("_meta").path("progressToken")
                    + ",\"progress\":%d,\"total\":2}}";
            exchange.sseStart(LegacyScript.SESSION_HEADER);
            exchange.sseEvent(progress.formatted(1));
            exchange.sseEvent("{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id")
                    + ",\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"done\"}]}}");
            exchange.sseEvent(progress.formatted(2));
            exchange.sseEnd();
        }));
             BridgeGateway gateway = BridgeGateway.builder()
                     .upstream("chatty", upstream.uri(), EraSetting.LEGACY).start()) {
            ModernClient client = gateway.client("chatty");

            ModernAnswer answer = client.send(ModernRequest.toolCall(1, "late", "{}").withProgressToken("t"));
            ModernAnswer next = client.send(ModernRequest.toolCall(2, "late", "{}"));

            assertThat(answer.messages()).extracting(m -> m.path("method").asText("result"))
                    .containsExactly("notifications/progress", "result");
            assertThat(answer.notifications("notifications/progress").get(0).path("params").path("progress")
                    .asInt()).isEqualTo(1);
            assertThat(text(next)).as("the connection carries the next answer cleanly").isEqualTo("done");
            assertThat(next.response().path("id").asInt()).isEqualTo(2);
        }
    }
}
