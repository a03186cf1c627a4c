package io.eragate.core.config;

import io.eragate.core.listen.ReopenBackoff;
import java.time.Duration;
import java.util.Objects;

/**
 * {@code subscriptions/listen} streams served from legacy upstreams. Defaults and ranges are set in
 * {@code ConfigReader#subscriptions} and listed in {@code docs/configuration.md}.
 *
 * @param maxListenersPerSession   listen streams one pooled upstream session serves at once (default 1024,
 *                                 1..100000)
 * @param maxListeners             listen streams open across the gateway (default 10000, 1..1000000)
 * @param keepAliveInterval        an SSE comment is written on an idle listen stream this often (default 15s,
 *                                 1ms..1h)
 * @param maxResourceSubscriptions URIs one listen request may name in {@code resourceSubscriptions} (default 100,
 *                                 1..10000)
 * @param reopenDelay              a lost listen leg of a federated route is reopened after this, doubling on every
 *                                 failed attempt (default 1s, 1ms..10m)
 * @param reopenMaxDelay           the longest wait between two attempts (default 30s, 1ms..1h, not below
 *                                 {@code reopenDelay})
 * @param reopenAttempts           attempts in a row before a lost leg is given up (default 10, 1..1000)
 */
public record SubscriptionsConfig(int maxListenersPerSession, int maxListeners, Duration keepAliveInterval,
        int maxResourceSubscriptions, Duration reopenDelay, Duration reopenMaxDelay, int reopenAttempts) {

    public SubscriptionsConfig {
        Objects.requireNonNull(keepAliveInterval, "keepAliveInterval");
        Objects.requireNonNull(reopenDelay, "reopenDelay");
        Objects.requireNonNull(reopenMaxDelay, "reopenMaxDelay");
    }

    /** Listen bounds with the default reopening of lost federated legs. */
    public SubscriptionsConfig(int maxListenersPerSession, int maxListeners, Duration keepAliveInterval,
            int maxResourceSubscriptions) {
        this(maxListenersPerSession, maxListeners, keepAliveInterval, maxResourceSubscriptions,
                ReopenBackoff.DEFAULTS.initialDelay(), ReopenBackoff.DEFAULTS.maxDelay(),
                ReopenBackoff.DEFAULTS.maxAttempts());
    }

    /** How a lost listen leg of a federated route is reopened. */
    public ReopenBackoff reopen() {
        return new ReopenBackoff(reopenDelay, reopenMaxDelay, reopenAttempts);
    }

    /** Every key at its default. */
    public static SubscriptionsConfig defaults() {
        return ConfigReader.DEFAULT_SUBSCRIPTIONS;
    }
}
