package io.eragate.netty.sseclient;

import io.eragate.core.config.SseClientsConfig;
import io.eragate.core.sseclient.SseClientSessions;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;

/**
 * What the gateway's 2024-11-05 HTTP+SSE sessions share: the bounded registry of sessions, and how often an open
 * stream is looked at (a keep-alive comment, and the idle check). One per server; a reload keeps it.
 */
public final class SseClientFront {

    /** The longest wait between two keep-alive comments on an open stream. */
    private static final Duration MAX_TICK = Duration.ofSeconds(15);

    private final SseClientSessions<SseClientSession> sessions;
    private final Duration tick;

    /** The front for {@code config}, on the system clock. */
    public SseClientFront(SseClientsConfig config) {
        this.sessions = new SseClientSessions<>(config.maxSessions(), config.maxQueuedMessages(),
                config.idleTimeout(), Clock.systemUTC(), new SecureRandom());
        this.tick = config.idleTimeout().compareTo(MAX_TICK) < 0 ? config.idleTimeout() : MAX_TICK;
    }

    SseClientSessions<SseClientSession> sessions() {
        return sessions;
    }

    /** How often an open stream gets a keep-alive comment and is checked for idleness. */
    Duration tick() {
        return tick;
    }

    /** Sessions open now (for tests and reports). */
    public int openSessions() {
        return sessions.size();
    }
}
