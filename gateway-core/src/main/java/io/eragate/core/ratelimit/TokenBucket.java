package io.eragate.core.ratelimit;

import java.time.Duration;

/**
 * Token-bucket arithmetic: a bucket holds at most {@code capacity} tokens, refills continuously at {@code capacity}
 * tokens per {@code period}, and each request takes one. Time is in nanoseconds on any monotonic scale; the state is a
 * value, so that the in-memory store and the Redis script compute the same thing.
 *
 * @param tokens tokens in the bucket at {@code atNanos}
 * @param atNanos when {@code tokens} was computed
 */
public record TokenBucket(double tokens, long atNanos) {

    /** A full bucket at {@code nowNanos}. */
    public static TokenBucket full(long capacity, long nowNanos) {
        return new TokenBucket(capacity, nowNanos);
    }

    /** The bucket at {@code nowNanos} after refilling; never above {@code capacity}, never back in time. */
    public TokenBucket refilled(long capacity, Duration period, long nowNanos) {
        long elapsed = Math.max(0, nowNanos - atNanos);
        double refill = elapsed * ((double) capacity / period.toNanos());
        return new TokenBucket(Math.min(capacity, tokens + refill), Math.max(atNanos, nowNanos));
    }

    /** Whether a request may take a token now. */
    public boolean hasToken() {
        return tokens >= 1.0;
    }

    /** This bucket with one token taken. */
    public TokenBucket taken() {
        return new TokenBucket(tokens - 1.0, atNanos);
    }

    /** How long until a token is there, rounded up to whole seconds (at least 1), for {@code Retry-After}. */
    public long secondsUntilToken(long capacity, Duration period) {
        double missing = 1.0 - tokens;
        double nanos = missing * period.toNanos() / capacity;
        return Math.max(1, (long) Math.ceil(nanos / 1e9));
    }
}
