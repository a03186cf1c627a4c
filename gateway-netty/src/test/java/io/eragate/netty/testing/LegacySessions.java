package io.eragate.netty.testing;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** The legacy fixture's live sessions, bounded, with the counts that tests assert on. */
final class LegacySessions {
    private final int maxSessions;
    private final Map<String, LegacySession> byId = new ConcurrentHashMap<>();
    private final AtomicInteger initializeCount = new AtomicInteger();
    private final AtomicInteger deleteCount = new AtomicInteger();

    LegacySessions(int maxSessions) {
        if (maxSessions < 1) {
            throw new IllegalArgumentException("maxSessions must be positive: " + maxSessions);
        }
        this.maxSessions = maxSessions;
    }

    /** A new session with a random UUID id, or empty when the bound is reached. */
    Optional<LegacySession> create(String protocolVersion) {
        if (byId.size() >= maxSessions) {
            return Optional.empty();
        }
        LegacySession session = new LegacySession(UUID.randomUUID().toString(), protocolVersion);
        byId.put(session.id(), session);
        initializeCount.incrementAndGet();
        return Optional.of(session);
    }

    Optional<LegacySession> find(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    /** Ends a session at the client's request (DELETE); returns whether it existed. */
    boolean delete(String id) {
        LegacySession removed = byId.remove(id);
        if (removed == null) {
            return false;
        }
        deleteCount.incrementAndGet();
        removed.endStandaloneStreams();
        return true;
    }

    /** Forgets every session as a restarted or expiring server would; not counted as deletes. */
    void expireAll() {
        for (String id : List.copyOf(byId.keySet())) {
            LegacySession removed = byId.remove(id);
            if (removed != null) {
                removed.endStandaloneStreams();
            }
        }
    }

    Collection<LegacySession> all() {
        return byId.values();
    }

    int count() {
        return byId.size();
    }

    int initializeCount() {
        return initializeCount.get();
    }

    int deleteCount() {
        return deleteCount.get();
    }
}
