package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.config.EraSetting;
import io.eragate.netty.testing.LegacyFixtureUpstream;
import io.eragate.netty.testing.RecordedRequest;
import io.eragate.netty.testing.UnknownSessionReply;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A session the upstream forgot is replaced and the request replayed once, since the upstream refused it unrun;
 * any other failure of a call in flight reaches the client and is never replayed.
 */
class SessionExpiryIT {
    private static final ModernRequest COUNTER = ModernRequest.toolCall(1, "counter", "{}");

    private static String text(ModernAnswer answer) {
        return answer.result().path("content").get(0).path("text").asText();
    }

    private static List<RecordedRequest> counterCalls(LegacyFixtureUpstream legacy) {
        return legacy.requests().stream().filter(r -> "counter".equals(r.toolName())).toList();
    }

    @ParameterizedTest
    @EnumSource(UnknownSessionReply.class)
    void anExpiredSessionIsReplacedAndTheCallRunsExactlyOnce(UnknownSessionReply reply) {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.builder().unknownSessionReply(reply).start();
             BridgeGateway gateway = BridgeGateway.builder()
                     .upstream("legacy", legacy.uri(), EraSetting.LEGACY).start()) {
            ModernClient client = gateway.client("legacy");
            assertThat(text(client.send(COUNTER))).isEqualTo("1");
            assertThat(text(client.send(COUNTER))).isEqualTo("2");

            legacy.expireAllSessions();
            ModernAnswer afterExpiry = client.send(COUNTER);
            ModernAnswer next = client.send(COUNTER);

            assertThat(afterExpiry.status()).as(afterExpiry.toString()).isEqualTo(200);
            assertThat(text(afterExpiry)).isEqualTo("3");
            assertThat(text(next)).isEqualTo("4");
            assertThat(legacy.counterValue()).as("every call ran exactly once").isEqualTo(4);
            assertThat(legacy.initializeCount()).isEqualTo(2);
            assertThat(gateway.server().bridge().initializeCount()).isEqualTo(2);
            List<String> sessions = counterCalls(legacy).stream()
                    .map(r -> r.headers().first("Mcp-Session-Id").orElseThrow()).toList();
            assertThat(sessions).hasSize(5);
            assertThat(sessions.get(2)).as("the refused call went on the old session").isEqualTo(sessions.get(0));
            assertThat(sessions.get(3)).as("its replay on the new one").isNotEqualTo(sessions.get(0))
                    .isEqualTo(sessions.get(4));
        }
    }

    @Test
    void concurrentCallsOnAnExpiredSessionShareOneReplacement() {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.builder()
                .unknownSessionReply(UnknownSessionReply.BAD_REQUEST_400).start();
             BridgeGateway gateway = BridgeGateway.builder()
                     .upstream("legacy", legacy.uri(), EraSetting.LEGACY).start()) {
            ModernClient client = gateway.client("legacy");
            assertThat(text(client.send(COUNTER))).isEqualTo("1");

            legacy.expireAllSessions();
            List<CompletableFuture<ModernAnswer>> burst = IntStream.range(0, 8)
                    .mapToObj(i -> client.sendAsync(ModernRequest.toolCall(i, "counter", "{}"))).toList();

            Set<String> counts = burst.stream().map(CompletableFuture::join).map(SessionExpiryIT::text)
                    .collect(Collectors.toSet());
            assertThat(counts).containsExactlyInAnyOrder("2", "3", "4", "5", "6", "7", "8", "9");
            assertThat(legacy.counterValue()).isEqualTo(9);
            assertThat(legacy.initializeCount()).isEqualTo(2);
        }
    }

    @Test
    void aCallIsReplayedAtMostOnce() {
        try (ScriptedUpstream upstream = ScriptedUpstream.start(new LegacyScript(exchange -> exchange.json(404,
                "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32001,\"message\":\"Session not found\"},\"id\":null}",
                Map.of())));
             BridgeGateway gateway = BridgeGateway.builder()
                     .upstream("forgetful", upstream.uri(), EraSetting.LEGACY).start()) {

            ModernAnswer answer = gateway.client("forgetful").send(COUNTER);

            assertThat(answer.status()).as(answer.toString()).isEqualTo(502);
            assertThat(answer.response().path("id").asInt()).isEqualTo(1);
            assertThat(upstream.count("tools/call")).as("the call and its one replay").isEqualTo(2);
            assertThat(upstream.count("initialize")).isEqualTo(2);
        }
    }

    /** How a scripted upstream fails a tools/call it has started running. */
    enum Failure {
        CLOSED_BEFORE_ANSWERING(exchange -> exchange.die()),
        CLOSED_MID_STREAM(exchange -> {
            exchange.sseStart(LegacyScript.SESSION_HEADER);
            exchange.sseEvent("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":"
                    + "{\"level\":\"info\",\"data\":\"working\"}}");
            exchange.die();
        }),
        HTTP_500_WITH_A_PAGE(exchange -> exchange.json(500, "<html>oops</html>", LegacyScript.SESSION_HEADER)),
        HTTP_400_NOT_ABOUT_THE_SESSION(exchange -> exchange.json(400,
                "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32000,\"message\":\"Bad Request: tool exploded\"},"
                        + "\"id\":null}", LegacyScript.SESSION_HEADER));

        private final ScriptedUpstream.Script script;

        Failure(ScriptedUpstream.Script script) {
            this.script = script;
        }
    }

    @ParameterizedTest
    @EnumSource(Failure.class)
    void anyOtherFailureOfACallInFlightIsNeverReplayed(Failure failure) {
        AtomicInteger ran = new AtomicInteger();
        try (ScriptedUpstream upstream = ScriptedUpstream.start(new LegacyScript(exchange -> {
            ran.incrementAndGet();
            failure.script.answer(exchange);
        }));
             BridgeGateway gateway = BridgeGateway.builder()
                     .upstream("failing", upstream.uri(), EraSetting.LEGACY).start()) {

            ModernAnswer answer = gateway.client("failing").send(COUNTER);

            assertThat(answer.status()).as(answer.toString()).isEqualTo(502);
            assertThat(answer.error().path("code").asInt()).isEqualTo(-32603);
            assertThat(answer.response().path("id").asInt()).isEqualTo(1);
            assertThat(ran).as("the call ran once and was not sent again").hasValue(1);
            assertThat(upstream.count("initialize")).isEqualTo(1);
        }
    }

    @Test
    void aStreamThatBreaksAfterProgressReachedTheClientEndsWithAnErrorForItsIdNotAResult() {
        AtomicInteger ran = new AtomicInteger();
        try (ScriptedUpstream upstream = ScriptedUpstream.start(new LegacyScript(exchange -> {
            ran.incrementAndGet();
            String token = exchange.request().json().path("params").path("_meta").path("progressToken").toString();
            exchange.sseStart(LegacyScript.SESSION_HEADER);
            exchange.sseEvent("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":"
                    + "{\"progressToken\":" + token + ",\"progress\":1,\"total\":2}}");
            exchange.die();
        }));
             BridgeGateway gateway = BridgeGateway.builder()
                     .upstream("failing", upstream.uri(), EraSetting.LEGACY).start()) {

            CompletableFuture<ModernAnswer> answer = gateway.client("failing")
                    .sendAsync(COUNTER.withProgressToken("p"));

            java.util.List<com.fasterxml.jackson.databind.JsonNode> messages = answer.join().messages();
            com.fasterxml.jackson.databind.JsonNode last = messages.get(messages.size() - 1);
            assertThat(last.has("result")).as("no fake result after a broken stream").isFalse();
            assertThat(last.path("error").path("data").path("outcome").asText()).isEqualTo("unknown");
            assertThat(ran).hasValue(1);
        }
    }
}
