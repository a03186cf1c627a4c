package io.eragate.core.mrtr;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The rounds that wait for a client's retry: an upstream call is held open after its {@code input_required} answer,
 * and this table says who may resume it, until when, and hands it out once.
 *
 * <p>A round id ({@code pendingCallId}) names one round, not the whole call: when a resumed call asks again, the
 * caller registers a new id, so that the state of an earlier round cannot be replayed. Each round is claimed at most
 * once; a round whose deadline passed is no longer claimable and waits for {@link #expired()}, which hands it to the
 * caller to answer the upstream (cancel or decline) and cancel the call.
 *
 * <p>Thread-safe.
 *
 * @param <T> the caller's handle on the pending upstream call
 */
public final class PendingRounds<T> {

    private static final Comparator<Round<?>> BY_DEADLINE =
            Comparator.<Round<?>, Instant>comparing(Round::deadline).thenComparing(Round::pendingCallId);

    private final Clock clock;
    private final RoundLimits limits;
    private final Map<String, Round<T>> byId = new HashMap<>();
    private final Map<String, Integer> perPrincipal = new HashMap<>();
    private final NavigableSet<Round<T>> byDeadline = new TreeSet<>(BY_DEADLINE);
    private long registered;

    /** An empty table that reads time from {@code clock}. */
    public PendingRounds(Clock clock, RoundLimits limits) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    /**
     * Records a round that waits for a retry.
     *
     * @return empty when recorded, else why not (the principal or the gateway has too many rounds waiting); the
     *     caller then answers the upstream request itself and fails or cancels the call
     * @throws IllegalArgumentException when {@code pendingCallId} is already waiting
     */
    public synchronized Optional<String> register(String principal, String pendingCallId, Instant deadline, T call) {
        Round<T> round = new Round<>(pendingCallId, principal, deadline, call);
        if (byId.containsKey(pendingCallId)) {
            throw new IllegalArgumentException("round " + pendingCallId + " is already waiting");
        }
        int waiting = perPrincipal.getOrDefault(principal, 0);
        if (waiting >= limits.maxPendingPerPrincipal()) {
            return Optional.of("too many requests are waiting for input for this principal (limit "
                    + limits.maxPendingPerPrincipal() + "); answer or abandon one first");
        }
        if (byId.size() >= limits.maxPendingTotal()) {
            return Optional.of("the gateway has too many requests waiting for input (limit "
                    + limits.maxPendingTotal() + ")");
        }
        byId.put(pendingCallId, round);
        byDeadline.add(round);
        perPrincipal.put(principal, waiting + 1);
        registered++;
        return Optional.empty();
    }

    /** Rounds recorded since start (for metrics). */
    public synchronized long registeredCount() {
        return registered;
    }

    /**
     * Takes a round for the retry that resumes it. Succeeds once: the round is gone afterwards.
     *
     * @return the call, or empty when the round is unknown, already claimed, past its deadline, or belongs to
     *     another principal (a round is left in place in the last two cases)
     */
    public synchronized Optional<T> claim(String pendingCallId, String principal) {
        Objects.requireNonNull(pendingCallId, "pendingCallId");
        Objects.requireNonNull(principal, "principal");
        Round<T> round = byId.get(pendingCallId);
        if (round == null || !round.principal().equals(principal) || !clock.instant().isBefore(round.deadline())) {
            return Optional.empty();
        }
        forget(round);
        return Optional.of(round.call());
    }

    /** Removes and returns every round whose deadline has passed by the clock's now, earliest first. */
    public synchronized List<Round<T>> expired() {
        Instant now = clock.instant();
        List<Round<T>> expired = new ArrayList<>();
        while (!byDeadline.isEmpty() && !now.isBefore(byDeadline.first().deadline())) {
            Round<T> round = byDeadline.first();
            forget(round);
            expired.add(round);
        }
        return expired;
    }

    /** Removes and returns every waiting round, earliest deadline first (the gateway is shutting down). */
    public synchronized List<Round<T>> removeAll() {
        List<Round<T>> all = new ArrayList<>(byDeadline);
        all.forEach(this::forget);
        return all;
    }

    /** Removes a round without claiming it (the upstream call ended on its own); empty when it was not waiting. */
    public synchronized Optional<T> remove(String pendingCallId) {
        Objects.requireNonNull(pendingCallId, "pendingCallId");
        Round<T> round = byId.get(pendingCallId);
        if (round == null) {
            return Optional.empty();
        }
        forget(round);
        return Optional.of(round.call());
    }

    /**
     * The handle of a waiting round without claiming it (a round answered in several parts); empty when it is not
     * waiting or its deadline has passed.
     */
    public synchronized Optional<T> peek(String pendingCallId) {
        Objects.requireNonNull(pendingCallId, "pendingCallId");
        Round<T> round = byId.get(pendingCallId);
        return round == null || !clock.instant().isBefore(round.deadline()) ? Optional.empty()
                : Optional.of(round.call());
    }

    /** The earliest deadline of a waiting round, for scheduling the next {@link #expired()} sweep. */
    public synchronized Optional<Instant> nextDeadline() {
        return byDeadline.isEmpty() ? Optional.empty() : Optional.of(byDeadline.first().deadline());
    }

    /**
     * Whether a call may ask for input a {@code round}-th time.
     *
     * @return empty when allowed, else the reason to fail the call with
     */
    public Optional<String> checkRound(int round) {
        return limits.checkRound(round);
    }

    /** The bounds this table keeps. */
    public RoundLimits limits() {
        return limits;
    }

    /** Rounds waiting for {@code principal}. */
    public synchronized int pendingFor(String principal) {
        return perPrincipal.getOrDefault(principal, 0);
    }

    /** Rounds waiting in all. */
    public synchronized int size() {
        return byId.size();
    }

    private void forget(Round<T> round) {
        byId.remove(round.pendingCallId());
        byDeadline.remove(round);
        perPrincipal.computeIfPresent(round.principal(), (principal, count) -> count == 1 ? null : count - 1);
    }

    /**
     * One waiting round.
     *
     * @param pendingCallId the round's id
     * @param principal who may resume it
     * @param deadline when it stops being claimable
     * @param call the caller's handle on the upstream call
     * @param <T> the handle's type
     */
    public record Round<T>(String pendingCallId, String principal, Instant deadline, T call) {

        public Round {
            Objects.requireNonNull(pendingCallId, "pendingCallId");
            Objects.requireNonNull(principal, "principal");
            Objects.requireNonNull(deadline, "deadline");
            Objects.requireNonNull(call, "call");
        }
    }
}
