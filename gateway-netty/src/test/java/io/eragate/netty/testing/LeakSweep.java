package io.eragate.netty.testing;

import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * Makes Netty's leak detectors report now instead of whenever the next buffer happens to be allocated.
 *
 * <p>A leak becomes visible in two steps: the garbage collector must clear the unreleased resource and the JVM's
 * reference handler must enqueue its tracker, and then a detector must poll its queue, which Netty does only while
 * tracking a new allocation. One round therefore runs a collection, waits (bounded) until a sentinel reference of
 * our own has been enqueued, and allocates and releases pooled and unpooled buffers. Several rounds are run because
 * the order in which the reference handler enqueues references is not specified.
 */
public final class LeakSweep {
    /** Rounds used after every test class; each costs one full collection. */
    public static final int DEFAULT_ROUNDS = 6;

    /** Upper bound on waiting for the reference handler; reached only if explicit GC is disabled. */
    private static final long REFERENCE_PROCESSING_WAIT_MILLIS = 2_000;

    private LeakSweep() {
    }

    /**
     * Runs up to {@code rounds} detection rounds, stopping early once a recorded report satisfies {@code stopWhen}.
     *
     * @return every report recorded so far and not yet taken, whether or not it matched
     */
    public static List<LeakReport> forceDetection(int rounds, Predicate<LeakReport> stopWhen) {
        Objects.requireNonNull(stopWhen, "stopWhen");
        if (rounds < 1) {
            throw new IllegalArgumentException("rounds must be positive: " + rounds);
        }
        for (int round = 0; round < rounds; round++) {
            collectGarbage();
            pollDetectors();
            if (RecordingLeakDetector.reports().stream().anyMatch(stopWhen)) {
                break;
            }
        }
        return RecordingLeakDetector.reports();
    }

    private static void collectGarbage() {
        ReferenceQueue<Object> queue = new ReferenceQueue<>();
        WeakReference<Object> sentinel = new WeakReference<>(new Object(), queue);
        System.gc();
        try {
            queue.remove(REFERENCE_PROCESSING_WAIT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            Reference.reachabilityFence(sentinel);
        }
    }

    /**
     * Only direct buffers are tracked by the unpooled allocator (heap ones need no release to be reclaimed), so every
     * allocation here is of a tracked kind. Below paranoid level Netty polls on a sample of allocations only, so
     * allocate enough to hit the sample.
     */
    private static void pollDetectors() {
        int allocations = ResourceLeakDetector.getLevel() == ResourceLeakDetector.Level.PARANOID ? 1 : 512;
        for (int i = 0; i < allocations; i++) {
            PooledByteBufAllocator.DEFAULT.directBuffer(16).release();
            UnpooledByteBufAllocator.DEFAULT.directBuffer(16).release();
            ByteBufAllocator.DEFAULT.buffer(16).release();
        }
    }
}
