package io.eragate.core.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SessionPoolTest {

    private static final Duration IDLE = Duration.ofMinutes(10);
    private static final SessionKey ALICE = new SessionKey("everything", "alice", "{}", "2025-11-25");
    private static final SessionKey BOB = new SessionKey("everything", "bob", "{}", "2025-11-25");
    private static final SessionKey ALICE_ELICITS =
            new SessionKey("everything", "alice", "{\"elicitation\":{}}", "2025-11-25");

    private final FakeConnector connector = new FakeConnector();
    private final AtomicLong nanos = new AtomicLong();
    private final AtomicInteger initializeParamsBuilt = new AtomicInteger();
    private final Supplier<ObjectNode> initializeParams = () -> {
        initializeParamsBuilt.incrementAndGet();
        return JsonNodeFactory.instance.objectNode().put("protocolVersion", "2025-11-25");
    };
    private SessionPool pool = new SessionPool(connector, 100, IDLE, nanos::get);

    @AfterEach
    void closePool() {
        pool.close();
    }

    @Test
    void concurrentFirstCallersWaitForOneInitialize() throws Exception {
        connector.completeAtOnce = false;
        int callers = 16;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(callers);
        List<CompletableFuture<UpstreamSession>> acquired = new ArrayList<>();
        try {
            List<Future<CompletableFuture<UpstreamSession>>> submitted = new ArrayList<>();
            for (int i = 0; i < callers; i++) {
                submitted.add(threads.submit(() -> {
                    start.await();
                    return pool.acquire(ALICE, initializeParams);
                }));
            }
            start.countDown();
            for (Future<CompletableFuture<UpstreamSession>> future : submitted) {
                acquired.add(future.get(30, TimeUnit.SECONDS));
            }
        } finally {
            threads.shutdownNow();
        }

        assertThat(connector.opens).hasSize(1);
        assertThat(initializeParamsBuilt).hasValue(1);
        assertThat(acquired).noneMatch(CompletableFuture::isDone);

        UpstreamSession session = connector.lastOpen().succeed();

        assertThat(acquired).allSatisfy(future -> assertThat(future.join()).isSameAs(session));
    }

    @Test
    void anOpenSessionIsReusedWithoutAnotherInitialize() {
        UpstreamSession first = pool.acquire(ALICE, initializeParams).join();
        UpstreamSession second = pool.acquire(ALICE, initializeParams).join();

        assertThat(second).isSameAs(first);
        assertThat(connector.opens).hasSize(1);
        assertThat(connector.lastOpen().params().get("protocolVersion").textValue()).isEqualTo("2025-11-25");
        assertThat(pool.size()).isEqualTo(1);
    }

    @Test
    void sessionsAreNeverSharedAcrossPrincipalsOrCapabilities() {
        UpstreamSession alice = pool.acquire(ALICE, initializeParams).join();
        UpstreamSession bob = pool.acquire(BOB, initializeParams).join();
        UpstreamSession aliceElicits = pool.acquire(ALICE_ELICITS, initializeParams).join();

        assertThat(connector.opens).extracting(FakeConnector.Open::key).containsExactly(ALICE, BOB, ALICE_ELICITS);
        assertThat(List.of(alice.sessionId(), bob.sessionId(), aliceElicits.sessionId())).doesNotHaveDuplicates();
        assertThat(bob.key().principal()).isEqualTo("bob");
    }

    @Test
    void aFailedOpenIsNotKeptAndTheNextAcquireTriesAgain() {
        connector.completeAtOnce = false;
        CompletableFuture<UpstreamSession> failed = pool.acquire(ALICE, initializeParams);
        connector.lastOpen().fail("upstream refused");

        assertThatThrownBy(failed::join).isInstanceOf(CompletionException.class).hasMessageContaining("refused");
        assertThat(pool.size()).isZero();

        CompletableFuture<UpstreamSession> retried = pool.acquire(ALICE, initializeParams);
        UpstreamSession session = connector.lastOpen().succeed();

        assertThat(connector.opens).hasSize(2);
        assertThat(retried.join()).isSameAs(session);
        assertThat(connector.closed).as("a session that never opened is not closed").isEmpty();
    }

    @Test
    void anUpstreamThatRefusesSessionsDoesNotMakeCaffeineLogStackTraces() {
        Logger caffeine = Logger.getLogger("com.github.benmanes.caffeine.cache.LocalAsyncCache");
        List<LogRecord> logged = new CopyOnWriteArrayList<>();
        Handler recorder = new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        caffeine.addHandler(recorder);
        try {
            connector.completeAtOnce = false;
            CompletableFuture<UpstreamSession> refused = pool.acquire(ALICE, initializeParams);
            connector.lastOpen().fail("upstream refused initialize");
            connector.throwOnOpen = new IllegalStateException("no route");
            CompletableFuture<UpstreamSession> unroutable = pool.acquire(BOB, initializeParams);

            assertThat(refused).isCompletedExceptionally();
            assertThat(unroutable).isCompletedExceptionally();
        } finally {
            caffeine.removeHandler(recorder);
        }

        assertThat(logged).isEmpty();
        assertThat(pool.size()).isZero();
    }

    @Test
    void aConnectorThatThrowsIsAFailedOpenThatIsNotKept() {
        connector.throwOnOpen = new IllegalStateException("no route");

        assertThatThrownBy(() -> pool.acquire(ALICE, initializeParams).join()).hasMessageContaining("no route");

        connector.throwOnOpen = null;
        assertThat(pool.acquire(ALICE, initializeParams).join().sessionId()).isEqualTo("s-1");
    }

    @Test
    void aSupplierThatThrowsIsAFailedOpenThatIsNotKept() {
        Supplier<ObjectNode> broken = () -> {
            throw new IllegalArgumentException("bad envelope");
        };

        assertThatThrownBy(() -> pool.acquire(ALICE, broken).join()).hasMessageContaining("bad envelope");
        assertThat(connector.opens).isEmpty();
        assertThat(pool.acquire(ALICE, initializeParams).join()).isNotNull();
    }

    @Test
    void aSessionOpenedForAnotherKeyIsRefused() {
        SessionConnector wrong = new SessionConnector() {
            @Override
            public CompletableFuture<UpstreamSession> open(SessionKey key, ObjectNode params) {
                return CompletableFuture.completedFuture(new UpstreamSession(
                        BOB, "x", "2025-11-25", JsonNodeFactory.instance.objectNode(), Instant.EPOCH));
            }

            @Override
            public CompletableFuture<Void> close(UpstreamSession session) {
                return CompletableFuture.completedFuture(null);
            }
        };
        try (SessionPool misrouted = new SessionPool(wrong, 10, IDLE, nanos::get)) {
            assertThatThrownBy(() -> misrouted.acquire(ALICE, initializeParams).join())
                    .hasMessageContaining("another key");
        }
    }

    @Test
    void cancellingOneCallersFutureLeavesTheOpenAndOtherCallersAlone() {
        connector.completeAtOnce = false;
        CompletableFuture<UpstreamSession> impatient = pool.acquire(ALICE, initializeParams);
        CompletableFuture<UpstreamSession> patient = pool.acquire(ALICE, initializeParams);

        impatient.cancel(true);
        UpstreamSession session = connector.lastOpen().succeed();

        assertThat(patient.join()).isSameAs(session);
        assertThat(pool.acquire(ALICE, initializeParams).join()).isSameAs(session);
        assertThat(connector.opens).hasSize(1);
    }

    @Test
    void aSessionEvictedForSpaceIsClosedUpstream() {
        pool = new SessionPool(connector, 1, IDLE, nanos::get);
        UpstreamSession alice = pool.acquire(ALICE, initializeParams).join();
        UpstreamSession bob = pool.acquire(BOB, initializeParams).join();

        pool.cleanUp();

        assertThat(pool.size()).isEqualTo(1);
        assertThat(connector.closed).hasSize(1).first().isIn(alice, bob);
        UpstreamSession survivor = connector.closed.get(0) == alice ? bob : alice;
        assertThat(pool.acquire(survivor.key(), initializeParams).join()).isSameAs(survivor);
        assertThat(connector.opens).as("the survivor is served without a new initialize").hasSize(2);
    }

    @Test
    void anIdleSessionExpiresAndIsClosedUpstream() {
        UpstreamSession session = pool.acquire(ALICE, initializeParams).join();

        nanos.addAndGet(Duration.ofMinutes(9).toNanos());
        assertThat(pool.acquire(ALICE, initializeParams).join()).as("an acquire counts as use").isSameAs(session);
        nanos.addAndGet(Duration.ofMinutes(9).toNanos());
        pool.cleanUp();
        assertThat(connector.closed).isEmpty();

        nanos.addAndGet(Duration.ofMinutes(2).toNanos());
        pool.cleanUp();

        assertThat(connector.closed).containsExactly(session);
        assertThat(pool.size()).isZero();
        assertThat(pool.acquire(ALICE, initializeParams).join()).isNotSameAs(session);
        assertThat(connector.opens).hasSize(2);
    }

    @Test
    void invalidatingAnUpstreamClosesEveryOneOfItsSessionsAndNoOther() {
        SessionKey other = new SessionKey("other", "alice", "{}", "2025-11-25");
        UpstreamSession alice = pool.acquire(ALICE, initializeParams).join();
        UpstreamSession bob = pool.acquire(BOB, initializeParams).join();
        UpstreamSession kept = pool.acquire(other, initializeParams).join();
        assertThat(pool.sizeByUpstream()).containsExactly(entry("everything", 2), entry("other", 1));

        pool.invalidateUpstream("everything", "a reload removed it");

        assertThat(connector.closed).containsExactlyInAnyOrder(alice, bob);
        assertThat(pool.sizeByUpstream()).containsExactly(entry("other", 1));
        assertThat(pool.acquire(other, initializeParams).join()).isSameAs(kept);
    }

    @Test
    void anInvalidatedSessionIsClosedAndTheNextAcquireInitializesAnew() {
        UpstreamSession expired = pool.acquire(ALICE, initializeParams).join();

        pool.invalidate(expired, "404 from upstream");
        UpstreamSession fresh = pool.acquire(ALICE, initializeParams).join();

        assertThat(connector.closed).containsExactly(expired);
        assertThat(fresh).isNotSameAs(expired);
        assertThat(fresh.sessionId()).isEqualTo("s-2");
        assertThat(connector.opens).hasSize(2);
    }

    @Test
    void invalidatingAStaleSessionKeepsItsReplacement() {
        UpstreamSession stale = pool.acquire(ALICE, initializeParams).join();
        pool.invalidate(stale, "404");
        UpstreamSession replacement = pool.acquire(ALICE, initializeParams).join();

        pool.invalidate(stale, "a late 404 from a request sent on the old session");

        assertThat(pool.acquire(ALICE, initializeParams).join()).isSameAs(replacement);
        assertThat(connector.closed).containsExactly(stale);
        assertThat(connector.opens).hasSize(2);
    }

    @Test
    void invalidatingAStaleSessionKeepsAReplacementStillOpening() {
        UpstreamSession stale = pool.acquire(ALICE, initializeParams).join();
        pool.invalidate(stale, "404");
        connector.completeAtOnce = false;
        CompletableFuture<UpstreamSession> opening = pool.acquire(ALICE, initializeParams);

        pool.invalidate(stale, "late 404");
        UpstreamSession replacement = connector.lastOpen().succeed();

        assertThat(opening.join()).isSameAs(replacement);
        assertThat(pool.acquire(ALICE, initializeParams).join()).isSameAs(replacement);
        assertThat(connector.opens).hasSize(2);
    }

    @Test
    void invalidatingASessionOfAnEmptyKeyDoesNothing() {
        UpstreamSession session = pool.acquire(ALICE, initializeParams).join();
        pool.invalidate(session, "404");

        pool.invalidate(session, "again");

        assertThat(connector.closed).containsExactly(session);
    }

    @Test
    void aSessionWithTheSameValuesButAnotherIdentityIsNotTheCurrentOne() {
        UpstreamSession current = pool.acquire(ALICE, initializeParams).join();
        UpstreamSession lookalike = new UpstreamSession(current.key(), current.sessionId(),
                current.negotiatedVersion(), current.initializeResult(), current.createdAt());

        pool.invalidate(lookalike, "404");

        assertThat(connector.closed).isEmpty();
        assertThat(pool.acquire(ALICE, initializeParams).join()).isSameAs(current);
    }

    @Test
    void closeClosesEverySessionAndRefusesLaterAcquires() {
        UpstreamSession alice = pool.acquire(ALICE, initializeParams).join();
        UpstreamSession bob = pool.acquire(BOB, initializeParams).join();
        UpstreamSession elicits = pool.acquire(ALICE_ELICITS, initializeParams).join();

        pool.close();

        assertThat(connector.closed).containsExactlyInAnyOrder(alice, bob, elicits);
        assertThat(pool.size()).isZero();
        assertThatThrownBy(() -> pool.acquire(ALICE, initializeParams).join())
                .hasCauseInstanceOf(IllegalStateException.class);
        assertThat(connector.opens).hasSize(3);
    }

    @Test
    void aSessionStillOpeningAtCloseIsClosedOnceOpen() {
        connector.completeAtOnce = false;
        CompletableFuture<UpstreamSession> opening = pool.acquire(ALICE, initializeParams);

        pool.close();
        assertThat(connector.closed).isEmpty();
        UpstreamSession session = connector.lastOpen().succeed();

        assertThat(opening.join()).isSameAs(session);
        assertThat(connector.closed).containsExactly(session);
    }

    @Test
    void aConnectorThatFailsToCloseDoesNotBreakThePool() {
        UpstreamSession session = pool.acquire(ALICE, initializeParams).join();
        connector.throwOnClose = new IllegalStateException("connection refused");

        pool.invalidate(session, "404");

        connector.throwOnClose = null;
        assertThat(pool.acquire(ALICE, initializeParams).join()).isNotSameAs(session);
    }

    @Test
    void aPoolOnTheSystemClockServesAndClosesSessions() {
        try (SessionPool systemPool = new SessionPool(connector, 10, IDLE)) {
            UpstreamSession session = systemPool.acquire(ALICE, initializeParams).join();
            assertThat(systemPool.acquire(ALICE, initializeParams).join()).isSameAs(session);
            systemPool.close();
            assertThat(connector.closed).containsExactly(session);
        }
    }

    @Test
    void rejectsNonsensicalBounds() {
        assertThatThrownBy(() -> new SessionPool(connector, 0, IDLE, nanos::get))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SessionPool(connector, 1, Duration.ZERO, nanos::get))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SessionPool(connector, 1, Duration.ofSeconds(-1), nanos::get))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
