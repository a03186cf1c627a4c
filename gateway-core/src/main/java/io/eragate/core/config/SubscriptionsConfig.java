package io.eragate.core.config;

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
 */
public record SubscriptionsConfig(int maxListenersPerSession, int maxListeners, Duration keepAliveInterval,
        int maxResourceSubscriptions) {

    public SubscriptionsConfig {
        Objects.requireNonNull(keepAliveInterval, "keepAliveInterval");
    }

    /** Every key at its default. */
    public static SubscriptionsConfig defaults() {
        return ConfigReader.DEFAULT_SUBSCRIPTIONS;
    }
}
