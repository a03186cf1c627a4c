package io.eragate.netty.upstream;

/** Too many requests already wait for a connection to one upstream on one event loop. */
public final class UpstreamPoolExhaustedException extends Exception {

    UpstreamPoolExhaustedException(String upstream, int maxConnections, int maxPending) {
        super("upstream " + upstream + ": all " + maxConnections + " connections busy and " + maxPending
                + " requests already waiting (limits.maxUpstreamConnectionsPerEventLoop,"
                + " limits.maxPendingUpstreamAcquires)", null, false, false);
    }
}
