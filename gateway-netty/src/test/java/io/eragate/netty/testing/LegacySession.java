package io.eragate.netty.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One session of the legacy fixture: the negotiated version, the session-wide log level, resource subscriptions,
 * the requests still running (so {@code notifications/cancelled} can stop them) and the open GET streams.
 *
 * <p>Requests of one session may arrive on several connections, hence several event loops: state is held in
 * concurrent collections, and anything that writes to an exchange hops onto that exchange's event loop.
 */
final class LegacySession {
    /** RFC 5424 severities in increasing order, as MCP names them. */
    static final List<String> LOG_LEVELS =
            List.of("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency");

    private final String id;
    private final String protocolVersion;
    private volatile String logLevel;
    private final Set<String> subscriptions = ConcurrentHashMap.newKeySet();
    private final Map<String, FixtureExchange> running = new ConcurrentHashMap<>();
    private final Set<SseStream> standaloneStreams = ConcurrentHashMap.newKeySet();

    LegacySession(String id, String protocolVersion) {
        this.id = id;
        this.protocolVersion = protocolVersion;
    }

    String id() {
        return id;
    }

    String protocolVersion() {
        return protocolVersion;
    }

    void setLogLevel(String level) {
        logLevel = level;
    }

    Optional<String> logLevel() {
        return Optional.ofNullable(logLevel);
    }

    /** Whether a {@code notifications/message} at {@code level} should be sent: only after {@code setLevel}. */
    boolean logs(String level) {
        String threshold = logLevel;
        return threshold != null && LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(threshold);
    }

    Set<String> subscriptions() {
        return subscriptions;
    }

    /** Remembers a request that answers later, until its exchange ends. Called on the exchange's event loop. */
    void trackRunning(JsonNode requestId, FixtureExchange exchange) {
        String key = requestId.toString();
        running.put(key, exchange);
        exchange.onEnd(() -> running.remove(key, exchange));
    }

    /**
     * Stops the running request {@code requestId} (no more progress, no result) and marks it cancelled, as a legacy
     * server does on {@code notifications/cancelled}. Its response stays open, as in the TypeScript SDK.
     *
     * @return whether such a request was running
     */
    boolean cancel(JsonNode requestId) {
        FixtureExchange exchange = running.remove(requestId.toString());
        if (exchange == null) {
            return false;
        }
        exchange.executor().execute(exchange::stopWork);
        exchange.request().cancelledByClient().complete(null);
        return true;
    }

    /** Registers an open GET stream until it ends. Called on the stream's event loop. */
    void addStandaloneStream(SseStream stream) {
        standaloneStreams.add(stream);
        stream.exchange().onEnd(() -> standaloneStreams.remove(stream));
    }

    int standaloneStreamCount() {
        return standaloneStreams.size();
    }

    /** Writes {@code message} on every open GET stream of this session; returns how many streams it targeted. */
    int sendOnStandaloneStreams(JsonNode message) {
        int targeted = 0;
        for (SseStream stream : standaloneStreams) {
            targeted++;
            stream.exchange().executor().execute(() -> {
                if (!stream.exchange().isFinished()) {
                    stream.message(message);
                }
            });
        }
        return targeted;
    }

    /** Ends the open GET streams cleanly, as a server does when the session goes away. */
    void endStandaloneStreams() {
        for (SseStream stream : standaloneStreams) {
            stream.exchange().executor().execute(() -> {
                if (!stream.exchange().isFinished()) {
                    stream.end();
                }
            });
        }
    }
}
