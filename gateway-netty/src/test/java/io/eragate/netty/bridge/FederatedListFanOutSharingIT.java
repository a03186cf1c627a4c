package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.config.EraSetting;
import io.eragate.netty.federation.Federation;
import io.eragate.netty.testing.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Deque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Clients asking at once for a merged page that is not cached share one fan-out: when a page expires under load, each
 * upstream is asked once, not once per waiting client, and every client gets the merged list under its own request id.
 * A page invalidated while its fan-out is under way is asked for afresh by the next client, and the stale fan-out
 * caches nothing. The upstreams hold every {@code tools/list} answer until the test releases them, so that the
 * requests are in flight together whatever the machine's speed.
 */
class FederatedListFanOutSharingIT {
    private static final String TOOLS_LIST = "tools/list";

    /**
     * A modern upstream whose {@code tools/list} answers wait in {@code held}; its one tool is {@code tool-vN} in the
     * answer to its Nth list, so that a list shows which fan-out it came from. It listens to nothing.
     */
    private static ScriptedUpstream holding(String tool, Deque<Runnable> held) {
        AtomicInteger lists = new AtomicInteger();
        return ScriptedUpstream.start(exchange -> {
            String id = exchange.request().json().path("id").toString();
            if (TOOLS_LIST.equals(exchange.request().rpcMethod())) {
                String name = tool + "-v" + lists.incrementAndGet();
                held.add(() -> exchange.json(200, "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":{\"tools\":[{"
                        + "\"name\":\"" + name + "\",\"inputSchema\":{\"type\":\"object\"}}]}}", Map.of()));
            } else {
                exchange.json(404, "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"error\":{\"code\":-32601,"
                        + "\"message\":\"Method not found\"}}", Map.of());
            }
        });
    }

    private static BridgeGateway federation(ScriptedUpstream alpha, ScriptedUpstream beta) {
        return BridgeGateway.builder()
                .upstream("alpha", alpha.uri(), EraSetting.MODERN)
                .upstream("beta", beta.uri(), EraSetting.MODERN)
                .federatedRoute("/fed", List.of("alpha", "beta"))
                .listCache(Duration.ofMinutes(10), 64, 1 << 20)
                .start();
    }

    private static void release(Deque<Runnable> held) {
        for (Runnable answer = held.pollFirst(); answer != null; answer = held.pollFirst()) {
            answer.run();
        }
    }

    private static void assertMergedListAnswers(ModernAnswer answer, int id, int version) {
        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        assertThat(answer.response().path("id").asInt()).as("the answer keeps its own request's id").isEqualTo(id);
        List<String> names = new ArrayList<>();
        answer.result().path("tools").forEach(tool -> names.add(tool.path("name").asText()));
        assertThat(names).containsExactly("alpha_echo-v" + version, "beta_add-v" + version);
    }

    @Test
    void clientsAskingAtOnceForAnUncachedPageShareOneFanOut() {
        Deque<Runnable> held = new LinkedBlockingDeque<>();
        int clients = 6;
        try (ScriptedUpstream alpha = holding("echo", held);
             ScriptedUpstream beta = holding("add", held);
             BridgeGateway gateway = federation(alpha, beta)) {
            Federation federation = gateway.server().context().federation();
            List<CompletableFuture<ModernAnswer>> answers = new ArrayList<>();
            for (int id = 1; id <= clients; id++) {
                answers.add(gateway.client("fed").sendAsync(ModernRequest.of(id, TOOLS_LIST)));
            }

            // Both legs must have reached their upstream before the answers are released, or one would be held on.
            Await.until("every client but the first joined the fan-out under way, which reached both upstreams",
                    Duration.ofSeconds(30), () -> federation.joinedFanOuts() == clients - 1 && held.size() == 2,
                    () -> "joined " + federation.joinedFanOuts() + ", alpha asked " + alpha.count(TOOLS_LIST)
                            + " times, beta " + beta.count(TOOLS_LIST));
            assertThat(answers).noneMatch(CompletableFuture::isDone);
            release(held);

            for (int id = 1; id <= clients; id++) {
                assertMergedListAnswers(answers.get(id - 1).join(), id, 1);
            }
            assertThat(alpha.count(TOOLS_LIST)).as("alpha asked once for all the clients").isEqualTo(1);
            assertThat(beta.count(TOOLS_LIST)).as("beta asked once for all the clients").isEqualTo(1);
            assertThat(federation.cachedPages()).isEqualTo(1);
            assertMergedListAnswers(gateway.client("fed").send(ModernRequest.of(99, TOOLS_LIST)), 99, 1);
            assertThat(alpha.count(TOOLS_LIST)).as("the next list is a cache hit").isEqualTo(1);
        }
    }

    @Test
    void aPageInvalidatedDuringItsFanOutIsAskedForAfreshAndTheStaleFanOutCachesNothing() {
        Deque<Runnable> held = new LinkedBlockingDeque<>();
        try (ScriptedUpstream alpha = holding("echo", held);
             ScriptedUpstream beta = holding("add", held);
             BridgeGateway gateway = federation(alpha, beta)) {
            Federation federation = gateway.server().context().federation();
            CompletableFuture<ModernAnswer> stale = gateway.client("fed").sendAsync(ModernRequest.of(1, TOOLS_LIST));
            Await.until("the first fan-out reached both upstreams", Duration.ofSeconds(30),
                    () -> alpha.count(TOOLS_LIST) == 1 && beta.count(TOOLS_LIST) == 1,
                    () -> "alpha " + alpha.count(TOOLS_LIST) + ", beta " + beta.count(TOOLS_LIST));

            federation.invalidate("/fed");
            CompletableFuture<ModernAnswer> fresh = gateway.client("fed").sendAsync(ModernRequest.of(2, TOOLS_LIST));
            Await.until("the request after the invalidation asked both upstreams itself", Duration.ofSeconds(30),
                    () -> alpha.count(TOOLS_LIST) == 2 && beta.count(TOOLS_LIST) == 2,
                    () -> "alpha " + alpha.count(TOOLS_LIST) + ", beta " + beta.count(TOOLS_LIST) + ", joined "
                            + federation.joinedFanOuts());
            // The fresh fan-out ends first; the stale one, ending after it, must not put its page over the fresh one.
            for (Runnable answer = held.pollLast(); answer != null; answer = held.pollLast()) {
                answer.run();
                if (held.size() == 2) {
                    assertMergedListAnswers(fresh.join(), 2, 2);
                }
            }

            assertMergedListAnswers(stale.join(), 1, 1);
            assertThat(federation.joinedFanOuts()).isZero();
            assertMergedListAnswers(gateway.client("fed").send(ModernRequest.of(3, TOOLS_LIST)), 3, 2);
            assertThat(alpha.count(TOOLS_LIST)).as("the third list is a cache hit").isEqualTo(2);
        }
    }
}
