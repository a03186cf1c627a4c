package io.eragate.core.legacyfront;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.Optional;

/**
 * The mutable state of the legacy client sessions this replica serves, by sealed session id, at most
 * {@code legacyFront.maxSessions} of them: the least recently used is forgotten first (its session goes on, with the
 * default log level; an ended session forgotten this way would open again, so the bound should exceed the sessions a
 * replica serves at once). Thread-safe.
 */
public final class LegacySessionStates {

    private final Cache<String, LegacySessionState> states;

    /** At most {@code maxSessions} sessions' state. */
    public LegacySessionStates(long maxSessions) {
        if (maxSessions < 1) {
            throw new IllegalArgumentException("maxSessions must be at least 1, not " + maxSessions);
        }
        this.states = Caffeine.newBuilder().maximumSize(maxSessions).executor(Runnable::run).build();
    }

    /** The state of {@code sessionId}, created when it has none. */
    public LegacySessionState of(String sessionId) {
        return states.get(sessionId, ignored -> new LegacySessionState());
    }

    /** The state of {@code sessionId}, when it has any. */
    public Optional<LegacySessionState> find(String sessionId) {
        return Optional.ofNullable(states.getIfPresent(sessionId));
    }

    /** Whether {@code sessionId} was ended in this replica. */
    public boolean ended(String sessionId) {
        return find(sessionId).map(LegacySessionState::ended).orElse(false);
    }

    /** Ends every session (shutdown): what they hold is closed. */
    public void endAll() {
        states.asMap().values().forEach(LegacySessionState::end);
    }

    /** Sessions with state in this replica, once pending evictions are done (for metrics and tests). */
    public long size() {
        states.cleanUp();
        return states.estimatedSize();
    }
}
