package io.eragate.core.session;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import com.github.benmanes.caffeine.cache.Scheduler;
import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pool of legacy upstream sessions that serve modern requests, one per {@link SessionKey}.
 *
 * <ul>
 *   <li>Single-flight: concurrent first callers for a key wait for one {@code initialize}. A failed open is not
 *       kept, so the next acquire tries again.</li>
 *   <li>Bounded: at most {@code maxSessions} sessions, each dropped after {@code idleExpiry} without an acquire.
 *       Every session that leaves the pool (evicted, expired, invalidated, or at {@link #close()}) is closed
 *       upstream through the connector; one still opening is closed as soon as it is open.</li>
 *   <li>{@link #invalidate} drops a session the upstream has forgotten, but never a newer replacement.</li>
 * </ul>
 * Thread-safe; nothing here blocks.
 */
public final class SessionPool implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(SessionPool.class);

    private final SessionConnector connector;
    private final AsyncCache<SessionKey, Opened> sessions;
    private volatile boolean closed;
    private final AtomicLong replaced = new AtomicLong();
    private final AtomicLong evicted = new AtomicLong();

    /**
     * A pool on the system clock; idle sessions are reaped by a background timer even when no request arrives.
     */
    public SessionPool(SessionConnector connector, int maxSessions, Duration idleExpiry) {
        this(connector, maxSessions, idleExpiry, Ticker.systemTicker(), Scheduler.systemScheduler());
    }

    /**
     * A pool on {@code ticker}; expired sessions are reaped during pool activity or {@link #cleanUp()}.
     *
     * @param maxSessions the most sessions held at once; at least 1
     * @param idleExpiry how long a session may go without an acquire before it is closed; positive
     * @param ticker the time source for idle expiry
     */
    public SessionPool(SessionConnector connector, int maxSessions, Duration idleExpiry, Ticker ticker) {
        this(connector, maxSessions, idleExpiry, ticker, Scheduler.disabledScheduler());
    }

    private SessionPool(
            SessionConnector connector, int maxSessions, Duration idleExpiry, Ticker ticker, Scheduler scheduler) {
        this.connector = Objects.requireNonNull(connector, "connector");
        Objects.requireNonNull(idleExpiry, "idleExpiry");
        Objects.requireNonNull(ticker, "ticker");
        if (maxSessions < 1) {
            throw new IllegalArgumentException("maxSessions must be >= 1, got " + maxSessions);
        }
        if (idleExpiry.isZero() || idleExpiry.isNegative()) {
            throw new IllegalArgumentException("idleExpiry must be positive, got " + idleExpiry);
        }
        // Removal work is a non-blocking call into the connector, so it runs on whichever thread triggers it.
        this.sessions = Caffeine.newBuilder()
                .maximumSize(maxSessions)
                .expireAfterAccess(idleExpiry)
                .ticker(ticker)
                .scheduler(scheduler)
                .executor(Runnable::run)
                .<SessionKey, Opened>removalListener((key, opened, cause) -> {
                    if (opened != null) {
                        onRemoval(opened.session(), cause);
                    }
                })
                .buildAsync();
    }

    /**
     * The session for {@code key}, opening one when there is none.
     *
     * @param initializeParams called at most once, and only when this call is the one that opens the session
     * @return a future of its own for this caller: cancelling it does not affect other callers or the open
     */
    public CompletableFuture<UpstreamSession> acquire(SessionKey key, Supplier<ObjectNode> initializeParams) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(initializeParams, "initializeParams");
        if (closed) {
            return CompletableFuture.failedFuture(new IllegalStateException("the session pool is closed"));
        }
        CompletableFuture<Opened> shared = sessions.get(key, (k, executor) -> open(k, initializeParams));
        if (closed) {
            // close() ran between the check above and get(): do not leave a session behind in a closed pool.
            sessions.synchronous().invalidate(key);
        }
        CompletableFuture<UpstreamSession> own = new CompletableFuture<>();
        shared.whenComplete((opened, failure) -> {
            if (failure != null) {
                own.completeExceptionally(failure);
            } else if (opened.failure() != null) {
                // Taken out before the caller hears of it, so that its next acquire opens anew.
                sessions.asMap().remove(key, shared);
                own.completeExceptionally(opened.failure());
            } else {
                own.complete(opened.session());
            }
        });
        return own;
    }

    /**
     * Drops {@code session} because the upstream no longer knows it (404, or a 400 naming an unknown session), so
     * that the next acquire for its key initializes anew. Does nothing when the pool already holds a different
     * session, or a pending open, for that key.
     *
     * @param why a short reason, for the log
     */
    public void invalidate(UpstreamSession session, String why) {
        Objects.requireNonNull(session, "session");
        sessions.asMap().computeIfPresent(session.key(), (key, current) -> {
            if (holds(current, session)) {
                log.info("Dropping upstream session {} of {}: {}", session.sessionId(), key.upstream(), why);
                replaced.incrementAndGet();
                return null;
            }
            return current;
        });
    }

    /** Sessions dropped since start because the upstream forgot them; the next acquire opens a replacement. */
    public long replacedCount() {
        return replaced.get();
    }

    /** Sessions that left since start because the pool was full or they sat idle too long. */
    public long evictedCount() {
        return evicted.get();
    }

    /**
     * Drops every session of {@code upstream} (a reload removed or changed it): each is closed through the
     * connector, which lets the exchanges still using it end first.
     */
    public void invalidateUpstream(String upstream, String why) {
        Objects.requireNonNull(upstream, "upstream");
        sessions.asMap().keySet().removeIf(key -> {
            if (key.upstream().equals(upstream)) {
                log.info("Dropping the upstream sessions of {}: {}", upstream, why);
                return true;
            }
            return false;
        });
    }

    /** Sessions held per upstream name, including ones still opening (for the dashboard). */
    public Map<String, Integer> sizeByUpstream() {
        Map<String, Integer> sizes = new TreeMap<>();
        sessions.asMap().keySet().forEach(key -> sizes.merge(key.upstream(), 1, Integer::sum));
        return sizes;
    }

    /** How many sessions the pool holds, including ones still opening. */
    public int size() {
        sessions.synchronous().cleanUp();
        return Math.toIntExact(sessions.synchronous().estimatedSize());
    }

    /** Performs pending expiry and eviction now, closing the sessions that leave. */
    public void cleanUp() {
        sessions.synchronous().cleanUp();
    }

    /** Closes every session through the connector; later acquires fail. */
    @Override
    public void close() {
        closed = true;
        sessions.synchronous().invalidateAll();
        sessions.synchronous().cleanUp();
    }

    /**
     * Starts an open. Its future always completes normally, with the session or the failure: an exceptionally
     * completed future would make Caffeine log a stack trace for every request to an upstream that is down.
     */
    private CompletableFuture<Opened> open(SessionKey key, Supplier<ObjectNode> initializeParams) {
        CompletableFuture<UpstreamSession> opening;
        try {
            opening = connector.open(key, initializeParams.get());
        } catch (RuntimeException e) {
            return CompletableFuture.completedFuture(Opened.failed(e));
        }
        if (opening == null) {
            return CompletableFuture.completedFuture(
                    Opened.failed(new IllegalStateException("the connector returned no future")));
        }
        return opening.handle((session, failure) -> {
            if (failure != null) {
                return Opened.failed(failure instanceof CompletionException && failure.getCause() != null
                        ? failure.getCause() : failure);
            }
            if (session == null || !session.key().equals(key)) {
                return Opened.failed(
                        new IllegalStateException("the connector opened a session for another key: " + session));
            }
            return new Opened(session, null);
        });
    }

    private static boolean holds(CompletableFuture<Opened> current, UpstreamSession session) {
        return current.isDone() && !current.isCompletedExceptionally() && current.join().session() == session;
    }

    /** How an open ended: with a session, or with the failure, which is never kept in the pool. */
    private record Opened(UpstreamSession session, Throwable failure) {
        static Opened failed(Throwable failure) {
            return new Opened(null, failure);
        }
    }

    private void onRemoval(UpstreamSession session, RemovalCause cause) {
        if (session == null) {
            return;
        }
        log.debug("Closing upstream session {} of {} ({})", session.sessionId(), session.key().upstream(), cause);
        if (cause.wasEvicted()) {
            evicted.incrementAndGet();
        }
        CompletableFuture<Void> closing;
        try {
            closing = connector.close(session);
        } catch (RuntimeException e) {
            log.warn("Closing upstream session {} of {} failed", session.sessionId(), session.key().upstream(), e);
            return;
        }
        if (closing != null) {
            closing.whenComplete((ignored, failure) -> {
                if (failure != null) {
                    log.warn("Closing upstream session {} of {} failed: {}", session.sessionId(),
                            session.key().upstream(), failure.toString());
                }
            });
        }
    }
}
