package io.eragate.core.ratelimit;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** Where buckets live: this process's memory, or a store shared by replicas. */
public interface BucketStore extends AutoCloseable {

    /**
     * Takes one token from the bucket {@code key} (created full), refilled at {@code capacity} per {@code period}.
     *
     * @return 0 when a token was taken, else the seconds until one is there; a shared store that cannot be reached
     *     completes with 0 (fail open) and says so in its log and metric
     */
    CompletableFuture<Long> take(String key, long capacity, Duration period);

    @Override
    default void close() {
    }
}
