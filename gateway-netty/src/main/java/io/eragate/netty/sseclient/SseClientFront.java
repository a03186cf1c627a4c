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

    /** The front for {@code config}, on the system clock, on connections that are never closed for idleness. */
    public SseClientFront(SseClientsConfig config) {
        this(config, MAX_TICK.multipliedBy(2));
    }

    /**
     * The front for {@code config}, on the system clock, on client connections closed after
     * {@code connectionIdleTimeout} without traffic ({@code limits.idleTimeout}): a stream gets a comment at least
     * twice within it, so that a quiet session is never cut for idleness, only by {@code sseClients.idleTimeout}.
     */
    public SseClientFront(SseClientsConfig config, Duration connectionIdleTimeout) {
        this(config, connectionIdleTimeout, Clock.systemUTC());
    }

    /** As above, with sessions idle by {@code clock} (a test's hand-moved one). */
    public SseClientFront(SseClientsConfig config, Duration connectionIdleTimeout, Clock clock) {
        this.sessions = new SseClientSessions<>(config.maxSessions(), config.maxQueuedMessages(),
                config.idleTimeout(), clock, new SecureRandom());
        Duration tick = config.idleTimeout().compareTo(MAX_TICK) < 0 ? config.idleTimeout() : MAX_TICK;
        Duration half = connectionIdleTimeout.dividedBy(2);
        this.tick = half.compareTo(tick) < 0 ? (half.isZero() ? Duration.ofNanos(1) : half) : tick;
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
