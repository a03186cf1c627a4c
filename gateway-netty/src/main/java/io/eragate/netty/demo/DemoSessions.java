package io.eragate.netty.demo;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The demo server's live sessions, at most {@code maxSessions}: creating one more forgets the least recently used,
 * whose id then gets 404 like an expired session. Ids are random UUIDs (from {@code SecureRandom}).
 */
final class DemoSessions {
    /** The default bound: plenty for a demo, small enough that stray clients cannot grow it without limit. */
    static final int DEFAULT_MAX_SESSIONS = 1000;

    private final Map<String, DemoSession> byId;

    DemoSessions(int maxSessions) {
        if (maxSessions < 1) {
            throw new IllegalArgumentException("maxSessions must be positive: " + maxSessions);
        }
        byId = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, DemoSession> eldest) {
                return size() > maxSessions;
            }
        };
    }

    /** A new session with a fresh random id, evicting the least recently used one when full. */
    synchronized DemoSession create() {
        DemoSession session = new DemoSession(UUID.randomUUID().toString());
        byId.put(session.id(), session);
        return session;
    }

    /** The live session with this id; a lookup counts as use. */
    synchronized Optional<DemoSession> find(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    /** Forgets a session (the client sent DELETE); returns whether it was live. */
    synchronized boolean remove(String id) {
        return byId.remove(id) != null;
    }

    synchronized int size() {
        return byId.size();
    }
}
