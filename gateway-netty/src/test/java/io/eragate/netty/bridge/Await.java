package io.eragate.netty.bridge;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Bounded polling for conditions that other threads make true (pool expiry, async saves, upstream DELETEs). */
final class Await {
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private Await() {
    }

    /** Returns once {@code condition} holds; fails naming {@code what} when it does not within the default bound. */
    static void until(String what, BooleanSupplier condition) {
        until(what, DEFAULT_TIMEOUT, condition, () -> "");
    }

    /** Like {@link #until(String, BooleanSupplier)}, adding {@code state} to the failure message. */
    static void until(String what, BooleanSupplier condition, Supplier<String> state) {
        until(what, DEFAULT_TIMEOUT, condition, state);
    }

    static void until(String what, Duration timeout, BooleanSupplier condition, Supplier<String> state) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("Not true within " + timeout + ": " + what + " " + state.get());
            }
            LockSupport.parkNanos(POLL_NANOS);
            if (Thread.interrupted()) {
                Thread.currentThread().interrupt();
                throw new AssertionError("Interrupted while waiting until " + what);
            }
        }
    }
}
