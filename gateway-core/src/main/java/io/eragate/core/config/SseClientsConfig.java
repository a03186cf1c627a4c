package io.eragate.core.config;

import java.time.Duration;
import java.util.Objects;

/**
 * 2024-11-05 HTTP+SSE clients, served beside each route at {@code <route path>/sse}. Defaults and ranges are set in
 * {@code ConfigReader#sseClients} and listed in {@code docs/configuration.md}.
 *
 * @param maxSessions       SSE sessions open across the gateway (default 1000, 1..1000000); one more GET is
 *                          answered 503
 * @param maxQueuedMessages messages one session may have waiting or in flight (default 64, 1..100000); one more POST
 *                          is answered 503
 * @param idleTimeout       a session with no message and no exchange in flight for this long is ended (default 10m,
 *                          1ms..24h)
 */
public record SseClientsConfig(int maxSessions, int maxQueuedMessages, Duration idleTimeout) {

    public SseClientsConfig {
        Objects.requireNonNull(idleTimeout, "idleTimeout");
    }

    /** Every key at its default. */
    public static SseClientsConfig defaults() {
        return ConfigReader.DEFAULT_SSE_CLIENTS;
    }
}
