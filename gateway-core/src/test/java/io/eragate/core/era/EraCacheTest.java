package io.eragate.core.era;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eragate.core.mcp.Era;
import io.eragate.core.testing.MutableClock;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EraCacheTest {

    private static final Duration TTL = Duration.ofMinutes(10);
    private static final Instant START = Instant.parse("2026-12-02T10:00:00Z");
    private static final OriginKey A = OriginKey.of(URI.create("http://127.0.0.1:3001/mcp"));
    private static final OriginKey B = OriginKey.of(URI.create("http://127.0.0.1:3002/mcp"));
    private static final OriginKey C = OriginKey.of(URI.create("http://127.0.0.1:3003/mcp"));
    private static final ProbeVerdict LEGACY = new ProbeVerdict.Legacy("HTTP 400 with JSON-RPC error -32000");
    private static final ProbeVerdict MODERN = new ProbeVerdict.Modern(List.of("2026-07-28"), null);

    private final MutableClock clock = new MutableClock(START);

    @Test
    void aBurstOfConcurrentCallersCausesOneProbe() throws Exception {
        EraCache cache = memoryCache();
        CountingProber prober = new CountingProber();
        int callers = 16;
        ExecutorService threads = Executors.newFixedThreadPool(callers);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<CompletableFuture<EraRecord>>> submitted = new ArrayList<>();
            for (int i = 0; i < callers; i++) {
                submitted.add(threads.submit(() -> {
                    start.await();
                    return cache.resolve(A, prober);
                }));
            }
            start.countDown();
            List<CompletableFuture<EraRecord>> results = new ArrayList<>();
            for (Future<CompletableFuture<EraRecord>> future : submitted) {
                results.add(future.get(10, TimeUnit.SECONDS));
            }

            assertThat(prober.calls()).as("probes started").isEqualTo(1);
            assertThat(results).noneMatch(CompletableFuture::isDone);

            prober.complete(0, LEGACY);

            for (CompletableFuture<EraRecord> result : results) {
                assertThat(result.getNow(null)).isNotNull().extracting(EraRecord::era).isEqualTo(Era.LEGACY);
            }
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aKnownEraIsAnsweredWithoutProbing() {
        EraCache cache = memoryCache();
        CountingProber prober = new CountingProber();
        cache.resolve(A, prober);
        prober.complete(0, MODERN);

        EraRecord record = cache.resolve(A, prober).getNow(null);

        assertThat(prober.calls()).isEqualTo(1);
        assertThat(record).isEqualTo(new EraRecord(A, Era.MODERN, EraRecord.PROBE, START, MODERN.why()));
    }

    @Test
    void anInconclusiveProbeFailsTheCallersAndIsNotCached() {
        EraCache cache = memoryCache();
        CountingProber prober = new CountingProber();
        CompletableFuture<EraRecord> first = cache.resolve(A, prober);
        CompletableFuture<EraRecord> second = cache.resolve(A, prober);

        prober.complete(0, new ProbeVerdict.Inconclusive("HTTP 503 from the upstream", 503));

        for (CompletableFuture<EraRecord> result : List.of(first, second)) {
            assertThat(failureOf(result)).isInstanceOfSatisfying(EraProbeException.class, e -> {
                assertThat(e.suggestedHttpStatus()).isEqualTo(503);
                assertThat(e.origin()).isEqualTo(A);
                assertThat(e.getMessage()).contains("HTTP 503");
            });
        }
        cache.resolve(A, prober);
        assertThat(prober.calls()).as("the next resolve probes again").isEqualTo(2);
    }

    @Test
    void anInconclusiveVerdictKnownAtOnceIsNotCachedEither() {
        EraCache cache = memoryCache();
        AtomicInteger calls = new AtomicInteger();
        Function<OriginKey, CompletableFuture<ProbeVerdict>> unreachable = origin -> {
            calls.incrementAndGet();
            return CompletableFuture.completedFuture(new ProbeVerdict.Inconclusive("could not connect", 502));
        };

        assertThat(failureOf(cache.resolve(A, unreachable))).isInstanceOf(EraProbeException.class);
        assertThat(failureOf(cache.resolve(A, unreachable))).isInstanceOf(EraProbeException.class);
        assertThat(calls).hasValue(2);
    }

    @Test
    void anUnreachableUpstreamDoesNotMakeCaffeineLogStackTraces() {
        Logger caffeine =
                Logger.getLogger("com.github.benmanes.caffeine.cache.LocalAsyncCache");
        List<LogRecord> logged = new ArrayList<>();
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
            EraCache cache = memoryCache();
            CountingProber prober = new CountingProber();
            cache.resolve(A, origin -> CompletableFuture.completedFuture(new ProbeVerdict.Inconclusive("down", 502)));
            cache.resolve(B, prober);
            prober.complete(0, new ProbeVerdict.Inconclusive("HTTP 503 from the upstream", 503));
        } finally {
            caffeine.removeHandler(recorder);
        }

        assertThat(logged).isEmpty();
    }

    @Test
    void aFailedOrBrokenProberIsA502AndNotCached() {
        EraCache cache = memoryCache();
        IOException refused = new IOException("connection refused");

        CompletableFuture<EraRecord> failed = cache.resolve(A, origin -> CompletableFuture.failedFuture(refused));
        CompletableFuture<EraRecord> thrown = cache.resolve(B, origin -> {
            throw new IllegalStateException("prober bug");
        });
        CompletableFuture<EraRecord> nothing = cache.resolve(C, origin -> CompletableFuture.completedFuture(null));

        assertThat(failureOf(failed)).isInstanceOfSatisfying(EraProbeException.class, e -> {
            assertThat(e.suggestedHttpStatus()).isEqualTo(502);
            assertThat(e.getCause()).isSameAs(refused);
        });
        assertThat(failureOf(thrown)).isInstanceOf(EraProbeException.class);
        assertThat(failureOf(nothing)).isInstanceOf(EraProbeException.class);
        CountingProber prober = new CountingProber();
        cache.resolve(A, prober);
        assertThat(prober.calls()).isEqualTo(1);
    }

    @Test
    void aVerdictExpiresAfterTheTtl() {
        EraCache cache = memoryCache();
        CountingProber prober = new CountingProber();
        cache.resolve(A, prober);
        prober.complete(0, LEGACY);

        clock.advance(TTL.minusMillis(1));
        cache.resolve(A, prober);
        assertThat(prober.calls()).as("still fresh").isEqualTo(1);

        clock.advance(Duration.ofMillis(1));
        cache.resolve(A, prober);
        assertThat(prober.calls()).as("expired").isEqualTo(2);
    }

    @Test
    void aContradictionDropsTheVerdictAndTheNextProbeSaysWhy() {
        EraCache cache = memoryCache();
        CountingProber prober = new CountingProber();
        cache.resolve(A, prober);
        prober.complete(0, LEGACY);
        clock.advance(Duration.ofSeconds(5));

        cache.contradicted(A, "initialize answered 404 -32601");
        EraReportEntry dropped = cache.report().get(0);
        CompletableFuture<EraRecord> reprobed = cache.resolve(A, prober);
        prober.complete(1, MODERN);

        assertThat(dropped.era()).as("no era until re-probed").isNull();
        assertThat(dropped.lastContradiction())
                .isEqualTo(new EraReportEntry.Note(START.plusSeconds(5), "initialize answered 404 -32601"));
        assertThat(prober.calls()).isEqualTo(2);
        assertThat(reprobed.getNow(null).learnedBy()).isEqualTo(EraRecord.CONTRADICTION);
        assertThat(reprobed.getNow(null).era()).isEqualTo(Era.MODERN);

        clock.advance(TTL);
        CompletableFuture<EraRecord> later = cache.resolve(A, prober);
        prober.complete(2, MODERN);
        assertThat(later.getNow(null).learnedBy()).as("an ordinary re-probe after expiry").isEqualTo(EraRecord.PROBE);
    }

    @Test
    void aPinnedEraIsNeverProbed() {
        EraCache cache = memoryCache();
        Function<OriginKey, CompletableFuture<ProbeVerdict>> mustNotProbe = origin -> {
            throw new AssertionError("a pinned origin was probed");
        };
        cache.pin(A, Era.LEGACY);

        EraRecord record = cache.resolve(A, mustNotProbe).getNow(null);
        cache.contradicted(A, "looks modern");
        clock.advance(TTL.multipliedBy(3));

        assertThat(record.learnedBy()).isEqualTo(EraRecord.CONFIG);
        assertThat(cache.resolve(A, mustNotProbe).getNow(null).era()).isEqualTo(Era.LEGACY);
        assertThat(cache.report().get(0).lastContradiction().what()).isEqualTo("looks modern");
    }

    @Test
    void pinningReplacesAProbedVerdictAndUnpinningProbesAgain() {
        EraCache cache = memoryCache();
        CountingProber prober = new CountingProber();
        cache.resolve(A, prober);
        prober.complete(0, LEGACY);

        cache.pin(A, Era.MODERN);
        assertThat(cache.resolve(A, prober).getNow(null).era()).isEqualTo(Era.MODERN);

        cache.unpin(A);
        cache.resolve(A, prober);
        assertThat(prober.calls()).isEqualTo(2);
    }

    @Test
    void eachCallerOwnsItsFuture() {
        EraCache cache = memoryCache();
        CountingProber prober = new CountingProber();
        CompletableFuture<EraRecord> impatient = cache.resolve(A, prober);
        CompletableFuture<EraRecord> patient = cache.resolve(A, prober);

        impatient.cancel(true);
        prober.complete(0, LEGACY);

        assertThat(patient.getNow(null).era()).isEqualTo(Era.LEGACY);
        assertThat(cache.resolve(A, prober).getNow(null).era()).isEqualTo(Era.LEGACY);
        assertThat(prober.calls()).isEqualTo(1);
    }

    @Test
    void keepsAtMostMaxOriginsVerdicts() {
        EraCache cache = new EraCache(TTL, 2, clock, null, Runnable::run);
        CountingProber prober = new CountingProber();
        for (OriginKey origin : List.of(A, B, C)) {
            cache.resolve(origin, prober);
        }
        for (int i = 0; i < 3; i++) {
            prober.complete(i, LEGACY);
        }

        assertThat(cache.report()).filteredOn(entry -> entry.era() != null).hasSizeLessThanOrEqualTo(2);
    }

    @Test
    void reportsEveryOriginSortedWithHowItsEraWasLearned() {
        EraCache cache = memoryCache();
        CountingProber prober = new CountingProber();
        cache.pin(C, Era.MODERN);
        cache.resolve(A, prober);
        prober.complete(0, LEGACY);
        cache.resolve(B, prober);
        OriginKey failing = OriginKey.of(URI.create("http://127.0.0.1:3000/mcp"));
        cache.resolve(failing, origin -> CompletableFuture.completedFuture(
                new ProbeVerdict.Inconclusive("HTTP 401: the upstream refused the gateway's credentials", 502)));

        List<EraReportEntry> report = cache.report();

        assertThat(report).extracting(entry -> entry.origin().toString()).containsExactly(
                "http://127.0.0.1:3000/mcp", "http://127.0.0.1:3001/mcp", "http://127.0.0.1:3002/mcp",
                "http://127.0.0.1:3003/mcp");
        assertThat(report.get(0).era()).isNull();
        assertThat(report.get(0).lastProbeFailure().what())
                .isEqualTo("HTTP 401: the upstream refused the gateway's credentials");
        assertThat(report.get(1)).isEqualTo(new EraReportEntry(A, Era.LEGACY, EraRecord.PROBE, START, LEGACY.why(),
                false, null, null));
        assertThat(report.get(2).probeInFlight()).isTrue();
        assertThat(report.get(2).era()).isNull();
        assertThat(report.get(3).learnedBy()).isEqualTo(EraRecord.CONFIG);
    }

    @Test
    void aSuccessfulProbeClearsTheLastFailure() {
        EraCache cache = memoryCache();
        cache.resolve(A, origin -> CompletableFuture.completedFuture(new ProbeVerdict.Inconclusive("timeout", 504)));
        cache.resolve(A, origin -> CompletableFuture.completedFuture(LEGACY));

        assertThat(cache.report().get(0).lastProbeFailure()).isNull();
    }

    @Test
    void verdictsSurviveARestart(@TempDir Path dir) {
        FileEraStore store = new FileEraStore(dir.resolve("eras.json"));
        EraCache before = new EraCache(TTL, 100, clock, store, Runnable::run);
        CountingProber prober = new CountingProber();
        before.resolve(A, prober);
        before.resolve(B, prober);
        prober.complete(0, LEGACY);
        prober.complete(1, MODERN);
        before.pin(C, Era.MODERN);
        clock.advance(Duration.ofMinutes(1));

        EraCache after = new EraCache(TTL, 100, clock, store, Runnable::run);
        Function<OriginKey, CompletableFuture<ProbeVerdict>> mustNotProbe = origin -> {
            throw new AssertionError("a persisted verdict was probed again");
        };

        assertThat(after.resolve(A, mustNotProbe).getNow(null))
                .isEqualTo(new EraRecord(A, Era.LEGACY, EraRecord.PERSISTED, START, LEGACY.why()));
        assertThat(after.resolve(B, mustNotProbe).getNow(null).era()).isEqualTo(Era.MODERN);
        assertThat(after.report()).as("pins come from configuration, not the file")
                .extracting(EraReportEntry::origin).containsExactly(A, B);
    }

    @Test
    void aStalePersistedVerdictIsProbedAgain(@TempDir Path dir) {
        FileEraStore store = new FileEraStore(dir.resolve("eras.json"));
        EraCache before = new EraCache(TTL, 100, clock, store, Runnable::run);
        CountingProber prober = new CountingProber();
        before.resolve(A, prober);
        prober.complete(0, LEGACY);
        clock.advance(TTL);

        EraCache after = new EraCache(TTL, 100, clock, store, Runnable::run);
        after.resolve(A, prober);

        assertThat(prober.calls()).isEqualTo(2);
    }

    @Test
    void aPersistedVerdictExpiresOnItsOriginalSchedule(@TempDir Path dir) {
        FileEraStore store = new FileEraStore(dir.resolve("eras.json"));
        EraCache before = new EraCache(TTL, 100, clock, store, Runnable::run);
        CountingProber prober = new CountingProber();
        before.resolve(A, prober);
        prober.complete(0, LEGACY);
        clock.advance(TTL.dividedBy(2));

        EraCache after = new EraCache(TTL, 100, clock, store, Runnable::run);
        after.resolve(A, prober);
        assertThat(prober.calls()).as("half the TTL left").isEqualTo(1);

        clock.advance(TTL.dividedBy(2));
        after.resolve(A, prober);
        assertThat(prober.calls()).as("TTL counted from the original probe").isEqualTo(2);
    }

    @Test
    void aContradictedVerdictLeavesTheFile(@TempDir Path dir) {
        FileEraStore store = new FileEraStore(dir.resolve("eras.json"));
        EraCache cache = new EraCache(TTL, 100, clock, store, Runnable::run);
        CountingProber prober = new CountingProber();
        cache.resolve(A, prober);
        cache.resolve(B, prober);
        prober.complete(0, LEGACY);
        prober.complete(1, LEGACY);

        cache.contradicted(A, "modern answer from a legacy upstream");

        assertThat(store.load()).containsOnlyKeys(B);
    }

    @Test
    void savesRunOnThePersistenceExecutorAndWriteTheLatestState() {
        RecordingStore store = new RecordingStore();
        Queue<Runnable> persistence = new ArrayDeque<>();
        EraCache cache = new EraCache(TTL, 100, clock, store, persistence::add);
        CountingProber prober = new CountingProber();
        cache.resolve(A, prober);
        cache.resolve(B, prober);
        prober.complete(0, LEGACY);
        prober.complete(1, MODERN);

        assertThat(store.saves).as("nothing written on the caller's thread").isEmpty();
        assertThat(persistence).as("changes coalesce into one pending save").hasSize(1);

        persistence.poll().run();

        assertThat(store.saves).hasSize(1);
        assertThat(store.saves.get(0)).extracting(EraRecord::origin).containsExactlyInAnyOrder(A, B);
    }

    @Test
    void aStoreThatCannotLoadOrSaveOnlyCostsProbes() {
        EraStore broken = new EraStore() {
            @Override
            public Map<OriginKey, EraRecord> load() {
                throw new IllegalStateException("disk on fire");
            }

            @Override
            public void save(Collection<EraRecord> records) {
                throw new IllegalStateException("disk on fire");
            }
        };
        EraCache cache = new EraCache(TTL, 100, clock, broken, Runnable::run);
        CountingProber prober = new CountingProber();

        cache.resolve(A, prober);
        prober.complete(0, LEGACY);

        assertThat(cache.resolve(A, prober).getNow(null).era()).isEqualTo(Era.LEGACY);
    }

    @Test
    void rejectsNonsenseSettings() {
        assertThatThrownBy(() -> new EraCache(Duration.ZERO, 1, clock, null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new EraCache(TTL, 0, clock, null)).isInstanceOf(IllegalArgumentException.class);
    }

    private EraCache memoryCache() {
        return new EraCache(TTL, 100, clock, null);
    }

    private static Throwable failureOf(CompletableFuture<EraRecord> future) {
        assertThat(future).isCompletedExceptionally();
        try {
            future.get();
            throw new AssertionError("not failed");
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Starts probes that the test completes by hand, in the order they started. */
    private static final class CountingProber implements Function<OriginKey, CompletableFuture<ProbeVerdict>> {

        private final Queue<CompletableFuture<ProbeVerdict>> started = new ConcurrentLinkedQueue<>();
        private final List<CompletableFuture<ProbeVerdict>> all = new ArrayList<>();

        @Override
        public CompletableFuture<ProbeVerdict> apply(OriginKey origin) {
            CompletableFuture<ProbeVerdict> probe = new CompletableFuture<>();
            started.add(probe);
            return probe;
        }

        int calls() {
            drain();
            return all.size();
        }

        void complete(int index, ProbeVerdict verdict) {
            drain();
            all.get(index).complete(verdict);
        }

        private void drain() {
            CompletableFuture<ProbeVerdict> next;
            while ((next = started.poll()) != null) {
                all.add(next);
            }
        }
    }

    private static final class RecordingStore implements EraStore {

        final List<List<EraRecord>> saves = new ArrayList<>();

        @Override
        public Map<OriginKey, EraRecord> load() {
            return Map.of();
        }

        @Override
        public void save(Collection<EraRecord> records) {
            saves.add(List.copyOf(records));
        }
    }
}
