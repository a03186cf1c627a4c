package io.eragate.netty.upstream;

import java.time.Duration;
import java.util.concurrent.TimeoutException;

/** An upstream did not answer in time; carries the timeout that actually fired, so that the answer can name it. */
public final class UpstreamTimeoutException extends TimeoutException {
    private static final long serialVersionUID = 1L;
    private final transient Duration after;

    /** A timeout after {@code after}, described by {@code message}. */
    public UpstreamTimeoutException(String message, Duration after) {
        super(message);
        this.after = after;
    }

    /** The timeout that fired. */
    public Duration after() {
        return after;
    }
}
