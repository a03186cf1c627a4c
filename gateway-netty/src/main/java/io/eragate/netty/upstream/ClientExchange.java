package io.eragate.netty.upstream;

/** One client request being served from an upstream, as the client connection's handler drives it. */
public interface ClientExchange {

    /** Sends the request on its way. */
    void start();

    /** The client went away: stop the upstream work. */
    void cancel();

    /** The client connection can take more bytes again. */
    void onClientWritable();
}
