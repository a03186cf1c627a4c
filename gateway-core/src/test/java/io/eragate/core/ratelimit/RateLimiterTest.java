package io.eragate.core.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.route.NameGlob;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Bucket arithmetic on a hand-moved clock: burst, refusal with its wait, refill, and separate keys. */
class RateLimiterTest {
    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final MemoryBucketStore store = new MemoryBucketStore(1000, nanos::get);

    @Test
    void aBucketServesItsCapacityThenRefusesUntilATokenRefills() {
        RateLimiter limiter = new RateLimiter(List.of(rule(RateLimitRule.KeyKind.PRINCIPAL, 3, Duration.ofMinutes(1))),
                store);
        for (int i = 0; i < 3; i++) {
            assertThat(admit(limiter, "alice")).isEmpty();
        }
        Optional<RateLimiter.Limited> refused = admit(limiter, "alice");

        assertThat(refused).isPresent();
        assertThat(refused.get().retryAfterSeconds()).as("one token per 20 s").isEqualTo(20);
        advance(Duration.ofSeconds(19));
        assertThat(admit(limiter, "alice")).get().extracting(RateLimiter.Limited::retryAfterSeconds).isEqualTo(1L);
        advance(Duration.ofSeconds(1));
        assertThat(admit(limiter, "alice")).isEmpty();
    }

    @Test
    void principalsHaveTheirOwnBucketsAndGlobalOneSharedBucket() {
        RateLimiter perPrincipal = new RateLimiter(List.of(rule(RateLimitRule.KeyKind.PRINCIPAL, 1,
                Duration.ofHours(1))), store);
        assertThat(admit(perPrincipal, "alice")).isEmpty();
        assertThat(admit(perPrincipal, "alice")).isPresent();
        assertThat(admit(perPrincipal, "bob")).isEmpty();

        RateLimiter global = new RateLimiter(List.of(rule(RateLimitRule.KeyKind.GLOBAL, 1, Duration.ofHours(1))),
                new MemoryBucketStore(10, nanos::get));
        assertThat(admit(global, "alice")).isEmpty();
        assertThat(admit(global, "bob")).isPresent();
    }

    @Test
    void aRuleCountsOnlyWhatItMatchesAndPrincipalToolKeysByName() {
        RateLimitRule deletes = new RateLimitRule(RateLimitRule.KeyKind.PRINCIPAL_TOOL, NameGlob.of("tools/call"),
                NameGlob.of("delete_*"), 1, Duration.ofHours(1));
        RateLimiter limiter = new RateLimiter(List.of(deletes), store);

        assertThat(limiter.admit("alice", "/mcp", "tools/call", "delete_a").join()).isEmpty();
        assertThat(limiter.admit("alice", "/mcp", "tools/call", "delete_a").join()).isPresent();
        assertThat(limiter.admit("alice", "/mcp", "tools/call", "delete_b").join()).isEmpty();
        assertThat(limiter.admit("alice", "/mcp", "tools/call", "echo").join()).isEmpty();
        assertThat(limiter.admit("alice", "/mcp", "tools/list", null).join()).isEmpty();
    }

    @Test
    void aFullBucketNeverHoldsMoreThanItsCapacity() {
        TokenBucket bucket = TokenBucket.full(5, 0).refilled(5, Duration.ofSeconds(1), 3_600_000_000_000L);

        assertThat(bucket.tokens()).isEqualTo(5.0);
    }

    @Test
    void theRefusalIsA429WithRetryAfterAndTheLimitInItsData() {
        RateLimitRule rule = rule(RateLimitRule.KeyKind.PRINCIPAL, 100, Duration.ofMinutes(1));
        var rejection = RateLimitRejections.tooManyRequests(null, new RateLimiter.Limited(rule, 7));

        assertThat(rejection.httpStatus()).isEqualTo(429);
        assertThat(rejection.headers()).containsEntry("Retry-After", "7");
        assertThat(rejection.error().data().path("retryAfterSeconds").asLong()).isEqualTo(7);
        assertThat(rejection.error().data().path("limit").path("requests").asLong()).isEqualTo(100);
    }

    private Optional<RateLimiter.Limited> admit(RateLimiter limiter, String principal) {
        return limiter.admit(principal, "/mcp", "tools/call", "echo").join();
    }

    private void advance(Duration by) {
        nanos.addAndGet(by.toNanos());
    }

    private static RateLimitRule rule(RateLimitRule.KeyKind key, long requests, Duration per) {
        return new RateLimitRule(key, null, null, requests, per);
    }
}
