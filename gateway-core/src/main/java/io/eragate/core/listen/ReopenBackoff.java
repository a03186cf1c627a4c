package io.eragate.core.listen;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How a lost listen leg (one upstream's {@code subscriptions/listen} that the gateway holds for a federated route,
 * for a client or for itself) is reopened: after {@code initialDelay}, doubling on every failed attempt up to
 * {@code maxDelay}, for at most {@code maxAttempts} attempts in a row (the {@code subscriptions.reopen*} keys).
 *
 * @param initialDelay the wait before the first attempt
 * @param maxDelay the longest wait between two attempts; also how long a reopened leg must stay up for the next loss
 *     to start again from {@code initialDelay}
 * @param maxAttempts attempts in a row before the leg is given up
 */
public record ReopenBackoff(Duration initialDelay, Duration maxDelay, int maxAttempts) {

    /** The defaults: 1s, doubling to 30s, 10 attempts (about three minutes). */
    public static final ReopenBackoff DEFAULTS = new ReopenBackoff(Duration.ofSeconds(1), Duration.ofSeconds(30), 10);

    public ReopenBackoff {
        Objects.requireNonNull(initialDelay, "initialDelay");
        Objects.requireNonNull(maxDelay, "maxDelay");
        if (initialDelay.isNegative() || initialDelay.isZero() || maxDelay.compareTo(initialDelay) < 0) {
            throw new IllegalArgumentException("need 0 < initialDelay <= maxDelay: " + initialDelay + ", " + maxDelay);
        }
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be positive: " + maxAttempts);
        }
    }

    /** The wait before attempt {@code attempt} (1 for the first); empty once {@code maxAttempts} are spent. */
    public Optional<Duration> delayBefore(int attempt) {
        if (attempt < 1 || attempt > maxAttempts) {
            return Optional.empty();
        }
        Duration delay = initialDelay;
        for (int i = 1; i < attempt && delay.compareTo(maxDelay) < 0; i++) {
            delay = delay.multipliedBy(2);
        }
        return Optional.of(delay.compareTo(maxDelay) > 0 ? maxDelay : delay);
    }
}
