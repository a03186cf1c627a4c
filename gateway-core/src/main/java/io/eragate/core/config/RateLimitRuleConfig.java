package io.eragate.core.config;

import java.time.Duration;
import java.util.Objects;

/**
 * One {@code rateLimits.rules} entry: a token bucket of {@code requests} per {@code per}, one per key.
 *
 * @param key {@code principal}, {@code principal+tool}, {@code route} or {@code global}
 * @param match the requests it counts (default: all)
 * @param requests the bucket's capacity, refilled evenly over {@code per}
 * @param per the period
 */
public record RateLimitRuleConfig(String key, MatchConfig match, long requests, Duration per) {

    public RateLimitRuleConfig {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(match, "match");
        Objects.requireNonNull(per, "per");
    }
}
