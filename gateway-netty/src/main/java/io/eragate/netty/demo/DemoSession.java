package io.eragate.netty.demo;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One session of the demo server: its id, the log level the client set with {@code logging/setLevel}, and the
 * countdowns it has running (so {@code notifications/cancelled} can stop one).
 */
final class DemoSession {
    /** The syslog levels MCP uses, least severe first. */
    static final List<String> LOG_LEVELS =
            List.of("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency");
    /** How many countdowns one session may run at once; each holds a connection open for a few seconds. */
    static final int MAX_RUNNING_COUNTDOWNS = 32;

    private final String id;
    private final Map<String, DemoCountdown> running = new ConcurrentHashMap<>();
    private volatile String logLevel;

    DemoSession(String id) {
        this.id = id;
    }

    String id() {
        return id;
    }

    /** Sets the session's level; returns false (and changes nothing) for a level MCP does not define. */
    boolean setLogLevel(String level) {
        if (!LOG_LEVELS.contains(level)) {
            return false;
        }
        logLevel = level;
        return true;
    }

    /** Whether a message at {@code level} may be sent: only once the client chose a level, and at or above it. */
    boolean logs(String level) {
        String threshold = logLevel;
        return threshold != null && LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(threshold);
    }

    /**
     * Records a running countdown under its request id (JSON text, so {@code 1} and {@code "1"} differ); false when
     * that id is already running or the session runs its maximum.
     */
    boolean register(String requestId, DemoCountdown countdown) {
        if (running.size() >= MAX_RUNNING_COUNTDOWNS) {
            return false;
        }
        return running.putIfAbsent(requestId, countdown) == null;
    }

    void unregister(String requestId, DemoCountdown countdown) {
        running.remove(requestId, countdown);
    }

    /** Stops the countdown answering {@code requestId}, if one runs; unknown or finished ids are ignored. */
    void cancel(String requestId) {
        DemoCountdown countdown = running.get(requestId);
        if (countdown != null) {
            countdown.cancel();
        }
    }
}
