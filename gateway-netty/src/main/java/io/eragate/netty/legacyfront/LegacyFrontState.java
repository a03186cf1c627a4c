package io.eragate.netty.legacyfront;

import io.eragate.core.legacyfront.LegacyClientSessionIds;
import io.eragate.core.legacyfront.LegacySessionStates;
import io.eragate.core.security.StateSealer;
import java.util.Objects;

/**
 * What the legacy client front keeps for the life of the gateway: the sealer of its session ids (the
 * {@code security.secrets} ring) and the per-replica state of its sessions, within their bounds.
 */
public final class LegacyFrontState implements AutoCloseable {

    /** Default of {@code legacyFront.maxSessions}. */
    public static final long DEFAULT_MAX_SESSIONS = 10_000;
    /** Default of {@code legacyFront.maxAnswerBytes}. */
    public static final int DEFAULT_MAX_ANSWER_BYTES = 16 * 1024 * 1024;

    private final LegacyClientSessionIds ids;
    private final LegacySessionStates states;
    private final int maxAnswerBytes;

    /**
     * @param sealer the ring's sealer, shared with every other sealed token of the gateway
     * @param maxSessions sessions whose state this replica keeps at most
     * @param maxAnswerBytes the largest JSON answer (or SSE event) the front translates for a legacy client
     */
    public LegacyFrontState(StateSealer sealer, long maxSessions, int maxAnswerBytes) {
        this.ids = new LegacyClientSessionIds(Objects.requireNonNull(sealer, "sealer"));
        this.states = new LegacySessionStates(maxSessions);
        this.maxAnswerBytes = maxAnswerBytes;
    }

    /** With the default bounds. */
    public static LegacyFrontState withDefaults(StateSealer sealer) {
        return new LegacyFrontState(sealer, DEFAULT_MAX_SESSIONS, DEFAULT_MAX_ANSWER_BYTES);
    }

    /** Seals and opens the sessions' ids. */
    public LegacyClientSessionIds ids() {
        return ids;
    }

    /** The per-replica state of the sessions (log level, ended, what each holds open). */
    public LegacySessionStates states() {
        return states;
    }

    /** The largest JSON answer (or SSE event) the front translates. */
    public int maxAnswerBytes() {
        return maxAnswerBytes;
    }

    /** Ends every session's state in this replica (shutdown): what they hold is closed. */
    @Override
    public void close() {
        states.endAll();
    }
}
