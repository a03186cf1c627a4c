package io.eragate.netty.legacyrelay;

import io.eragate.core.config.MrtrConfig;
import io.eragate.core.config.SubscriptionsConfig;
import io.eragate.core.legacyrelay.AwaitedAnswers;
import io.eragate.core.legacyrelay.InFlightRequests;
import io.eragate.core.mrtr.RoundLimits;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * The per-replica tables of the legacy client front's relays, for the life of the gateway: the server-to-client
 * requests awaiting the clients' answers, and the requests running (for cancellation). Bounded by the MRTR keys:
 * {@code mrtr.roundTimeout} (how long a client may take to answer), {@code mrtr.maxPendingPerPrincipal} (requests
 * of one principal waiting for answers at once), {@code mrtr.maxRounds} (rounds per request).
 */
public final class LegacyRelays {

    private final AwaitedAnswers<InteractiveRelay> awaited;
    private final InFlightRequests<RunningRequest> inFlight = new InFlightRequests<>();
    private final Duration roundTimeout;
    private final Duration keepAliveInterval;
    private final RoundLimits limits;

    /** Tables bounded by {@code mrtr} and {@code subscriptions} settings. */
    public LegacyRelays(Clock clock, MrtrConfig mrtr, SubscriptionsConfig subscriptions) {
        Objects.requireNonNull(mrtr, "mrtr");
        this.limits = new RoundLimits(mrtr.maxPendingPerPrincipal(), RoundLimits.DEFAULTS.maxPendingTotal(),
                mrtr.maxRounds());
        this.roundTimeout = mrtr.roundTimeout();
        this.keepAliveInterval = subscriptions.keepAliveInterval();
        this.awaited = new AwaitedAnswers<>(clock, roundTimeout, limits);
    }

    /** With every key at its default. */
    public static LegacyRelays withDefaults() {
        return new LegacyRelays(Clock.systemUTC(), MrtrConfig.defaults(), SubscriptionsConfig.defaults());
    }

    /** The server-to-client requests awaiting answers. */
    public AwaitedAnswers<InteractiveRelay> awaited() {
        return awaited;
    }

    /** The requests running, for the clients' cancellations. */
    public InFlightRequests<RunningRequest> inFlight() {
        return inFlight;
    }

    /** How long a client may take to answer one round. */
    public Duration roundTimeout() {
        return roundTimeout;
    }

    /** How often an SSE comment is written on a stream the relay holds open. */
    public Duration keepAliveInterval() {
        return keepAliveInterval;
    }

    /** The MRTR bounds. */
    public RoundLimits limits() {
        return limits;
    }
}
