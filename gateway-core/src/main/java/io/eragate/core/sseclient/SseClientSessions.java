package io.eragate.core.sseclient;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The open 2024-11-05 HTTP+SSE sessions: bounded in number, each bound to the principal and route of the GET that
 * opened it, with a bounded number of messages waiting or in flight, and ended once idle. Session ids are 256 random
 * bits, so that nobody can guess another's; a session is found only by its id together with its own principal and
 * route, and anything else is unknown (404), never "forbidden", which would confirm that the id exists.
 *
 * <p>Thread-safe: sessions are opened and found on any event loop.
 *
 * @param <T> what the transport keeps per session (its stream)
 */
public final class SseClientSessions<T> {

    private static final int ID_BYTES = 32;

    /** What became of a message POSTed to a session. */
    public sealed interface Admission<T> {
    }

    /** No such session for this principal and route: 404. */
    public record Unknown<T>() implements Admission<T> {
    }

    /** The session has {@code maxQueuedMessages} waiting or in flight already: 503, the session goes on. */
    public record Full<T>(int maxQueued) implements Admission<T> {
    }

    /** Taken: the session's stream serves it, and reports {@link #finished} once its exchange has ended. */
    public record Admitted<T>(T stream) implements Admission<T> {
    }

    /** One session: who opened it where, its stream, and what it has in flight since when. */
    private static final class Entry<T> {
        final String principal;
        final String routePath;
        final T stream;
        final AtomicInteger inFlight = new AtomicInteger();
        volatile Instant lastActive;

        Entry(String principal, String routePath, T stream, Instant now) {
            this.principal = principal;
            this.routePath = routePath;
            this.stream = stream;
            this.lastActive = now;
        }
    }

    private final int maxSessions;
    private final int maxQueued;
    private final Duration idleTimeout;
    private final Clock clock;
    private final SecureRandom random;
    private final Map<String, Entry<T>> sessions = new ConcurrentHashMap<>();
    private final AtomicInteger open = new AtomicInteger();

    /**
     * @param maxSessions sessions open at once
     * @param maxQueued   messages one session may have waiting or in flight
     * @param idleTimeout how long a session without messages in flight lasts
     */
    public SseClientSessions(int maxSessions, int maxQueued, Duration idleTimeout, Clock clock, SecureRandom random) {
        if (maxSessions < 1 || maxQueued < 1) {
            throw new IllegalArgumentException("bounds must be positive: " + maxSessions + ", " + maxQueued);
        }
        this.maxSessions = maxSessions;
        this.maxQueued = maxQueued;
        this.idleTimeout = Objects.requireNonNull(idleTimeout, "idleTimeout");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.random = Objects.requireNonNull(random, "random");
    }

    /** A new session for {@code principal} beside {@code routePath}, by its id; empty when the gateway has enough. */
    public Optional<String> open(String principal, String routePath, T stream) {
        Objects.requireNonNull(principal, "principal");
        Objects.requireNonNull(routePath, "routePath");
        Objects.requireNonNull(stream, "stream");
        if (open.incrementAndGet() > maxSessions) {
            open.decrementAndGet();
            return Optional.empty();
        }
        byte[] bytes = new byte[ID_BYTES];
        random.nextBytes(bytes);
        String id = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        sessions.put(id, new Entry<>(principal, routePath, stream, clock.instant()));
        return Optional.of(id);
    }

    /** Takes one message for session {@code id}, POSTed by {@code principal} beside {@code routePath}. */
    public Admission<T> admit(String id, String principal, String routePath) {
        Entry<T> entry = id == null ? null : sessions.get(id);
        if (entry == null || !entry.principal.equals(principal) || !entry.routePath.equals(routePath)) {
            return new Unknown<>();
        }
        if (entry.inFlight.incrementAndGet() > maxQueued) {
            entry.inFlight.decrementAndGet();
            return new Full<>(maxQueued);
        }
        touch(entry);
        return new Admitted<>(entry.stream);
    }

    /** A message of session {@code id} is done (its exchange ended, or it was never sent). */
    public void finished(String id) {
        Entry<T> entry = sessions.get(id);
        if (entry != null) {
            entry.inFlight.updateAndGet(count -> Math.max(0, count - 1));
            touch(entry);
        }
    }

    /** Whether session {@code id} has had nothing in flight for the idle timeout (an ended one is idle too). */
    public boolean isIdle(String id) {
        Entry<T> entry = sessions.get(id);
        if (entry == null) {
            return true;
        }
        return entry.inFlight.get() == 0 && !clock.instant().isBefore(entry.lastActive.plus(idleTimeout));
    }

    /** Ends session {@code id}; its stream, if it was still open. */
    public Optional<T> close(String id) {
        Entry<T> removed = sessions.remove(id);
        if (removed == null) {
            return Optional.empty();
        }
        open.decrementAndGet();
        return Optional.of(removed.stream);
    }

    /** Sessions open now. */
    public int size() {
        return open.get();
    }

    private void touch(Entry<T> entry) {
        entry.lastActive = clock.instant();
    }
}
