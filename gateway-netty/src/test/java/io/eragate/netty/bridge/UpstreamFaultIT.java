package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.LimitsConfig;
import io.eragate.core.exchange.ExchangeOutcome;
import io.eragate.netty.testing.Await;
import io.eragate.netty.testing.RecordingObserver;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Upstreams that stall, stop talking mid-answer or never answer, scripted request by request: the client gets a
 * JSON-RPC error for its own id (a response before anything was sent, the stream's last event after), told
 * whether the request may have run ({@code data.outcome}); the upstream is cancelled (its stream closed, or
 * {@code notifications/cancelled} on a legacy session); and the tool ran exactly once.
 */
class UpstreamFaultIT {
    private static final Duration SHORT = Duration.ofMillis(400);
    private final RecordingObserver outcomes = new RecordingObserver();
    private final ScheduledExecutorService pinger = Executors.newSingleThreadScheduledExecutor();

    @AfterEach
    void stopPinger() {
        pinger.shutdownNow();
    }

    private BridgeGateway gateway(ScriptedUpstream upstream, EraSetting era, LimitsConfig limits) {
        return BridgeGateway.builder().upstream("up", upstream.uri(), era).limits(limits).observer(outcomes).start();
    }

    private static LimitsConfig deadlines(Duration idle, Duration total) {
        return LimitsConfig.defaults().withUpstreamDeadlines(idle, total);
    }

    /**
     * The whole answer, bounded: an HTTP client's own timeout covers only the head, and a stream that is never
     * ended must fail the test rather than hang it.
     */
    private static ModernAnswer send(BridgeGateway gateway, ModernRequest request) {
        try {
            return gateway.client("up").sendAsync(request).get(30, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("the answer did not end within 30 s", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new AssertionError("the answer failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    private static JsonNode lastMessage(ModernAnswer answer) {
        return answer.messages().get(answer.messages().size() - 1);
    }

    @Test
    void aModernStreamThatGoesSilentEndsWithAnErrorEventForItsIdAndTheUpstreamStreamClosed() {
        ScriptedUpstream.Exchange[] held = new ScriptedUpstream.Exchange[1];
        try (ScriptedUpstream upstream = ScriptedUpstream.start(exchange -> {
                held[0] = exchange;
                exchange.sseStart(Map.of());
                exchange.sseEvent("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":"
                        + "{\"progressToken\":1,\"progress\":1}}");
            });
             BridgeGateway gateway = gateway(upstream, EraSetting.MODERN, deadlines(SHORT, Duration.ZERO))) {
            ModernAnswer answer = send(gateway, ModernRequest.toolCall(41, "stall", "{}"));

            assertThat(answer.status()).isEqualTo(200);
            assertThat(answer.isEventStream()).isTrue();
            JsonNode last = lastMessage(answer);
            assertThat(last.path("id").asInt()).isEqualTo(41);
            assertThat(last.path("error").path("code").asInt()).isEqualTo(-32603);
            assertThat(last.path("error").path("message").asText()).contains("sent nothing for 400 ms",
                    "limits.upstreamIdleTimeout");
            assertThat(last.path("error").path("data").path("outcome").asText()).isEqualTo("unknown");
            Await.until("the upstream stream was closed (the modern cancellation)", () -> !held[0].connectionOpen());
            assertThat(upstream.count("tools/call")).isEqualTo(1);
            ExchangeOutcome outcome = outcomes.awaitOnly();
            assertThat(outcome.errorType()).isEqualTo("timeout");
            assertThat(outcome.jsonRpcErrorCode()).isEqualTo(-32603);
        }
    }

    @Test
    void keepAliveCommentsCountAsTrafficAndTheTotalDeadlineStillEndsTheStream() {
        try (ScriptedUpstream upstream = ScriptedUpstream.start(exchange -> {
                exchange.sseStart(Map.of());
                pinger.scheduleAtFixedRate(() -> exchange.sseComment("ping"), 0, 50, TimeUnit.MILLISECONDS);
            });
             BridgeGateway gateway = gateway(upstream, EraSetting.MODERN,
                     deadlines(Duration.ofSeconds(2), Duration.ofSeconds(4)))) {
            ModernAnswer answer = send(gateway, ModernRequest.toolCall("t-1", "pinging", "{}"));

            JsonNode last = lastMessage(answer);
            assertThat(last.path("id").asText()).isEqualTo("t-1");
            assertThat(last.path("error").path("message").asText()).contains("did not finish within 4000 ms",
                    "limits.upstreamTotalTimeout");
        }
    }

    @Test
    void aBridgedCallThatGoesSilentIsCancelledUpstreamAndEndsWithAnErrorEvent() {
        try (ScriptedUpstream upstream = ScriptedUpstream.start(new LegacyScript(exchange -> {
                JsonNode token = exchange.request().json().path("params").path("_meta").path("progressToken");
                exchange.sseStart(LegacyScript.SESSION_HEADER);
                exchange.sseEvent("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":"
                        + "{\"progressToken\":" + token + ",\"progress\":1}}");
            }));
             BridgeGateway gateway = gateway(upstream, EraSetting.LEGACY, deadlines(SHORT, Duration.ZERO))) {
            ModernAnswer answer = send(gateway, ModernRequest.toolCall(42, "side_effect", "{}")
                    .withProgressToken("p"));

            assertThat(answer.status()).isEqualTo(200);
            JsonNode last = lastMessage(answer);
            assertThat(last.path("id").asInt()).isEqualTo(42);
            assertThat(last.path("error").path("data").path("outcome").asText()).isEqualTo("unknown");
            assertThat(last.path("error").path("data").path("timeoutKey").asText())
                    .isEqualTo("limits.upstreamIdleTimeout");
            Await.until("the legacy session was told notifications/cancelled",
                    () -> upstream.count("notifications/cancelled") == 1);
            assertThat(upstream.count("tools/call")).as("exactly once").isEqualTo(1);
        }
    }

    @Test
    void aGatewayTimeoutOnABridgedCallCancelsItUpstream() {
        try (ScriptedUpstream upstream = ScriptedUpstream.start(new LegacyScript(exchange -> { }));
             BridgeGateway gateway = gateway(upstream, EraSetting.LEGACY, new LimitsConfig(4L << 20, 16 << 10,
                     8 << 10, 10_000, Duration.ofSeconds(60), Duration.ofSeconds(5), SHORT, 128, 1024))) {
            ModernAnswer answer = send(gateway, ModernRequest.toolCall(43, "side_effect", "{}"));

            assertThat(answer.status()).isEqualTo(504);
            assertThat(answer.error().path("message").asText()).contains("400 ms");
            assertThat(answer.response().path("id").asInt()).isEqualTo(43);
            assertThat(answer.error().path("data").path("outcome").asText()).isEqualTo("unknown");
            Await.until("the 504 cancelled the call upstream", () -> upstream.count("notifications/cancelled") == 1);
            String cancelled = upstream.requests().stream()
                    .filter(seen -> "notifications/cancelled".equals(seen.rpcMethod())).findFirst().orElseThrow()
                    .json().path("params").path("requestId").toString();
            String called = upstream.requests().stream().filter(seen -> "tools/call".equals(seen.rpcMethod()))
                    .findFirst().orElseThrow().json().path("id").toString();
            assertThat(cancelled).as("the cancellation names the upstream's request id").isEqualTo(called);
            assertThat(upstream.count("tools/call")).isEqualTo(1);
        }
    }

    @Test
    void aSlowInitializeIsReportedWithTheTimeoutThatFired() {
        try (ScriptedUpstream upstream = ScriptedUpstream.start(exchange -> {
                if (!"initialize".equals(exchange.request().rpcMethod())) {
                    exchange.empty(202, Map.of());
                }
            });
             BridgeGateway gateway = BridgeGateway.builder().upstream("up", upstream.uri(), EraSetting.LEGACY)
                     .initializeTimeout(Duration.ofMillis(300)).observer(outcomes).start()) {
            ModernAnswer answer = send(gateway, ModernRequest.toolCall(44, "echo", "{}"));

            assertThat(answer.status()).isEqualTo(504);
            assertThat(answer.error().path("message").asText()).contains("within 300 ms", "bridge.initializeTimeout");
            assertThat(answer.error().path("data").path("timeoutMs").asLong()).isEqualTo(300);
            assertThat(answer.error().path("data").path("outcome").asText()).isEqualTo("not-delivered");
            assertThat(answer.error().path("data").path("retryAfterMs").asLong()).isPositive();
            assertThat(upstream.count("tools/call")).as("never sent").isZero();
        }
    }

    @Test
    void anUnreachableUpstreamSaysTheRequestWasNotDelivered() {
        try (ScriptedUpstream upstream = ScriptedUpstream.start(exchange -> { })) {
            java.net.URI gone = upstream.uri();
            upstream.close();
            try (BridgeGateway gateway = BridgeGateway.builder().upstream("up", gone, EraSetting.MODERN)
                    .observer(outcomes).start()) {
                ModernAnswer answer = send(gateway, ModernRequest.toolCall(45, "echo", "{}"));

                assertThat(answer.status()).isEqualTo(502);
                assertThat(answer.response().path("id").asInt()).isEqualTo(45);
                assertThat(answer.error().path("data").path("outcome").asText()).isEqualTo("not-delivered");
                assertThat(answer.error().path("data").path("retryAfterMs").asLong()).isPositive();
            }
        }
    }

    @Test
    void aModernUpstreamThatDiesMidStreamLeavesTheClientAnErrorEventNotACut() {
        try (ScriptedUpstream upstream = ScriptedUpstream.start(exchange -> {
                exchange.sseStart(Map.of());
                exchange.sseEvent("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":"
                        + "{\"progressToken\":1,\"progress\":1}}");
                pinger.schedule(exchange::die, 100, TimeUnit.MILLISECONDS);
            });
             BridgeGateway gateway = gateway(upstream, EraSetting.MODERN, LimitsConfig.defaults())) {
            ModernAnswer answer = send(gateway, ModernRequest.toolCall(46, "dies", "{}"));

            JsonNode last = lastMessage(answer);
            assertThat(last.path("id").asInt()).isEqualTo(46);
            assertThat(last.path("error").path("message").asText()).contains("connection to upstream \"up\" was lost");
            assertThat(last.path("error").path("data").path("outcome").asText()).isEqualTo("unknown");
        }
    }
}
