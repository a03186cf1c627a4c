package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.MrtrConfig;
import io.eragate.core.config.ShutdownConfig;
import io.eragate.core.reload.ReloadReport;
import io.eragate.core.exchange.ExchangeOutcome;
import io.eragate.netty.testing.Await;
import io.eragate.netty.testing.RecordingObserver;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A gateway asked to stop (what SIGTERM runs) with calls in flight: readiness turns 503 at once, a call that
 * finishes within the drain gets its answer, and one still running at the drain deadline gets a JSON-RPC error for
 * its id, is cancelled upstream, and its bridged session is deleted. A call parked for input (its client holds
 * {@code input_required} and has not retried) is reached too: its upstream questions are answered "cancel", the call
 * is cancelled upstream and its session deleted, within the drain.
 */
class DrainIT {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private final RecordingObserver outcomes = new RecordingObserver();
    private final ScheduledExecutorService later = Executors.newSingleThreadScheduledExecutor();

    @AfterEach
    void stop() {
        later.shutdownNow();
    }

    private static int readyz(BridgeGateway gateway) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(gateway.admin("/readyz")).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString()).statusCode();
    }

    private static CompletableFuture<Void> drainInBackground(BridgeGateway gateway) {
        return CompletableFuture.runAsync(() -> {
            try {
                gateway.server().drainAndClose();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        });
    }

    @Test
    void aCallStillRunningAtTheDrainDeadlineGetsAnErrorIsCancelledAndItsSessionDeleted() throws Exception {
        try (ScriptedUpstream upstream = ScriptedUpstream.start(new LegacyScript(exchange -> { }));
             BridgeGateway gateway = BridgeGateway.builder().upstream("up", upstream.uri(), EraSetting.LEGACY)
                     .shutdown(new ShutdownConfig(Duration.ofMillis(200), Duration.ofSeconds(1)))
                     .observer(outcomes).start()) {
            CompletableFuture<ModernAnswer> call = gateway.client("up").sendAsync(ModernRequest.toolCall(51,
                    "long_job", "{}"));
            Await.until("the call reached the upstream", () -> upstream.count("tools/call") == 1);
            assertThat(readyz(gateway)).isEqualTo(200);

            CompletableFuture<Void> drained = drainInBackground(gateway);
            Await.until("draining", () -> gateway.server().isDraining());
            assertThat(readyz(gateway)).as("readiness turns 503 at once").isEqualTo(503);
            ModernAnswer answer = call.get(30, TimeUnit.SECONDS);
            drained.get(30, TimeUnit.SECONDS);

            assertThat(answer.status()).isEqualTo(503);
            JsonNode response = answer.response();
            assertThat(response.path("id").asInt()).isEqualTo(51);
            assertThat(answer.error().path("message").asText()).contains("shutting down");
            assertThat(answer.error().path("data").path("outcome").asText()).isEqualTo("unknown");
            assertThat(upstream.count("notifications/cancelled")).as("cancelled upstream").isEqualTo(1);
            assertThat(upstream.requests().stream().filter(seen -> "DELETE".equals(seen.httpMethod())).count())
                    .as("the bridged session was deleted").isEqualTo(1);
            assertThat(upstream.count("tools/call")).as("exactly once").isEqualTo(1);
            ExchangeOutcome outcome = outcomes.await(1).get(0);
            assertThat(outcome.errorType()).isEqualTo("shutdown");
        }
    }

    @Test
    void aCallThatEndsWithinTheDrainGetsItsAnswer() throws Exception {
        try (ScriptedUpstream upstream = ScriptedUpstream.start(exchange ->
                later.schedule(() -> exchange.json(200, "{\"jsonrpc\":\"2.0\",\"id\":" + exchange.request().json()
                        .get("id") + ",\"result\":{\"content\":[]}}", Map.of()), 500, TimeUnit.MILLISECONDS));
             BridgeGateway gateway = BridgeGateway.builder().upstream("up", upstream.uri(), EraSetting.MODERN)
                     .shutdown(new ShutdownConfig(Duration.ZERO, Duration.ofSeconds(30))).start()) {
            CompletableFuture<ModernAnswer> call = gateway.client("up").sendAsync(ModernRequest.toolCall(52,
                    "short_job", "{}"));
            Await.until("the call reached the upstream", () -> upstream.count("tools/call") == 1);

            CompletableFuture<Void> drained = drainInBackground(gateway);
            ModernAnswer answer = call.get(30, TimeUnit.SECONDS);
            drained.get(30, TimeUnit.SECONDS);

            assertThat(answer.status()).isEqualTo(200);
            assertThat(answer.response().path("id").asInt()).isEqualTo(52);
            assertThat(answer.result().has("content")).isTrue();
        }
    }

    @Test
    void drainTimingsChangedByAReloadApplyToTheNextDrain() throws Exception {
        try (ScriptedUpstream upstream = ScriptedUpstream.start(new LegacyScript(exchange -> { }));
             BridgeGateway gateway = BridgeGateway.builder().upstream("up", upstream.uri(), EraSetting.LEGACY)
                     .shutdown(new ShutdownConfig(Duration.ZERO, Duration.ofMinutes(10))).start()) {
            ReloadReport reload = gateway.server().operations().reload(gateway.config()
                    .withShutdown(new ShutdownConfig(Duration.ZERO, Duration.ofSeconds(1))), "test");
            assertThat(reload.result()).as(reload.problems().toString()).isEqualTo(ReloadReport.Result.APPLIED);
            assertThat(reload.summary()).isEqualTo("shutdown");
            CompletableFuture<ModernAnswer> call = gateway.client("up").sendAsync(ModernRequest.toolCall(53,
                    "long_job", "{}"));
            Await.until("the call reached the upstream", () -> upstream.count("tools/call") == 1);

            CompletableFuture<Void> drained = drainInBackground(gateway);
            // With the drain timeout the gateway started with (10 minutes), neither would end within this bound.
            ModernAnswer answer = call.get(60, TimeUnit.SECONDS);
            drained.get(60, TimeUnit.SECONDS);

            assertThat(answer.status()).isEqualTo(503);
            assertThat(answer.error().path("message").asText()).contains("shutting down");
        }
    }

    @Test
    void aCallParkedForInputIsCancelledUpstreamAndItsSessionDeletedWithinTheDrain() throws Exception {
        Duration drainTimeout = Duration.ofSeconds(1);
        try (AskingUpstream upstream = new AskingUpstream();
             BridgeGateway gateway = BridgeGateway.builder().upstream("asking", upstream.uri(), EraSetting.LEGACY)
                     .mrtr(new MrtrConfig("", Duration.ofMinutes(5), 16, 8, Duration.ofMillis(20),
                             MrtrConfig.SessionCapabilities.AS_DECLARED))
                     .secrets(List.of("a-shared-secret-of-the-fleet"))
                     .shutdown(new ShutdownConfig(Duration.ZERO, drainTimeout)).start()) {
            JsonNode asked = gateway.client("asking").send(ModernRequest.toolCall(61, "ask", "{}")
                    .withCapabilities("{\"elicitation\":{}}")).result();
            assertThat(asked.path("resultType").asText()).isEqualTo("input_required");
            assertThat(gateway.server().bridge().pendingRounds()).isEqualTo(1);

            long start = System.nanoTime();
            drainInBackground(gateway).get(30, TimeUnit.SECONDS);
            Duration took = Duration.ofNanos(System.nanoTime() - start);

            assertThat(upstream.answers()).as("the upstream's question is answered").hasSize(1);
            assertThat(upstream.answers().get(0).path("result").path("action").asText()).isEqualTo("cancel");
            assertThat(upstream.count("notifications/cancelled")).as("the parked call is cancelled").isEqualTo(1);
            assertThat(upstream.requests().stream().filter(seen -> "DELETE".equals(seen.httpMethod())).count())
                    .as("its session is deleted").isEqualTo(1);
            assertThat(upstream.count("tools/call")).as("exactly once").isEqualTo(1);
            // The round is ended by the drain, never left to its own five minutes.
            assertThat(took).isLessThan(Duration.ofSeconds(25));
        }
    }
}
