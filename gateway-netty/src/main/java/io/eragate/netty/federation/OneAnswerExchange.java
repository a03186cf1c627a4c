package io.eragate.netty.federation;

import io.eragate.netty.upstream.ClientExchange;

/**
 * An exchange the gateway answers with one small JSON response once its upstream calls are done: it ends once,
 * either when it answers or when it is cancelled, and has nothing to resume when the client can take more bytes.
 */
abstract class OneAnswerExchange implements ClientExchange {

    private final Runnable done;
    private boolean finished;

    /** {@code done} runs once the exchange has ended. */
    OneAnswerExchange(Runnable done) {
        this.done = done;
    }

    /** Whether this is the first end of the exchange (answer or cancellation); later ones must do nothing. */
    final boolean finishing() {
        if (finished) {
            return false;
        }
        finished = true;
        return true;
    }

    /** Tells the owner the exchange has ended; after the answer is written. */
    final void ended() {
        done.run();
    }

    @Override
    public final void cancel() {
        if (finishing()) {
            ended();
        }
    }

    @Override
    public final void onClientWritable() {
        // One small response, written whole.
    }
}
