package io.eragate.core.exchange;

/**
 * Why an upstream exchange failed, as far as the client's next move is concerned: whether the request provably
 * never reached the upstream ({@link #delivered()} false: safe to retry) or may have run there.
 */
public enum FailureKind {
    /** The upstream could not be connected to (refused, reset before sending, DNS, TLS). */
    UNREACHABLE(false),
    /** Every connection to the upstream was busy and too many requests already waited. */
    POOL_EXHAUSTED(false),
    /** The upstream session or process already carries as many requests as allowed. */
    BUSY(false),
    /** The upstream session could not be opened ({@code initialize} refused or malformed); nothing was sent. */
    SESSION_REFUSED(false),
    /** The upstream session's {@code initialize} got no answer in time; the request itself was never sent. */
    SESSION_TIMEOUT(false),
    /** The gateway could not get its credentials for the upstream (a refused token exchange); nothing was sent. */
    CREDENTIALS_UNAVAILABLE(false),
    /** The upstream process is not running (starting, or restarts paused). */
    PROCESS_UNAVAILABLE(false),
    /** No response head within {@code limits.upstreamResponseTimeout} (or the stdio request timeout). */
    HEAD_TIMEOUT(true),
    /** The upstream went silent mid-answer for {@code limits.upstreamIdleTimeout}. */
    IDLE_TIMEOUT(true),
    /** The exchange took {@code limits.upstreamTotalTimeout} altogether. */
    TOTAL_TIMEOUT(true),
    /** The connection was lost after the request was sent. */
    CONNECTION_LOST(true),
    /** The upstream process exited while the request was in it. */
    PROCESS_GONE(true),
    /** The upstream answered something that is not a usable MCP answer. */
    MALFORMED_ANSWER(true),
    /** The gateway was stopping and its drain deadline passed with the request still running. */
    SHUTDOWN(true);

    private final boolean delivered;

    FailureKind(boolean delivered) {
        this.delivered = delivered;
    }

    /** Whether the request may have reached the upstream (and a side effect may have happened). */
    public boolean delivered() {
        return delivered;
    }
}
