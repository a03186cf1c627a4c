package io.eragate.netty.it;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** A bounded poll for conditions that have no future to wait on (counters kept by another thread). */
final class Await {
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private Await() {
    }

    /** Returns once {@code condition} holds; fails naming {@code what} if it does not within 5 s. */
    static void until(String what, BooleanSupplier condition) {
        until(what, condition, DEFAULT_TIMEOUT);
    }

    static void until(String what, BooleanSupplier condition, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("Timed out after " + timeout + " waiting until " + what);
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }
}
