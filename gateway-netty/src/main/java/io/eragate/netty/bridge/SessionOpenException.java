package io.eragate.netty.bridge;

/** An upstream refused or failed the {@code initialize} handshake of a new session. */
final class SessionOpenException extends RuntimeException {
    private final int suggestedStatus;
    private final boolean modernAnswer;

    SessionOpenException(String message, int suggestedStatus, boolean modernAnswer) {
        super(message, null, false, false);
        this.suggestedStatus = suggestedStatus;
        this.modernAnswer = modernAnswer;
    }

    /** The HTTP status the client should get. */
    int suggestedStatus() {
        return suggestedStatus;
    }

    /** Whether the upstream answered like a 2026-07-28 server, contradicting a legacy verdict. */
    boolean modernAnswer() {
        return modernAnswer;
    }
}
