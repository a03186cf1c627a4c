package io.eragate.core.bridge;

import static io.eragate.core.bridge.TestJson.node;
import static io.eragate.core.bridge.TestJson.obj;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IdRewriterTest {

    private final IdRewriter rewriter = new IdRewriter(7, 100);

    @Test
    void twoClientsWithTheSameIdAndTokenGetDistinctUpstreamIdsAndTokens() {
        UpstreamExchange a = begin(JsonRpcId.of(1), node("'tok'"));
        UpstreamExchange b = begin(JsonRpcId.of(1), node("'tok'"));

        assertThat(a.upstreamId()).isNotEqualTo(b.upstreamId());
        assertThat(a.upstreamProgressToken()).isNotEqualTo(b.upstreamProgressToken());
        assertThat(a.upstreamId().node().textValue()).isEqualTo("eg-7-1");
        assertThat(b.upstreamId().node().textValue()).isEqualTo("eg-7-2");
        assertThat(rewriter.byUpstreamId(a.upstreamId())).containsSame(a);
        assertThat(rewriter.byUpstreamId(b.upstreamId())).containsSame(b);
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "'1'", "9007199254740993", "'req-α'", "1.5"})
    void theClientsIdComesBackExactlyAsItWasWritten(String idJson) {
        JsonRpcId clientId = new JsonRpcId(node(idJson));
        UpstreamExchange exchange = begin(clientId, null);

        JsonRpcResponse upstream = JsonRpcResponse.success(exchange.upstreamId(), obj("{'content':[]}"));
        JsonRpcResponse forClient = rewriter.responseForClient(upstream).orElseThrow();

        assertThat(forClient.id().node()).isEqualTo(node(idJson));
        assertThat(forClient.id().node().getNodeType()).isEqualTo(node(idJson).getNodeType());
        assertThat(forClient.result()).isEqualTo(obj("{'content':[]}"));
    }

    @Test
    void anErrorResponseIsReAddressedToo() {
        UpstreamExchange exchange = begin(JsonRpcId.of("c-1"), null);
        JsonRpcError error = JsonRpcError.of(-32603, "x");

        JsonRpcResponse forClient =
                rewriter.responseForClient(JsonRpcResponse.failure(exchange.upstreamId(), error)).orElseThrow();

        assertThat(forClient.id()).isEqualTo(JsonRpcId.of("c-1"));
        assertThat(forClient.error()).isSameAs(error);
    }

    @Test
    void responsesForUnknownOrReleasedOrUnreadableIdsAreDropped() {
        UpstreamExchange exchange = begin(JsonRpcId.of(1), null);
        rewriter.release(exchange);

        assertThat(rewriter.responseForClient(JsonRpcResponse.success(exchange.upstreamId(), obj("{}")))).isEmpty();
        assertThat(rewriter.responseForClient(JsonRpcResponse.success(JsonRpcId.of("eg-7-99"), obj("{}")))).isEmpty();
        assertThat(rewriter.responseForClient(JsonRpcResponse.success(JsonRpcId.of(1), obj("{}")))).isEmpty();
        assertThat(rewriter.responseForClient(JsonRpcResponse.failure(null, JsonRpcError.of(-32700, "x")))).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"'tok-1'", "42", "0", "-3", "2.5"})
    void progressComesBackWithTheClientsOwnToken(String tokenJson) {
        UpstreamExchange exchange = begin(JsonRpcId.of(1), node(tokenJson));
        ObjectNode upstream = obj("{'progress':1,'total':3,'message':'m'}");
        upstream.set("progressToken", exchange.upstreamProgressToken());

        ObjectNode forClient = rewriter.progressForClient(upstream).orElseThrow();

        assertThat(forClient.get("progressToken")).isEqualTo(node(tokenJson));
        assertThat(forClient.get("progressToken").getNodeType()).isEqualTo(node(tokenJson).getNodeType());
        assertThat(forClient.get("progress").intValue()).isEqualTo(1);
        assertThat(forClient.get("total").intValue()).isEqualTo(3);
        assertThat(upstream.get("progressToken")).as("input untouched").isEqualTo(exchange.upstreamProgressToken());
    }

    @Test
    void progressAfterReleaseOrForUnknownTokensIsDropped() {
        UpstreamExchange exchange = begin(JsonRpcId.of(1), node("'t'"));
        ObjectNode upstream = obj("{'progress':1}");
        upstream.set("progressToken", exchange.upstreamProgressToken());
        rewriter.release(exchange);

        assertThat(rewriter.progressForClient(upstream)).isEmpty();
        assertThat(rewriter.progressForClient(obj("{'progressToken':'eg-7-55','progress':1}"))).isEmpty();
        assertThat(rewriter.progressForClient(obj("{'progressToken':1,'progress':1}"))).isEmpty();
        assertThat(rewriter.progressForClient(obj("{'progress':1}"))).isEmpty();
    }

    @Test
    void anExchangeWithoutATokenIsNotFoundByToken() {
        UpstreamExchange exchange = begin(JsonRpcId.of(1), null);

        assertThat(exchange.upstreamProgressToken()).isNull();
        assertThat(rewriter.byUpstreamProgressToken(exchange.upstreamId().node())).isEmpty();
    }

    @Test
    void rejectsAProgressTokenThatIsNeitherStringNorNumber() {
        assertThatThrownBy(() -> rewriter.tryBegin(JsonRpcId.of(1), obj("{}")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> rewriter.tryBegin(JsonRpcId.of(1), node("true")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(rewriter.inFlight()).isZero();
    }

    @Test
    void refusesBeyondTheBoundAndFreesASlotOnRelease() {
        IdRewriter bounded = new IdRewriter(1, 2);
        UpstreamExchange first = bounded.tryBegin(JsonRpcId.of(1), null).orElseThrow();
        bounded.tryBegin(JsonRpcId.of(2), null).orElseThrow();

        assertThat(bounded.tryBegin(JsonRpcId.of(3), null)).isEmpty();
        assertThat(bounded.inFlight()).isEqualTo(2);

        assertThat(bounded.release(first)).isTrue();
        assertThat(bounded.release(first)).as("second release is a no-op").isFalse();
        assertThat(bounded.inFlight()).isEqualTo(1);
        assertThat(bounded.tryBegin(JsonRpcId.of(3), null)).isPresent();
        assertThat(bounded.tryBegin(JsonRpcId.of(4), null)).isEmpty();
    }

    @Test
    void releaseOfAForeignExchangeChangesNothing() {
        UpstreamExchange mine = begin(JsonRpcId.of(1), null);
        UpstreamExchange lookalike = new UpstreamExchange(mine.upstreamId(), JsonRpcId.of(2), null, null);

        assertThat(rewriter.release(lookalike)).isFalse();
        assertThat(rewriter.byUpstreamId(mine.upstreamId())).containsSame(mine);
        assertThat(rewriter.inFlight()).isEqualTo(1);
    }

    @Test
    void upstreamIdsAreNeverReusedAfterRelease() {
        Set<JsonRpcId> seen = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            UpstreamExchange exchange = begin(JsonRpcId.of(1), null);
            assertThat(seen.add(exchange.upstreamId())).isTrue();
            rewriter.release(exchange);
        }
    }

    @Test
    void rejectsANonPositiveBound() {
        assertThatThrownBy(() -> new IdRewriter(1, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void concurrentClientsNeverShareAnIdAndNeverExceedTheBound() throws Exception {
        int threads = 8;
        int perThread = 500;
        IdRewriter shared = new IdRewriter(3, 16);
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<List<String>>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Callable<List<String>> worker = () -> {
                    start.await();
                    List<String> ids = new ArrayList<>();
                    for (int i = 0; i < perThread; i++) {
                        Optional<UpstreamExchange> exchange = shared.tryBegin(JsonRpcId.of(i), node("" + i));
                        if (exchange.isPresent()) {
                            assertThat(shared.inFlight()).isLessThanOrEqualTo(16);
                            ids.add(exchange.get().upstreamId().node().textValue());
                            assertThat(shared.byUpstreamId(exchange.get().upstreamId())).containsSame(exchange.get());
                            shared.release(exchange.get());
                        }
                    }
                    return ids;
                };
                results.add(pool.submit(worker));
            }
            start.countDown();
            Set<String> all = new HashSet<>();
            int count = 0;
            for (Future<List<String>> result : results) {
                List<String> ids = result.get(30, TimeUnit.SECONDS);
                count += ids.size();
                all.addAll(ids);
            }
            assertThat(all).hasSize(count);
            assertThat(count).isPositive();
            assertThat(shared.inFlight()).isZero();
        } finally {
            pool.shutdownNow();
        }
    }

    private UpstreamExchange begin(JsonRpcId clientId, JsonNode token) {
        return rewriter.tryBegin(clientId, token).orElseThrow();
    }
}
