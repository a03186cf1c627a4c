package io.eragate.core.ratelimit;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Applies the rate-limit rules to one request: every rule that matches takes a token from its bucket; the first
 * rule whose bucket is empty refuses, naming itself and when to come back.
 */
public final class RateLimiter {

    private final List<RateLimitRule> rules;
    private final BucketStore store;

    /** A limiter over {@code rules} whose buckets live in {@code store}. */
    public RateLimiter(List<RateLimitRule> rules, BucketStore store) {
        this.rules = List.copyOf(rules);
        this.store = Objects.requireNonNull(store, "store");
    }

    /** Whether any rule is configured. */
    public boolean isEmpty() {
        return rules.isEmpty();
    }

    /**
     * Takes tokens for a request of {@code principal} on {@code route}.
     *
     * @return empty when served, else the refusal
     */
    public CompletableFuture<Optional<Limited>> admit(String principal, String route, String method, String name) {
        CompletableFuture<Optional<Limited>> result = CompletableFuture.completedFuture(Optional.empty());
        for (int index = 0; index < rules.size(); index++) {
            RateLimitRule rule = rules.get(index);
            if (!rule.matches(method, name)) {
                continue;
            }
            String key = keyOf(index, rule, principal, route, name);
            result = result.thenCompose(earlier -> earlier.isPresent() ? CompletableFuture.completedFuture(earlier)
                    : store.take(key, rule.requests(), rule.per()).thenApply(wait -> wait == 0
                            ? Optional.<Limited>empty() : Optional.of(new Limited(rule, wait))));
        }
        return result;
    }

    /** The bucket key: the rule's position (so that two rules never share a bucket) and what the rule keys by. */
    static String keyOf(int index, RateLimitRule rule, String principal, String route, String name) {
        String scope = switch (rule.key()) {
            case PRINCIPAL -> "p:" + principal;
            case PRINCIPAL_TOOL -> "pt:" + principal + "\n" + (name == null ? "" : name);
            case ROUTE -> "r:" + route;
            case GLOBAL -> "g";
        };
        return "eragate:rl:" + index + ":" + scope;
    }

    /** A refused request: the rule that applied and the seconds until its bucket has a token. */
    public record Limited(RateLimitRule rule, long retryAfterSeconds) {
    }
}
