package io.eragate.netty.exchange;

import io.eragate.core.exchange.ErrorTypes;
import io.eragate.core.exchange.ExchangeObserver;
import io.eragate.core.exchange.FailureKind;
import io.eragate.core.exchange.OutcomeRecorder;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import io.opentelemetry.context.Context;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The one lifecycle of a client exchange: started, head sent to the client, streaming, ended. It is the single
 * place that applies the upstream deadlines ({@code limits.upstreamTotalTimeout} from the start,
 * {@code limits.upstreamIdleTimeout} once the upstream's head arrived, every piece of upstream traffic counting),
 * tells the exchange when one passes, records why the exchange ended for its outcome, and runs the end (the
 * pipelining queue's next request) exactly once.
 *
 * <p>What an exchange does when a deadline passes is its own (the answer it owes and how its upstream is
 * cancelled differ), but every exchange does the same three things: it answers a JSON-RPC error for the request id
 * (a response before the head, the stream's last event after it), cancels upstream, and calls {@link #end()}.
 *
 * <p>Threading: confined to the client channel's event loop.
 */
public final class ExchangeLifecycle {

    /** Where an exchange is. */
    public enum Phase {
        /** Sent or about to be sent upstream; the client has nothing yet. */
        STARTED,
        /** The client has the head of its answer (its status is fixed). */
        HEAD_SENT,
        /** The client's answer is an open stream of events. */
        STREAMING,
        /** Over: answered, failed or cancelled. */
        ENDED
    }

    /** Which deadline passed. */
    public enum Deadline {
        /** {@code limits.upstreamIdleTimeout}: the upstream went silent mid-answer. */
        IDLE("limits.upstreamIdleTimeout", FailureKind.IDLE_TIMEOUT),
        /** {@code limits.upstreamTotalTimeout}: the exchange took too long altogether. */
        TOTAL("limits.upstreamTotalTimeout", FailureKind.TOTAL_TIMEOUT),
        /** {@code shutdown.drainTimeout}: the gateway is stopping and the exchange is still running. */
        DRAIN("shutdown.drainTimeout", FailureKind.SHUTDOWN);

        private final String key;
        private final FailureKind failureKind;

        Deadline(String key, FailureKind failureKind) {
            this.key = key;
            this.failureKind = failureKind;
        }

        /** The configuration key that set it. */
        public String key() {
            return key;
        }

        /** The failure it makes of the exchange, for the failure mapper. */
        public FailureKind failureKind() {
            return failureKind;
        }
    }

    /** Told when a deadline passed; runs on the event loop, at most once per exchange. */
    @FunctionalInterface
    public interface Expiry {
        void expired(Deadline deadline, Duration after);
    }

    private final EventExecutor loop;
    private final UpstreamDeadlines deadlines;
    private final OutcomeRecorder outcome;
    private final Runnable onEnded;
    private final LongSupplier nanoTime;
    private Phase phase = Phase.STARTED;
    private Expiry expiry;
    private ScheduledFuture<?> totalTimer;
    private ScheduledFuture<?> idleTimer;
    /** Volatile: a resumed MRTR call reports its upstream traffic from its own event loop. */
    private volatile long lastTrafficNanos;
    private boolean expired;
    /** The request's trace, current when a deadline fires (its log lines carry the request's trace id). */
    private final Context trace;

    /**
     * @param loop the client channel's event loop
     * @param deadlines the deadlines that apply
     * @param outcome the request's outcome, told why the exchange ended early
     * @param onEnded runs once when the exchange ends (the connection may serve its next request)
     */
    public ExchangeLifecycle(EventExecutor loop, UpstreamDeadlines deadlines, OutcomeRecorder outcome,
            Runnable onEnded) {
        this(loop, deadlines, outcome, onEnded, System::nanoTime);
    }

    ExchangeLifecycle(EventExecutor loop, UpstreamDeadlines deadlines, OutcomeRecorder outcome, Runnable onEnded,
            LongSupplier nanoTime) {
        this.loop = loop;
        this.deadlines = deadlines;
        this.outcome = outcome;
        this.onEnded = onEnded;
        this.nanoTime = nanoTime;
        this.trace = Context.current();
    }

    /** A lifecycle with no deadlines whose end runs {@code onEnded}: for exchanges driven by a test. */
    public static ExchangeLifecycle untimed(EventExecutor loop, Runnable onEnded) {
        return new ExchangeLifecycle(loop, UpstreamDeadlines.NONE, new OutcomeRecorder(ExchangeObserver.NONE, null),
                onEnded);
    }

    /** The exchange starts now; {@code onExpiry} hears of the first deadline that passes. */
    public void start(Expiry onExpiry) {
        if (expiry != null) {
            // Started already (a bridged request sent again after its session expired keeps its deadlines).
            return;
        }
        this.expiry = onExpiry;
        if (!deadlines.total().isZero()) {
            totalTimer = loop.schedule(trace.wrap(() -> expire(Deadline.TOTAL, deadlines.total())),
                    deadlines.total().toNanos(), TimeUnit.NANOSECONDS);
        }
    }

    /** The upstream's head arrived: from now on, its silence is bounded by the idle deadline. */
    public void upstreamHead() {
        lastTrafficNanos = nanoTime.getAsLong();
        if (!deadlines.idle().isZero() && idleTimer == null && phase != Phase.ENDED) {
            idleTimer = loop.schedule(trace.wrap(this::checkIdle), deadlines.idle().toNanos(), TimeUnit.NANOSECONDS);
        }
    }

    /** Bytes came from the upstream (a keep-alive comment counts): the idle deadline starts over. */
    public void upstreamTraffic() {
        lastTrafficNanos = nanoTime.getAsLong();
    }

    /** The client has the head of its answer. */
    public void headSent() {
        if (phase == Phase.STARTED) {
            phase = Phase.HEAD_SENT;
        }
    }

    /** The client's answer became a stream of events. */
    public void streaming() {
        if (phase != Phase.ENDED) {
            phase = Phase.STREAMING;
        }
    }

    /** Where the exchange is. */
    public Phase phase() {
        return phase;
    }

    /** Whether the exchange ended. */
    public boolean isEnded() {
        return phase == Phase.ENDED;
    }

    /** The request's outcome, for the cause of an early end ({@link OutcomeRecorder#errorType}). */
    public OutcomeRecorder outcome() {
        return outcome;
    }

    /**
     * Ends the exchange: stops its timers and runs the end once.
     *
     * @return whether this call ended it (false when it had ended already)
     */
    public boolean end() {
        if (phase == Phase.ENDED) {
            return false;
        }
        phase = Phase.ENDED;
        cancel(totalTimer);
        cancel(idleTimer);
        totalTimer = null;
        idleTimer = null;
        onEnded.run();
        return true;
    }

    private void checkIdle() {
        idleTimer = null;
        if (phase == Phase.ENDED) {
            return;
        }
        long silentNanos = nanoTime.getAsLong() - lastTrafficNanos;
        long idleNanos = deadlines.idle().toNanos();
        if (silentNanos >= idleNanos) {
            expire(Deadline.IDLE, deadlines.idle());
        } else {
            // Traffic came meanwhile: wait for the rest of the idle time since the last of it.
            idleTimer = loop.schedule(trace.wrap(this::checkIdle), idleNanos - silentNanos, TimeUnit.NANOSECONDS);
        }
    }

    /**
     * The gateway is stopping and its drain deadline ({@code after} since the signal) has come: the exchange ends
     * with an error for its id and cancels upstream, as for any deadline.
     */
    public void drainDeadline(Duration after) {
        expire(Deadline.DRAIN, after);
    }

    private void expire(Deadline deadline, Duration after) {
        if (phase == Phase.ENDED || expired || expiry == null) {
            return;
        }
        expired = true;
        outcome.errorType(deadline == Deadline.DRAIN ? ErrorTypes.SHUTDOWN : ErrorTypes.TIMEOUT);
        expiry.expired(deadline, after);
    }

    private static void cancel(ScheduledFuture<?> timer) {
        if (timer != null) {
            timer.cancel(false);
        }
    }
}
