package io.eragate.core.sse;

/**
 * An SSE stream broke one of the parser's bounds: a line or a pending event grew larger than allowed. The stream
 * cannot be resynchronised after this, so the caller abandons it.
 */
public final class SseLimitExceededException extends Exception {

    private final long limit;

    public SseLimitExceededException(String message, long limit) {
        super(message);
        this.limit = limit;
    }

    /** The bound that was exceeded, in bytes. */
    public long limit() {
        return limit;
    }
}
