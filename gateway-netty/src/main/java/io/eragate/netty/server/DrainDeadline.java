package io.eragate.netty.server;

import java.time.Duration;

/**
 * The user event a stopping gateway fires on every client connection when {@code shutdown.drainTimeout} has come:
 * the exchange still running there ends with an error for its id and cancels upstream.
 *
 * @param after the drain timeout that passed
 */
record DrainDeadline(Duration after) {
}
