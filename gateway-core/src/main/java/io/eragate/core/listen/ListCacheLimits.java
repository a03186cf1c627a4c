package io.eragate.core.listen;

import java.time.Duration;
import java.util.Objects;

/**
 * The bounds of one pooled session's list cache ({@code bridge.listCacheTtl}, {@code bridge.listCacheMaxEntries},
 * {@code bridge.listCacheMaxBytes}).
 *
 * @param ttl how long an entry may be served after it was stored; zero turns the cache off
 * @param maxEntries the most entries held at once; at least 1
 * @param maxBytes the most JSON bytes held at once; at least 1
 */
public record ListCacheLimits(Duration ttl, int maxEntries, long maxBytes) {

    /** A cache that holds nothing. */
    public static final ListCacheLimits DISABLED = new ListCacheLimits(Duration.ZERO, 1, 1);

    public ListCacheLimits {
        Objects.requireNonNull(ttl, "ttl");
        if (ttl.isNegative()) {
            throw new IllegalArgumentException("ttl must not be negative, got " + ttl);
        }
        if (maxEntries < 1) {
            throw new IllegalArgumentException("maxEntries must be at least 1, got " + maxEntries);
        }
        if (maxBytes < 1) {
            throw new IllegalArgumentException("maxBytes must be at least 1, got " + maxBytes);
        }
    }

    /** Whether results are cached at all. */
    public boolean enabled() {
        return !ttl.isZero();
    }
}
