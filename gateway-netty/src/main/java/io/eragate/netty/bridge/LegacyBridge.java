package io.eragate.netty.bridge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.auth.Policies;
import io.eragate.core.auth.Principal;
import io.eragate.core.bridge.CacheHints;
import io.eragate.core.bridge.CacheScope;
import io.eragate.core.bridge.DiscoverSynthesizer;
import io.eragate.core.bridge.IdRewriter;
import io.eragate.core.bridge.InitializeSynthesizer;
import io.eragate.core.bridge.ResultStamper;
import io.eragate.core.config.BridgeConfig;
import io.eragate.core.config.MrtrConfig;
import io.eragate.core.config.SubscriptionsConfig;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.listen.ListCacheLimits;
import io.eragate.core.listen.ListResultCache;
import io.eragate.core.listen.ListResultCaches;
import io.eragate.core.security.StateSealer;
import io.eragate.core.session.SessionKey;
import io.eragate.core.session.SessionPool;
import io.eragate.core.session.UpstreamSession;
import io.eragate.netty.legacyrelay.FrontRelay;
import io.eragate.netty.legacyrelay.LegacyRelays;
import io.eragate.netty.upstream.UpstreamPools;
import io.eragate.netty.upstream.UpstreamTarget;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every bridged exchange shares: the pool of legacy upstream sessions, their id rewriters and list caches, and
 * the translations configured once (cache hints, the gateway's own client identity).
 */
public final class LegacyBridge implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(LegacyBridge.class);

    private final BridgeConfig config;
    private final NettySessionConnector connector;
    private final SessionPool pool;
    private final InitializeSynthesizer initializer;
    private final ResultStamper stamper;
    private final DiscoverSynthesizer discover;
    private final EraDirectory eras;
    private final InputRounds inputRounds;
    private final ListenHub listens;
    private final boolean failUndeclaredCapabilities;
    private final ListResultCaches listCaches;
    /** The legacy client front's relays, bounded by the same MRTR keys as the bridge's own rounds. */
    private final FrontRelay frontRelay;
    /** The per-operation policy, or null when authentication is off; a reload replaces it. */
    private volatile Policies policies;

    /**
     * Creates the bridge for {@code targets}, using the worker loops' connection pools; {@code sealer} (the key ring
     * {@code security.secrets}) seals {@code requestState}.
     */
    public LegacyBridge(BridgeConfig config, MrtrConfig mrtr, SubscriptionsConfig subscriptions,
            Map<String, UpstreamTarget> targets,
            UpstreamPools pools, EraDirectory eras, String gatewayVersion, StateSealer sealer, Policies policies) {
        this(config, mrtr, subscriptions, targets, pools, eras, gatewayVersion, sealer, policies, Clock.systemUTC());
    }

    /**
     * Creates the bridge with {@code clock} as the time of its sessions, list caches and input rounds (deadlines of
     * parked calls, expiry of {@code requestState}), so that tests move time by hand.
     */
    public LegacyBridge(BridgeConfig config, MrtrConfig mrtr, SubscriptionsConfig subscriptions,
            Map<String, UpstreamTarget> targets, UpstreamPools pools, EraDirectory eras, String gatewayVersion,
            StateSealer sealer, Policies policies, Clock clock) {
        this.config = config;
        this.policies = policies;
        this.inputRounds = new InputRounds(mrtr, sealer, clock);
        this.frontRelay = new FrontRelay(new LegacyRelays(clock, mrtr, subscriptions));
        this.eras = eras;
        this.listens = new ListenHub(subscriptions, config.initializeTimeout());
        this.connector = new NettySessionConnector(targets, pools, config.initializeTimeout(),
                config.maxInFlightPerSession(), clock);
        this.listCaches = new ListResultCaches(listCacheLimits(config), clock);
        // Through the caches' connector, so that every way a session leaves the pool drops its cache too.
        // The system clock keeps the pool's background reaper; a hand-moved one reaps as the pool is used.
        this.pool = clock.equals(Clock.systemUTC())
                ? new SessionPool(listCaches.tracking(connector), config.maxSessions(), config.sessionIdleExpiry())
                : new SessionPool(listCaches.tracking(connector), config.maxSessions(), config.sessionIdleExpiry(),
                        () -> nanosOf(clock));
        this.initializer = new InitializeSynthesizer(gatewayVersion, mrtr.sessionCapabilities());
        this.failUndeclaredCapabilities = mrtr.sessionCapabilities() == MrtrConfig.SessionCapabilities.RELAYABLE;
        CacheHints hints = new CacheHints(config.cacheTtl().toMillis(),
                config.cacheScope() == BridgeConfig.CacheScopeSetting.PUBLIC ? CacheScope.PUBLIC : CacheScope.PRIVATE);
        this.stamper = new ResultStamper(hints);
        this.discover = new DiscoverSynthesizer(hints);
    }

    private static long nanosOf(Clock clock) {
        Instant now = clock.instant();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    /**
     * The relays of the legacy client front (input requests, cancellation), in the reverse direction of this
     * bridge's rounds and under the same {@code mrtr} bounds.
     */
    public FrontRelay frontRelay() {
        return frontRelay;
    }

    /** A session opened for one call only never answers a second list: per-call sessions get no cache. */
    private static ListCacheLimits listCacheLimits(BridgeConfig config) {
        if (config.sessionStrategy() == BridgeConfig.SessionStrategy.PER_CALL || config.listCacheTtl().isZero()) {
            return ListCacheLimits.DISABLED;
        }
        return new ListCacheLimits(config.listCacheTtl(), config.listCacheMaxEntries(), config.listCacheMaxBytes());
    }

    /** Filters lists by {@code newPolicies} from now on (null: authentication off); a reload changed them. */
    public void usePolicies(Policies newPolicies) {
        policies = newPolicies;
    }

    /** A list result as {@code principal} may see it: without the tools, prompts, resources a policy denies it. */
    ObjectNode visibleTools(Principal principal, String method, ObjectNode result) {
        return Policies.visible(policies, principal, method, result);
    }

    /** The session key of {@code request} for {@code upstream}: never shared across principals. */
    SessionKey keyFor(String upstream, String principal, JsonRpcRequest request) {
        return new SessionKey(upstream, principal, initializer.capabilitiesKey(request.params()),
                InitializeSynthesizer.LEGACY_VERSION);
    }

    /** A session for {@code key}: from the pool, or (per-call strategy, benchmarks only) a fresh one. */
    CompletableFuture<UpstreamSession> acquire(SessionKey key, JsonRpcRequest request) {
        if (config.sessionStrategy() == BridgeConfig.SessionStrategy.PER_CALL) {
            return connector.open(key, initializer.initializeParams(request.params()));
        }
        return pool.acquire(key, () -> initializer.initializeParams(request.params()));
    }

    /** Gives back a session after one exchange; only the per-call strategy closes it. */
    void release(UpstreamSession session) {
        if (config.sessionStrategy() == BridgeConfig.SessionStrategy.PER_CALL) {
            connector.close(session);
        }
    }

    /** The upstream no longer knows {@code session}; the next acquire opens a new one. */
    void invalidate(UpstreamSession session, String why) {
        if (config.sessionStrategy() == BridgeConfig.SessionStrategy.POOLED) {
            pool.invalidate(session, why);
        }
    }

    /** A legacy verdict for {@code target} was contradicted by what it answered. */
    void contradicted(UpstreamTarget target, String what) {
        eras.contradicted(target, what);
    }

    IdRewriter rewriter(UpstreamSession session) {
        return connector.rewriter(session);
    }

    /** An exchange on {@code session} has released its ids: a close waiting for it may go ahead. */
    void exchangeEnded(UpstreamSession session) {
        connector.exchangeEnded(session);
    }

    InputRounds inputRounds() {
        return inputRounds;
    }

    /**
     * Whether an upstream input request the modern request lacks the capability for fails that request with -32021
     * (sessions declare all the gateway relays) rather than being declined upstream (sessions declare only what the
     * requests declared, so only a server that ignores them asks).
     */
    boolean failsUndeclaredCapabilities() {
        return failUndeclaredCapabilities;
    }

    /** This instance's id inside {@code requestState} (for the admin report and tests). */
    public String instanceId() {
        return inputRounds.instanceId();
    }

    /** Calls waiting for a client's retry now. */
    public int pendingRounds() {
        return inputRounds.pending().size();
    }

    /** The listen streams served from this bridge's sessions; they end before the sessions close. */
    public ListenHub listens() {
        return listens;
    }

    /**
     * A notification that arrived on a request's stream of {@code session}: a {@code list_changed} drops the
     * session's matching cached lists, and the session's listeners that asked for it get it too, since a legacy
     * server may send change notifications on any of its streams.
     */
    void notificationOnRequestStream(UpstreamSession session, JsonRpcNotification notification) {
        listNotification(session, notification);
        listens.notificationOnRequestStream(session, notification);
    }

    /**
     * A notification seen on any upstream stream of {@code session}: a {@code list_changed} drops the matching
     * entries of that session's list cache at once.
     */
    void listNotification(UpstreamSession session, JsonRpcNotification notification) {
        int dropped = listCaches.notification(session, notification.method());
        if (dropped > 0) {
            log.debug("{} on upstream session {} of {} dropped {} cached list result(s)", notification.method(),
                    session.sessionId(), session.key().upstream(), dropped);
        }
    }

    /** The list cache of a pooled session; empty when the cache is off or the session has left the pool. */
    Optional<ListResultCache> listCache(UpstreamSession session) {
        return listCaches.of(session);
    }

    /** Pooled sessions that hold a list cache now (for tests). */
    public int listCacheSessions() {
        return listCaches.sessions();
    }

    ResultStamper stamper() {
        return stamper;
    }

    ObjectNode discoverResult(UpstreamSession session) {
        return discover.discoverResult(session.initializeResult());
    }

    /** Upstream {@code initialize} handshakes since start (for the admin report and tests). */
    public long initializeCount() {
        return connector.initializeCount();
    }

    /** Pooled sessions dropped because their upstream forgot them, and so replaced at the next request. */
    public long sessionsReplaced() {
        return pool.replacedCount();
    }

    /** Pooled sessions that left because the pool was full or they sat idle. */
    public long sessionsEvicted() {
        return pool.evictedCount();
    }

    /** Multi round-trip rounds (input_required answers with a parked upstream call) since start. */
    public long mrtrRounds() {
        return inputRounds().pending().registeredCount();
    }

    /**
     * A reload changed the upstreams to {@code next}: the pooled sessions of every upstream in {@code leaving}
     * (removed, or changed settings) are closed, each once its exchanges in flight have ended; others stay.
     */
    public void retarget(Map<String, UpstreamTarget> next, Set<String> leaving) {
        connector.retarget(next, leaving);
        for (String upstream : leaving) {
            pool.invalidateUpstream(upstream, "a reload removed or changed the upstream");
        }
    }

    /** Pooled sessions per upstream name now (for the dashboard). */
    public Map<String, Integer> pooledSessionsByUpstream() {
        return pool.sizeByUpstream();
    }

    /** Pooled sessions now. */
    public int pooledSessions() {
        return pool.size();
    }

    /**
     * Closes every pooled session and waits, at most {@code bridge.initializeTimeout}, until their DELETEs are
     * answered, so that a gateway shutting down does not stop its event loops under them. Blocks: never call it on
     * an event loop.
     */
    @Override
    public void close() {
        // Calls parked for input are cancelled upstream before their sessions are deleted, while the loops run.
        awaitBounded(inputRounds.abandonAll(), "Not every call waiting for input was cancelled upstream at shutdown");
        pool.close();
        awaitBounded(connector.closesInFlight(), "Not every upstream session was closed at shutdown");
    }

    private void awaitBounded(CompletableFuture<?> work, String warning) {
        try {
            work.get(connector.timeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            log.warn("{}: {}", warning, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
