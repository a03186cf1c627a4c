package io.eragate.core.ratelimit;

import io.eragate.core.route.NameGlob;
import java.time.Duration;
import java.util.Objects;

/**
 * One {@code rateLimits.rules} entry: which requests it counts and how they share buckets.
 *
 * @param key how buckets are shared
 * @param method glob over the validated method, or null for every method
 * @param name glob over the validated name, or null for any
 * @param requests bucket capacity: requests allowed per {@code per}
 * @param per the period in which {@code requests} refill
 */
public record RateLimitRule(KeyKind key, NameGlob method, NameGlob name, long requests, Duration per) {

    public RateLimitRule {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(per, "per");
        if (requests < 1 || per.isZero() || per.isNegative()) {
            throw new IllegalArgumentException("a rate limit needs requests >= 1 and a positive period");
        }
    }

    /** Whether this rule counts a request for {@code requestMethod}/{@code requestName}. */
    public boolean matches(String requestMethod, String requestName) {
        return (method == null || method.matches(requestMethod)) && (name == null || name.matches(requestName));
    }

    /** The limit as people read it, like {@code 100 per 1m}. */
    public String describe() {
        return requests + " per " + per;
    }

    /** How requests share a bucket; YAML {@code principal}, {@code principal+tool}, {@code route}, {@code global}. */
    public enum KeyKind {
        /** One bucket per principal. */
        PRINCIPAL("principal"),
        /** One bucket per principal and tool (or other named operation). */
        PRINCIPAL_TOOL("principal+tool"),
        /** One bucket per route. */
        ROUTE("route"),
        /** One bucket for all. */
        GLOBAL("global");

        private final String yaml;

        KeyKind(String yaml) {
            this.yaml = yaml;
        }

        /** How the kind is written in the configuration. */
        public String yaml() {
            return yaml;
        }
    }
}
