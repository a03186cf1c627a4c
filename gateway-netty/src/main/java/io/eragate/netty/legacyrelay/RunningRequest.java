package io.eragate.netty.legacyrelay;

import java.util.Objects;

/**
 * A legacy client's request the front is serving, as {@code InFlightRequests} keeps it for the client's
 * {@code notifications/cancelled}: what cancelling it does changes when the relay takes the request over from the
 * first exchange.
 *
 * <p>Thread-safe.
 */
public final class RunningRequest {

    private volatile Runnable canceller;

    /** A request that {@code canceller} cancels (at first: closing the client's POST connection). */
    public RunningRequest(Runnable canceller) {
        this.canceller = Objects.requireNonNull(canceller, "canceller");
    }

    /** From now on cancelling runs {@code newCanceller}. */
    void cancelWith(Runnable newCanceller) {
        this.canceller = Objects.requireNonNull(newCanceller, "newCanceller");
    }

    /** Cancels the request. */
    public void cancel() {
        canceller.run();
    }
}
