package io.eragate.netty.legacyrelay;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.config.MrtrConfig;
import io.eragate.core.config.SubscriptionsConfig;
import io.eragate.core.legacyrelay.AwaitedAnswers;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.legacyrelay.InFlightRequests;
import io.eragate.core.legacyrelay.SessionSubscriptions;
import io.eragate.core.mrtr.RoundLimits;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The per-replica tables of the legacy client front's relays, for the life of the gateway: the server-to-client
 * requests awaiting the clients' answers, and the requests running (for cancellation). Bounded by the MRTR keys:
 * {@code mrtr.roundTimeout} (how long a client may take to answer), {@code mrtr.maxPendingPerPrincipal} (requests
 * of one principal waiting for answers at once), {@code mrtr.maxRounds} (rounds per request).
 */
public final class LegacyRelays {

    /** Sessions whose GET stream and subscriptions this replica keeps at most (the front's own session bound). */
    static final int MAX_SESSIONS = 10_000;

    private final AwaitedAnswers<InteractiveRelay> awaited;
    private final InFlightRequests<RunningRequest> inFlight = new InFlightRequests<>();
    private final Duration roundTimeout;
    private final Duration keepAliveInterval;
    private final RoundLimits limits;
    private final int maxResourceSubscriptions;
    /** The sessions' upstream listens, one per distinct listen. */
    private final SharedListens sharedListens = new SharedListens();
    /** The sessions' listens, least recently used first; one beyond the bound ends the eldest's. */
    private final Map<String, SessionListen> listens = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, SessionListen> eldest) {
            if (size() > MAX_SESSIONS) {
                eldest.getValue().end();
                return true;
            }
            return false;
        }
    };

    /** Tables bounded by {@code mrtr} and {@code subscriptions} settings. */
    public LegacyRelays(Clock clock, MrtrConfig mrtr, SubscriptionsConfig subscriptions) {
        Objects.requireNonNull(mrtr, "mrtr");
        this.limits = new RoundLimits(mrtr.maxPendingPerPrincipal(), RoundLimits.DEFAULTS.maxPendingTotal(),
                mrtr.maxRounds());
        this.roundTimeout = mrtr.roundTimeout();
        this.keepAliveInterval = subscriptions.keepAliveInterval();
        this.maxResourceSubscriptions = subscriptions.maxResourceSubscriptions();
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

    /**
     * The listen of {@code sessionId}, created with {@code upstream} and {@code listenRequest} when it has none.
     */
    synchronized SessionListen listen(String sessionId, Function<ObjectNode, JsonRpcRequest> listenRequest,
            InteractiveRelay.Upstream upstream) {
        return listens.computeIfAbsent(sessionId, id -> new SessionListen(
                new SessionSubscriptions(maxResourceSubscriptions), listenRequest, upstream, sharedListens,
                keepAliveInterval.toNanos()));
    }

    /** Removes and returns the listen of an ended session, if it had one. */
    synchronized SessionListen endListen(String sessionId) {
        return listens.remove(sessionId);
    }

    /** Distinct upstream listens the sessions hold open (for tests). */
    int openListens() {
        return sharedListens.openListens();
    }

    /** The MRTR bounds. */
    public RoundLimits limits() {
        return limits;
    }
}
