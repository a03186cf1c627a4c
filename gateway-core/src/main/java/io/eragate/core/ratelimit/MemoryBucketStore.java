package io.eragate.core.ratelimit;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;

/**
 * Buckets in this process's memory, at most {@code maxKeys} of them (the least recently used go first, and a bucket
 * that was dropped comes back full, which errs towards serving). Thread-safe.
 */
public final class MemoryBucketStore implements BucketStore {

    private final Cache<String, TokenBucket> buckets;
    private final LongSupplier nanoClock;

    /**
     * @param maxKeys the most buckets kept
     * @param nanoClock a monotonic time in nanoseconds ({@code System::nanoTime}, or a test clock)
     */
    public MemoryBucketStore(long maxKeys, LongSupplier nanoClock) {
        this.buckets = Caffeine.newBuilder().maximumSize(maxKeys).build();
        this.nanoClock = nanoClock;
    }

    @Override
    public CompletableFuture<Long> take(String key, long capacity, Duration period) {
        long[] wait = new long[1];
        buckets.asMap().compute(key, (ignored, bucket) -> {
            long now = nanoClock.getAsLong();
            TokenBucket current = bucket == null ? TokenBucket.full(capacity, now)
                    : bucket.refilled(capacity, period, now);
            if (current.hasToken()) {
                wait[0] = 0;
                return current.taken();
            }
            wait[0] = current.secondsUntilToken(capacity, period);
            return current;
        });
        return CompletableFuture.completedFuture(wait[0]);
    }
}
