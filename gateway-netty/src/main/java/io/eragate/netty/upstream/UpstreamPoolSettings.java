package io.eragate.netty.upstream;

import java.time.Duration;

/**
 * The bounds of the upstream connection pools.
 *
 * @param maxConnectionsPerLoop open connections to one upstream from one event loop, busy and idle together
 * @param maxPendingAcquires requests that may wait for a connection on one event loop before new ones are refused
 * @param connectTimeout how long a TCP connect may take
 * @param idleTimeout how long an idle pooled connection is kept; shorter than common server keep-alive timeouts
 *     (Node's is 5 s) so a request is rarely written on a connection the server is closing
 */
public record UpstreamPoolSettings(int maxConnectionsPerLoop, int maxPendingAcquires, Duration connectTimeout,
        Duration idleTimeout) {
}
