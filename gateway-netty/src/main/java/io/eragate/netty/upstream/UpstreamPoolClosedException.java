package io.eragate.netty.upstream;

/**
 * The pool closed (the gateway is stopping) before it had a connection for the request, which was therefore never
 * sent to the upstream.
 */
public final class UpstreamPoolClosedException extends Exception {

    UpstreamPoolClosedException(String upstream) {
        super("upstream " + upstream + ": the gateway is stopping and closed its connections before the request was"
                + " sent", null, false, false);
    }
}
