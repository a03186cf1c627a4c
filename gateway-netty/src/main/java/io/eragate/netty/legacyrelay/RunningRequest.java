package io.eragate.netty.legacyrelay;

import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
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
    private ChannelFuture closeFuture;
    private ChannelFutureListener onClose;

    /** A request that {@code canceller} cancels (at first: closing the client's POST connection). */
    public RunningRequest(Runnable canceller) {
        this.canceller = Objects.requireNonNull(canceller, "canceller");
    }

    /** From now on cancelling runs {@code newCanceller}. */
    void cancelWith(Runnable newCanceller) {
        this.canceller = Objects.requireNonNull(newCanceller, "newCanceller");
    }

    /** Runs {@code forget} when the client's connection closes before the request is answered. */
    synchronized void forgetOn(ChannelFuture clientCloseFuture, Runnable forget) {
        closeFuture = clientCloseFuture;
        onClose = closed -> forget.run();
        closeFuture.addListener(onClose);
    }

    /** The request was answered: a later close of the connection is not its business. */
    synchronized void answered() {
        if (closeFuture != null) {
            closeFuture.removeListener(onClose);
            closeFuture = null;
            onClose = null;
        }
    }

    /** Cancels the request. */
    public void cancel() {
        canceller.run();
    }
}
