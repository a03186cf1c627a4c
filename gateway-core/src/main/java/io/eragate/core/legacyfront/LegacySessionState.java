package io.eragate.core.legacyfront;

import io.eragate.core.bridge.LogLevel;
import java.util.ArrayList;
import java.util.List;

/**
 * What changes during one legacy client's session and lives in the replica that serves it (never in the sealed id):
 * the log level it set, whether it has ended, and what the session holds open in this replica (closed when it ends).
 * Later relays (answers awaited from the client, the standalone stream, subscriptions) keep theirs here too.
 *
 * <p>Thread-safe: a session's requests may arrive on any connection, hence any event loop.
 */
public final class LegacySessionState {

    private LogLevel logLevel;
    private boolean ended;
    private final List<AutoCloseable> held = new ArrayList<>();

    /** The level the client set with {@code logging/setLevel}, or null when it set none. */
    public synchronized LogLevel logLevel() {
        return logLevel;
    }

    /** Keeps the level the client set. */
    public synchronized void logLevel(LogLevel level) {
        this.logLevel = level;
    }

    /** Whether the session was ended ({@code DELETE}): its id then gets 404 in this replica. */
    public synchronized boolean ended() {
        return ended;
    }

    /**
     * Ties {@code resource} to the session: it is closed when the session ends (at once when it has ended already).
     *
     * @return whether the session was still open
     */
    public boolean hold(AutoCloseable resource) {
        synchronized (this) {
            if (!ended) {
                held.add(resource);
                return true;
            }
        }
        closeQuietly(resource);
        return false;
    }

    /** Ends the session and closes what it held; returns whether it was open. */
    public boolean end() {
        List<AutoCloseable> closing;
        synchronized (this) {
            if (ended) {
                return false;
            }
            ended = true;
            closing = new ArrayList<>(held);
            held.clear();
        }
        closing.forEach(LegacySessionState::closeQuietly);
        return true;
    }

    private static void closeQuietly(AutoCloseable resource) {
        try {
            resource.close();
        } catch (Exception e) {
            // Closing a stream of a session that is over: nothing a caller could do about a failure.
        }
    }
}
