package io.eragate.netty.bridge;

import io.eragate.core.config.SubscriptionsConfig;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.listen.SubscriptionFilter;
import io.eragate.core.session.UpstreamSession;
import io.eragate.netty.upstream.UpstreamChannelPool;
import io.eragate.netty.upstream.UpstreamTarget;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every open {@code subscriptions/listen} stream served from a legacy upstream, and the per-session state they share
 * ({@link SessionStreams}, one per pooled session with listeners). Bounds the listeners in total, and ends them
 * all gracefully when the gateway shuts down.
 *
 * <p>Thread-safe: listen streams live on many client loops.
 */
public final class ListenHub {
    private static final Logger log = LoggerFactory.getLogger(ListenHub.class);
    /** How long shutdown waits for the final results to be written. */
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);

    private final SubscriptionsConfig config;
    private final Duration upstreamTimeout;
    private final Set<ListenExchange> open = new LinkedHashSet<>();
    private final Map<UpstreamSession, SessionStreams> sessions = new IdentityHashMap<>();
    private boolean closed;

    /**
     * Creates the hub.
     *
     * @param upstreamTimeout bounds the gateway's own upstream calls: the GET stream's head, subscribe and
     *     unsubscribe
     */
    public ListenHub(SubscriptionsConfig config, Duration upstreamTimeout) {
        this.config = Objects.requireNonNull(config, "config");
        this.upstreamTimeout = Objects.requireNonNull(upstreamTimeout, "upstreamTimeout");
    }

    /** The {@code subscriptions} settings every listen stream follows. */
    public SubscriptionsConfig config() {
        return config;
    }

    /** Takes a place for a new listen stream; false when the gateway has {@code maxListeners} or is closing. */
    synchronized boolean reserve(ListenExchange listener) {
        if (closed || open.size() >= config.maxListeners()) {
            return false;
        }
        open.add(listener);
        return true;
    }

    /** Gives back the place of a listen stream that ended. */
    synchronized void release(ListenExchange listener) {
        open.remove(listener);
    }

    /** Registers a listener on {@code session}'s streams, creating them for the session's first listener. */
    synchronized CompletableFuture<Optional<SessionStreams.Acknowledgement>> join(UpstreamSession session,
            UpstreamTarget target, UpstreamChannelPool pool, LegacyBridge bridge, String listenerId, JsonRpcId subscriptionId,
            SubscriptionFilter honoured, ListenExchange listener) {
        SessionStreams streams = sessions.computeIfAbsent(session, s -> new SessionStreams(s, target, pool, bridge,
                upstreamTimeout, config.maxListenersPerSession()));
        return streams.add(listenerId, subscriptionId, honoured, listener);
    }

    /** Unregisters a listener; the session's streams close with its last one. */
    synchronized void leave(UpstreamSession session, String listenerId) {
        SessionStreams streams = sessions.get(session);
        if (streams != null && streams.remove(listenerId)) {
            sessions.remove(session);
        }
    }

    /** A notification seen on one of {@code session}'s request streams: listeners that asked for it get it. */
    public void notificationOnRequestStream(UpstreamSession session, JsonRpcNotification notification) {
        SessionStreams streams;
        synchronized (this) {
            streams = sessions.get(session);
        }
        if (streams != null) {
            streams.route(notification);
        }
    }

    /** Listen streams open now. */
    public synchronized int openListeners() {
        return open.size();
    }

    /** Upstream sessions whose streams serve at least one listener now. */
    public synchronized int activeSessions() {
        return sessions.size();
    }

    /**
     * Ends every listen stream with its graceful final result and waits (at most a few seconds) until those are
     * written; refuses new listeners from then on. Blocks: never call it on an event loop.
     */
    public void close() {
        List<ListenExchange> ending;
        synchronized (this) {
            closed = true;
            ending = new ArrayList<>(open);
        }
        List<CompletableFuture<Void>> written = ending.stream().map(ListenExchange::endGracefully).toList();
        try {
            CompletableFuture.allOf(written.toArray(CompletableFuture[]::new))
                    .get(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            log.warn("Not every listen stream got its final result at shutdown: {}", e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
