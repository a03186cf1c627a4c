package io.eragate.core.config;

import java.util.List;
import java.util.Objects;

/**
 * The {@code rateLimits} section.
 *
 * @param store {@code memory} (the default: buckets of this process) or a {@code redis://host:port} URL (buckets
 *     shared by every replica using it)
 * @param maxKeys buckets kept in memory at most (default 100000; the least recently used go first)
 * @param rules the limits; every rule that matches a request takes a token (default none)
 */
public record RateLimitsConfig(String store, long maxKeys, List<RateLimitRuleConfig> rules) {

    /** The store value of in-memory buckets. */
    public static final String MEMORY = "memory";

    public RateLimitsConfig {
        Objects.requireNonNull(store, "store");
        rules = List.copyOf(rules);
    }

    /** No limits. */
    public static RateLimitsConfig none() {
        return new RateLimitsConfig(MEMORY, 100_000, List.of());
    }

    /** Whether buckets are shared through Redis. */
    public boolean isRedis() {
        return !MEMORY.equals(store);
    }

    /** The store without any password it may carry, for logs. */
    @Override
    public String toString() {
        return "RateLimitsConfig[store=" + (isRedis() ? "redis" : MEMORY) + ", maxKeys=" + maxKeys + ", rules="
                + rules + "]";
    }
}
