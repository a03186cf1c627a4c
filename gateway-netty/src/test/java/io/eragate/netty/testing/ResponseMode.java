package io.eragate.netty.testing;

/** How a fixture upstream answers a request that it answers at once. */
public enum ResponseMode {
    /** {@code Content-Type: application/json}, one JSON-RPC response with a {@code Content-Length}. */
    JSON,
    /** {@code Content-Type: text/event-stream}, chunked, one flushed event per message. */
    SSE
}
