package io.eragate.core.listen;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.session.SessionConnector;
import io.eragate.core.session.SessionKey;
import io.eragate.core.session.UpstreamSession;
import java.time.Clock;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * One {@link ListResultCache} per open pooled session. A cache exists from the moment its session is open until the
 * session is closed, and belongs to that session alone: sessions are keyed by principal, so a list one principal was
 * given never answers another. A session that is closed, expired or invalidated drops its cache with it.
 *
 * <p>Thread-safe.
 */
public final class ListResultCaches {

    private final ListCacheLimits limits;
    private final Clock clock;
    private final Map<UpstreamSession, ListResultCache> caches = new IdentityHashMap<>();

    /**
     * No caches yet.
     *
     * @param limits each session's bounds; when {@linkplain ListCacheLimits#enabled() off}, no session gets a cache
     * @param clock the time source of the ttl
     */
    public ListResultCaches(ListCacheLimits limits, Clock clock) {
        this.limits = Objects.requireNonNull(limits, "limits");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * {@code inner}, with each session's cache made when the session opens and dropped when it closes. Pass this to
     * the session pool, so that every way a session leaves it (idle, evicted, invalidated, shutdown) drops the cache.
     */
    public SessionConnector tracking(SessionConnector inner) {
        Objects.requireNonNull(inner, "inner");
        return new SessionConnector() {
            @Override
            public CompletableFuture<UpstreamSession> open(SessionKey key, ObjectNode initializeParams) {
                return inner.open(key, initializeParams).thenApply(session -> {
                    opened(session);
                    return session;
                });
            }

            @Override
            public CompletableFuture<Void> close(UpstreamSession session) {
                closed(session);
                return inner.close(session);
            }
        };
    }

    /** Gives {@code session} an empty cache, unless the cache is off. */
    public synchronized void opened(UpstreamSession session) {
        Objects.requireNonNull(session, "session");
        if (limits.enabled()) {
            caches.putIfAbsent(session, new ListResultCache(limits, clock));
        }
    }

    /** Drops {@code session}'s cache; results of requests still in flight on it are not stored. */
    public void closed(UpstreamSession session) {
        Objects.requireNonNull(session, "session");
        ListResultCache cache;
        synchronized (this) {
            cache = caches.remove(session);
        }
        if (cache != null) {
            cache.close();
        }
    }

    /** The cache of an open session; empty when the cache is off or the session is not (or no longer) open. */
    public synchronized Optional<ListResultCache> of(UpstreamSession session) {
        return Optional.ofNullable(caches.get(Objects.requireNonNull(session, "session")));
    }

    /**
     * A notification seen on any of {@code session}'s upstream streams: a {@code list_changed} drops the matching
     * entries of that session's cache, and of no other.
     *
     * @return how many entries were dropped
     */
    public int notification(UpstreamSession session, String notificationMethod) {
        Objects.requireNonNull(notificationMethod, "notificationMethod");
        return of(session).map(cache -> cache.invalidate(notificationMethod)).orElse(0);
    }

    /** Sessions with a cache now. */
    public synchronized int sessions() {
        return caches.size();
    }
}
