package io.eragate.netty.stdio;

/**
 * How a {@link StdioSession} reaches its server: a process's stdin, or the POST endpoint of a 2024-11-05 HTTP+SSE
 * session. What the server says comes back through {@link StdioSession#onMessage} and ends with
 * {@link StdioSession#onLinkLost}.
 */
public interface MessageLink {

    /**
     * Queues one JSON-RPC message for the server, in order, without blocking.
     *
     * @return false when the link is full or closing, and the message was not queued
     */
    boolean send(byte[] json);

    /** How logs name this link, such as {@code memory#0}. */
    String label();

    /** The link is broken (it said something unreadable): stop using it; its loss will be reported. */
    void abandon();
}
