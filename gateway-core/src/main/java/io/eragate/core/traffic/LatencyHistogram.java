package io.eragate.core.traffic;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Durations in fixed logarithmic buckets, each 10% wider than the one before, from 10 microseconds up to about 10
 * minutes: constant memory, lock-free recording, and percentiles accurate to one bucket (10%).
 */
final class LatencyHistogram {
    static final long SMALLEST_NANOS = 10_000;
    static final double GROWTH = 1.1;
    static final int BUCKETS = 190;

    private final AtomicLongArray counts = new AtomicLongArray(BUCKETS);

    void record(long nanos) {
        counts.incrementAndGet(bucketOf(nanos));
    }

    /** The smallest bucket bound below which at least {@code quantile} of the recorded durations lie, or -1. */
    long percentileNanos(double quantile) {
        long total = 0;
        long[] snapshot = new long[BUCKETS];
        for (int i = 0; i < BUCKETS; i++) {
            snapshot[i] = counts.get(i);
            total += snapshot[i];
        }
        if (total == 0) {
            return -1;
        }
        long rank = (long) Math.ceil(quantile * total);
        long seen = 0;
        for (int i = 0; i < BUCKETS; i++) {
            seen += snapshot[i];
            if (seen >= rank) {
                return upperBound(i);
            }
        }
        return upperBound(BUCKETS - 1);
    }

    static int bucketOf(long nanos) {
        if (nanos <= SMALLEST_NANOS) {
            return 0;
        }
        int bucket = (int) Math.ceil(Math.log((double) nanos / SMALLEST_NANOS) / Math.log(GROWTH));
        return Math.min(bucket, BUCKETS - 1);
    }

    static long upperBound(int bucket) {
        return (long) (SMALLEST_NANOS * Math.pow(GROWTH, bucket));
    }
}
