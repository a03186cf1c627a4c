package io.eragate.core.era;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.Ticker;
import io.eragate.core.era.EraReportEntry.Note;
import io.eragate.core.mcp.Era;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The era of each upstream origin: probed once, cached, re-probed when it expires or traffic contradicts it.
 *
 * <ul>
 *   <li><b>Single flight.</b> A burst of {@link #resolve} calls for an unknown origin runs one probe; every caller
 *       gets its outcome.</li>
 *   <li><b>Only verdicts are cached.</b> An inconclusive or failed probe completes the callers' futures
 *       exceptionally with {@link EraProbeException} (carrying the status to answer with) and leaves nothing behind,
 *       so the next call probes again.</li>
 *   <li><b>Expiry.</b> A verdict lives {@code ttl} from {@link EraRecord#learnedAt()}; persisted verdicts keep their
 *       original time, so one that is already stale at start-up is re-probed rather than trusted for a full TTL
 *       (a stale legacy verdict would otherwise hide an upgraded server forever).</li>
 *   <li><b>Config wins.</b> {@link #pin} fixes an origin's era; it is never probed, expired or evicted.</li>
 *   <li><b>Bounds.</b> At most {@code maxOrigins} probed verdicts, and as many remembered contradictions and probe
 *       failures; pins are as many as the configuration has upstreams.</li>
 * </ul>
 *
 * <p><b>Threading.</b> Every method is thread-safe and none blocks, except the constructor, which loads the store
 * synchronously (call it at start-up, not on an event loop). The prober is called on the thread that calls
 * {@link #resolve} and must only start the probe and return its future. Returned futures complete on whichever thread
 * completes the prober's future (a Netty event loop, typically), or on the caller's thread when the era is already
 * known; callbacks attached to them may therefore run on any thread, and Netty code must hop back to its own event
 * loop before touching a channel. Each caller gets its own future, so cancelling it affects no one else. Saves to the
 * store run on the persistence executor, one at a time, always writing the latest state.
 *
 * <p>Time comes from the given {@link Clock}, which also drives Caffeine's expiry, so tests can use a fixed clock.
 */
public final class EraCache {

    private static final Logger LOG = LoggerFactory.getLogger(EraCache.class);

    private final Duration ttl;
    private final long ttlNanos;
    private final Clock clock;
    private final EraStore store;
    private final Executor persistenceExecutor;
    private final AsyncCache<OriginKey, Outcome> verdicts;
    private final Map<OriginKey, EraRecord> pins = new ConcurrentHashMap<>();
    private final Cache<OriginKey, Contradiction> contradictions;
    private final Cache<OriginKey, Note> probeFailures;
    private final AtomicBoolean saveWanted = new AtomicBoolean();
    private final AtomicBoolean saving = new AtomicBoolean();

    /**
     * A cache that saves to {@code storeOrNull} on the common fork-join pool.
     *
     * @see #EraCache(Duration, long, Clock, EraStore, Executor)
     */
    public EraCache(Duration ttl, long maxOrigins, Clock clock, EraStore storeOrNull) {
        this(ttl, maxOrigins, clock, storeOrNull, ForkJoinPool.commonPool());
    }

    /**
     * @param ttl how long a probed verdict is trusted
     * @param maxOrigins the most probed verdicts kept (Caffeine's size eviction picks which go)
     * @param clock the time source for {@code learnedAt} and expiry
     * @param storeOrNull where verdicts survive restarts, or {@code null} to keep them in memory only
     * @param persistenceExecutor where the (blocking) saves run
     */
    public EraCache(Duration ttl, long maxOrigins, Clock clock, EraStore storeOrNull, Executor persistenceExecutor) {
        Objects.requireNonNull(ttl, "ttl");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.persistenceExecutor = Objects.requireNonNull(persistenceExecutor, "persistenceExecutor");
        if (ttl.isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException("ttl must be positive, not " + ttl);
        }
        if (maxOrigins < 1) {
            throw new IllegalArgumentException("maxOrigins must be at least 1, not " + maxOrigins);
        }
        this.ttl = ttl;
        this.ttlNanos = saturatedNanos(ttl);
        this.store = storeOrNull;
        Ticker ticker = () -> nanos(clock.instant());
        this.verdicts = Caffeine.newBuilder()
                .maximumSize(maxOrigins)
                .expireAfter(new RemainingTtl())
                .ticker(ticker)
                .executor(Runnable::run)
                .buildAsync();
        this.contradictions = Caffeine.newBuilder().maximumSize(maxOrigins).executor(Runnable::run).build();
        this.probeFailures = Caffeine.newBuilder().maximumSize(maxOrigins).executor(Runnable::run).build();
        if (store != null) {
            loadFrom(store);
        }
    }

    /**
     * The era of {@code origin}: the pinned or cached verdict, or the outcome of a probe started with
     * {@code prober} (one probe for all concurrent callers). The future fails with {@link EraProbeException} when the
     * probe is inconclusive or fails.
     *
     * @param prober starts a probe of the origin and returns its verdict's future; must not block
     */
    public CompletableFuture<EraRecord> resolve(OriginKey origin,
            Function<OriginKey, CompletableFuture<ProbeVerdict>> prober) {
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(prober, "prober");
        EraRecord pinned = pins.get(origin);
        if (pinned != null) {
            return CompletableFuture.completedFuture(pinned);
        }
        AtomicBoolean probed = new AtomicBoolean();
        CompletableFuture<Outcome> shared = verdicts.get(origin, (key, executor) -> {
            probed.set(true);
            return probe(key, prober);
        });
        if (probed.get()) {
            // Runs once the future sits in the cache: a failure is taken out again, a verdict is saved.
            shared.thenAccept(outcome -> {
                if (outcome instanceof Failed) {
                    verdicts.asMap().remove(origin, shared);
                } else {
                    scheduleSave();
                }
            });
        }
        return forCaller(shared);
    }

    /** Fixes {@code origin}'s era from configuration: it is never probed until {@link #unpin}. */
    public void pin(OriginKey origin, Era era) {
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(era, "era");
        pins.put(origin, new EraRecord(origin, era, EraRecord.CONFIG, clock.instant(), "pinned in configuration"));
        if (verdicts.asMap().remove(origin) != null) {
            scheduleSave();
        }
    }

    /** Undoes {@link #pin}, e.g. when reloaded configuration says {@code era: auto}; the next resolve probes. */
    public void unpin(OriginKey origin) {
        pins.remove(Objects.requireNonNull(origin, "origin"));
    }

    /**
     * Reports that traffic contradicted the era believed for {@code origin} (a "legacy" upstream answered like a
     * modern one, or the reverse). The verdict is dropped, so the next {@link #resolve} probes again, and the
     * contradiction is remembered for the report. A pinned era is kept (configuration wins) and only reported.
     *
     * @param what what was observed, for the report and the log
     */
    public void contradicted(OriginKey origin, String what) {
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(what, "what");
        contradictions.put(origin, new Contradiction(new Note(clock.instant(), what), true));
        EraRecord pinned = pins.get(origin);
        if (pinned != null) {
            LOG.warn("Upstream {} is pinned to era {} in the configuration, but traffic contradicts it: {}", origin,
                    pinned.era(), what);
            return;
        }
        CompletableFuture<Outcome> dropped = verdicts.asMap().remove(origin);
        LOG.info("Era of upstream {} contradicted ({}); it will be probed again", origin, what);
        if (dropped != null) {
            scheduleSave();
        }
    }

    /** Every origin the cache knows of, sorted by origin: era, how and when learned, last contradiction. */
    public List<EraReportEntry> report() {
        Set<OriginKey> origins = new HashSet<>(pins.keySet());
        origins.addAll(verdicts.asMap().keySet());
        origins.addAll(contradictions.asMap().keySet());
        origins.addAll(probeFailures.asMap().keySet());
        List<EraReportEntry> entries = new ArrayList<>(origins.size());
        for (OriginKey origin : origins) {
            EraRecord pinned = pins.get(origin);
            CompletableFuture<Outcome> pending = pinned == null ? verdicts.asMap().get(origin) : null;
            EraRecord current = pinned != null ? pinned : completedValue(pending);
            Contradiction contradiction = contradictions.getIfPresent(origin);
            entries.add(new EraReportEntry(origin,
                    current == null ? null : current.era(),
                    current == null ? null : current.learnedBy(),
                    current == null ? null : current.learnedAt(),
                    current == null ? "" : current.detail(),
                    pending != null && !pending.isDone(),
                    contradiction == null ? null : contradiction.note(),
                    probeFailures.getIfPresent(origin)));
        }
        entries.sort(Comparator.comparing(entry -> entry.origin().toString()));
        return entries;
    }

    /**
     * Starts a probe. Its future always completes normally, with the verdict or the failure: an exceptionally
     * completed future would make Caffeine log a stack trace for every unreachable upstream.
     */
    private CompletableFuture<Outcome> probe(OriginKey origin,
            Function<OriginKey, CompletableFuture<ProbeVerdict>> prober) {
        boolean afterContradiction = takePendingReprobe(origin);
        CompletableFuture<ProbeVerdict> started;
        try {
            started = Objects.requireNonNull(prober.apply(origin), "the prober returned no future");
        } catch (RuntimeException e) {
            started = CompletableFuture.failedFuture(e);
        }
        CompletableFuture<Outcome> outcome = new CompletableFuture<>();
        started.whenComplete((verdict, failure) -> {
            try {
                outcome.complete(new Known(toRecord(origin, verdict, failure, afterContradiction)));
            } catch (EraProbeException e) {
                outcome.complete(new Failed(e));
            }
        });
        return outcome;
    }

    private EraRecord toRecord(OriginKey origin, ProbeVerdict verdict, Throwable failure, boolean afterContradiction) {
        if (failure != null || verdict == null) {
            Throwable cause = unwrap(failure);
            String why = "the probe failed: " + (cause == null ? "no verdict" : cause.toString());
            throw noteFailure(new EraProbeException(origin, why, 502, cause));
        }
        if (verdict instanceof ProbeVerdict.Inconclusive inconclusive) {
            throw noteFailure(
                    new EraProbeException(origin, inconclusive.why(), inconclusive.suggestedHttpStatus(), null));
        }
        probeFailures.invalidate(origin);
        EraRecord record = new EraRecord(origin, verdict.era(),
                afterContradiction ? EraRecord.CONTRADICTION : EraRecord.PROBE, clock.instant(), verdict.why(),
                verdict instanceof ProbeVerdict.DualEra);
        LOG.info("Upstream {} is {} ({})", origin, verdict.era(), verdict.why());
        return record;
    }

    private EraProbeException noteFailure(EraProbeException e) {
        probeFailures.put(e.origin(), new Note(clock.instant(), e.why()));
        LOG.warn("Could not learn the era of upstream {}: {} (answering {}; will probe again)", e.origin(), e.why(),
                e.suggestedHttpStatus());
        return e;
    }

    /** Consumes the "re-probe after a contradiction" mark, telling whether it was set. */
    private boolean takePendingReprobe(OriginKey origin) {
        AtomicBoolean pending = new AtomicBoolean();
        contradictions.asMap().computeIfPresent(origin, (key, contradiction) -> {
            pending.set(contradiction.reprobePending());
            return new Contradiction(contradiction.note(), false);
        });
        return pending.get();
    }

    private void loadFrom(EraStore source) {
        Map<OriginKey, EraRecord> loaded;
        try {
            loaded = source.load();
        } catch (RuntimeException e) {
            LOG.warn("Could not load saved eras ({}); every origin will be probed", e.toString());
            return;
        }
        Instant now = clock.instant();
        for (EraRecord record : loaded.values()) {
            if (EraRecord.CONFIG.equals(record.learnedBy())) {
                continue;
            }
            if (!record.learnedAt().plus(ttl).isAfter(now)) {
                LOG.info("Saved era of {} dates from {}, older than {}; it will be probed again", record.origin(),
                        record.learnedAt(), ttl);
                continue;
            }
            verdicts.put(record.origin(), CompletableFuture.completedFuture(new Known(new EraRecord(record.origin(),
                    record.era(), EraRecord.PERSISTED, record.learnedAt(), record.detail(), record.dualEra()))));
        }
    }

    private void scheduleSave() {
        if (store == null) {
            return;
        }
        saveWanted.set(true);
        if (!saving.compareAndSet(false, true)) {
            return;
        }
        try {
            persistenceExecutor.execute(this::drainSaves);
        } catch (RejectedExecutionException e) {
            saving.set(false);
            LOG.warn("Could not schedule saving eras: {}", e.toString());
        }
    }

    private void drainSaves() {
        try {
            while (saveWanted.getAndSet(false)) {
                try {
                    store.save(snapshot());
                } catch (RuntimeException e) {
                    LOG.warn("Could not save eras: {}", e.toString());
                }
            }
        } finally {
            saving.set(false);
        }
        if (saveWanted.get()) {
            scheduleSave();
        }
    }

    private Collection<EraRecord> snapshot() {
        List<EraRecord> records = new ArrayList<>();
        for (CompletableFuture<Outcome> future : verdicts.asMap().values()) {
            EraRecord record = completedValue(future);
            if (record != null) {
                records.add(record);
            }
        }
        return records;
    }

    private static EraRecord completedValue(CompletableFuture<Outcome> future) {
        if (future == null || !future.isDone() || future.isCompletedExceptionally()) {
            return null;
        }
        return future.join() instanceof Known known ? known.record() : null;
    }

    /** A future only this caller holds, failing with the {@link EraProbeException} itself rather than a wrapper. */
    private static CompletableFuture<EraRecord> forCaller(CompletableFuture<Outcome> shared) {
        CompletableFuture<EraRecord> own = new CompletableFuture<>();
        shared.whenComplete((outcome, failure) -> {
            if (failure != null) {
                own.completeExceptionally(unwrap(failure));
            } else if (outcome instanceof Known known) {
                own.complete(known.record());
            } else {
                own.completeExceptionally(((Failed) outcome).error());
            }
        });
        return own;
    }

    private static Throwable unwrap(Throwable failure) {
        Throwable cause = failure;
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    private static long nanos(Instant instant) {
        return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
    }

    private static long saturatedNanos(Duration duration) {
        try {
            return duration.toNanos();
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    /**
     * A verdict expires {@code ttl} after it was learned, wherever it came from; a failure at once (it is also
     * removed explicitly, this is the second guard).
     */
    private final class RemainingTtl implements Expiry<OriginKey, Outcome> {

        @Override
        public long expireAfterCreate(OriginKey origin, Outcome outcome, long currentTime) {
            if (!(outcome instanceof Known known)) {
                return 0;
            }
            long age = currentTime - nanos(known.record().learnedAt());
            return age <= 0 ? ttlNanos : Math.max(0, ttlNanos - age);
        }

        @Override
        public long expireAfterUpdate(OriginKey origin, Outcome outcome, long currentTime, long currentDuration) {
            return expireAfterCreate(origin, outcome, currentTime);
        }

        @Override
        public long expireAfterRead(OriginKey origin, Outcome outcome, long currentTime, long currentDuration) {
            return currentDuration;
        }
    }

    /** How a probe ended. */
    private sealed interface Outcome permits Known, Failed {
    }

    /** With a verdict. */
    private record Known(EraRecord record) implements Outcome {
    }

    /** Without one; never kept. */
    private record Failed(EraProbeException error) implements Outcome {
    }

    /** The last contradiction of an origin, and whether the probe it calls for has not started yet. */
    private record Contradiction(Note note, boolean reprobePending) {
    }
}
