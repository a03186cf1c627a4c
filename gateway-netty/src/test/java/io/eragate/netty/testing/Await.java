package io.eragate.netty.testing;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Bounded polling for conditions that another thread or process makes true and that offer no future to wait on
 * (counters, pool expiry, a process's log, a port that starts accepting). Every wait is on the condition, bounded by a
 * generous timeout that only a broken system reaches; none depends on how fast the machine is.
 */
public final class Await {
    /** The bound of the short forms: ample for work within one JVM. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private Await() {
    }

    /** Returns once {@code condition} holds; fails naming {@code what} when it does not within the default bound. */
    public static void until(String what, BooleanSupplier condition) {
        until(what, DEFAULT_TIMEOUT, condition, () -> "");
    }

    /** Like {@link #until(String, BooleanSupplier)}, within {@code timeout}. */
    public static void until(String what, BooleanSupplier condition, Duration timeout) {
        until(what, timeout, condition, () -> "");
    }

    /** Like {@link #until(String, BooleanSupplier)}, adding {@code state} to the failure message. */
    public static void until(String what, BooleanSupplier condition, Supplier<String> state) {
        until(what, DEFAULT_TIMEOUT, condition, state);
    }

    /** Returns once {@code condition} holds; fails naming {@code what} and {@code state} after {@code timeout}. */
    public static void until(String what, Duration timeout, BooleanSupplier condition, Supplier<String> state) {
        value(what, timeout, () -> condition.getAsBoolean() ? Optional.of(Boolean.TRUE) : Optional.empty(), state);
    }

    /**
     * Returns the first value {@code probe} yields; fails naming {@code what} and {@code state} when it yields none
     * within {@code timeout}.
     */
    public static <T> T value(String what, Duration timeout, Supplier<Optional<T>> probe, Supplier<String> state) {
        return value(what, timeout, probe, Optional::empty, state);
    }

    /**
     * Returns once {@code condition} holds; fails at once with the reason {@code giveUp} yields as soon as it yields
     * one (what the wait depends on has ended: a child process exited, a client finished), else naming {@code what}
     * after {@code timeout}.
     */
    public static void untilOrGiveUp(String what, Duration timeout, BooleanSupplier condition,
            Supplier<Optional<String>> giveUp) {
        value(what, timeout, () -> condition.getAsBoolean() ? Optional.of(Boolean.TRUE) : Optional.empty(), giveUp,
                () -> "");
    }

    /**
     * Returns the first value {@code probe} yields. Fails at once with the reason {@code giveUp} yields as soon as it
     * yields one (asked after each probe that yielded nothing: what the wait depends on has ended, so waiting on is
     * pointless); fails naming {@code what} and {@code state} when {@code probe} yields nothing within
     * {@code timeout}.
     */
    public static <T> T value(String what, Duration timeout, Supplier<Optional<T>> probe,
            Supplier<Optional<String>> giveUp, Supplier<String> state) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Optional<T> value = probe.get();
            if (value.isPresent()) {
                return value.get();
            }
            Optional<String> ended = giveUp.get();
            if (ended.isPresent()) {
                throw new AssertionError("Gave up waiting until " + what + ": " + ended.get());
            }
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

    /** Whether {@code condition} comes to hold within {@code timeout}, for callers that word the failure themselves. */
    public static boolean within(Duration timeout, BooleanSupplier condition) {
        try {
            until("", timeout, condition, () -> "");
            return true;
        } catch (AssertionError notInTime) {
            return false;
        }
    }
}
