package io.eragate.netty.testing;

import io.eragate.core.exchange.ExchangeObserver;
import io.eragate.core.exchange.ExchangeOutcome;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/** Keeps every outcome a gateway reports, for tests that assert on what and how many. */
public final class RecordingObserver implements ExchangeObserver {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private final List<ExchangeOutcome> outcomes = new CopyOnWriteArrayList<>();

    @Override
    public void onOutcome(ExchangeOutcome outcome) {
        outcomes.add(outcome);
    }

    /** Every outcome reported so far, in order. */
    public List<ExchangeOutcome> outcomes() {
        return List.copyOf(outcomes);
    }

    /** Waits (bounded) until at least {@code count} outcomes were reported; returns them all. */
    public List<ExchangeOutcome> await(int count) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (outcomes.size() < count) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("expected " + count + " outcomes within " + TIMEOUT + ", got " + outcomes);
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
        return outcomes();
    }

    /** Waits for exactly one outcome, and checks a little longer that no second one follows. */
    public ExchangeOutcome awaitOnly() {
        ExchangeOutcome first = await(1).get(0);
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(200));
        if (outcomes.size() != 1) {
            throw new AssertionError("expected exactly one outcome, got " + outcomes);
        }
        return first;
    }

    /** Forgets what was reported so far. */
    public void clear() {
        outcomes.clear();
    }
}
