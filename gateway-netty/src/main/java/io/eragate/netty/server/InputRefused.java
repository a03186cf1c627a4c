package io.eragate.netty.server;

import io.eragate.core.frontdoor.Rejection;
import java.util.Objects;

/**
 * A message the handlers in front of {@link McpRequestHandler} pass on instead of a request when the connection's
 * input cannot be read any further (a decoder failure, a body over the limit, a refused request head). The handler
 * answers it with {@code rejection} once every request read before it has been answered, and then closes the
 * connection: answering it at once would overtake the answers still owed, and closing at once would lose them.
 *
 * @param rejection the answer to write, with {@code Connection: close}
 */
record InputRefused(Rejection rejection) {

    InputRefused {
        Objects.requireNonNull(rejection, "rejection");
    }
}
