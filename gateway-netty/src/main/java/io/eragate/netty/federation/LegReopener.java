package io.eragate.netty.federation;

import io.eragate.core.listen.LegReopening;
import io.eragate.core.listen.ReopenBackoff;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;

/**
 * The reopening of a federated listen's lost legs (a client's merged listen, or the gateway's own list watch): per
 * upstream, its backoff ({@link LegReopening} decides) and the attempt scheduled and not yet made.
 *
 * <p>Threading: one event loop, {@code loop}, which also runs the attempts.
 */
final class LegReopener {
    private final ReopenBackoff backoff;
    private final ScheduledExecutorService loop;
    /** Upstreams whose leg was lost, with their reopening. */
    private final Map<String, LegReopening> reopening = new HashMap<>();
    /** Reopen attempts scheduled and not yet made, by upstream. */
    private final Map<String, ScheduledFuture<?>> pending = new HashMap<>();

    LegReopener(ReopenBackoff backoff, ScheduledExecutorService loop) {
        this.backoff = backoff;
        this.loop = loop;
    }

    /**
     * {@code upstream}'s leg was lost (or an attempt to reopen it failed): schedules the next attempt, which runs
     * {@code reopen} when it is due; once the attempts are spent the leg is forgotten and {@code givenUp} gets how
     * many were made.
     */
    void lost(String upstream, Runnable reopen, IntConsumer givenUp) {
        LegReopening leg = reopening.computeIfAbsent(upstream, ignored -> new LegReopening(backoff, Clock.systemUTC()));
        Optional<Duration> wait = leg.lost();
        if (wait.isEmpty()) {
            givenUp.accept(leg.attempts() - 1);
            reopening.remove(upstream);
            return;
        }
        pending.put(upstream, loop.schedule(() -> {
            pending.remove(upstream);
            reopen.run();
        }, wait.get().toNanos(), TimeUnit.NANOSECONDS));
    }

    /** The reopening of {@code upstream}'s leg, when it was lost and not given up. */
    Optional<LegReopening> of(String upstream) {
        return Optional.ofNullable(reopening.get(upstream));
    }

    /** True while no attempt is scheduled. */
    boolean nonePending() {
        return pending.isEmpty();
    }

    /** Cancels every scheduled attempt. */
    void cancelAll() {
        pending.values().forEach(attempt -> attempt.cancel(false));
        pending.clear();
    }
}
