package io.eragate.core.legacyrelay;

import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.mrtr.PendingRounds;
import io.eragate.core.mrtr.RoundLimits;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The server-to-client requests this replica has sent to legacy clients and whose answers it waits for: the client
 * POSTs each answer as a separate JSON-RPC response carrying its session id, and this table routes it to the
 * waiting round.
 *
 * <p>Bounded and expiring through the MRTR bookkeeping ({@link PendingRounds}): a round waits at most
 * {@code mrtr.roundTimeout}, a principal has at most {@code mrtr.maxPendingPerPrincipal} rounds waiting, the replica
 * at most {@link RoundLimits#maxPendingTotal()}. Request ids are {@code eragate-<n>}, unique in the replica and
 * therefore in every session it holds.
 *
 * <p>Thread-safe.
 *
 * @param <T> the caller's handle on the waiting round
 */
public final class AwaitedAnswers<T> {

    private final Clock clock;
    private final Duration roundTimeout;
    private final PendingRounds<Waiting<T>> rounds;
    private final Map<Key, String> roundByRequest = new HashMap<>();
    private final AtomicLong nextRequest = new AtomicLong();
    private final AtomicLong nextRound = new AtomicLong();

    /** An empty table. */
    public AwaitedAnswers(Clock clock, Duration roundTimeout, RoundLimits limits) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.roundTimeout = Objects.requireNonNull(roundTimeout, "roundTimeout");
        this.rounds = new PendingRounds<>(clock, limits);
    }

    /** A fresh server-to-client request id, unique in every session of this replica. */
    public JsonRpcId nextRequestId() {
        return JsonRpcId.of("eragate-" + nextRequest.incrementAndGet());
    }

    /**
     * Records a round that waits for the client's answers to {@code requestIds}.
     *
     * @return the round's id, or the refusal when the principal or the replica has too many rounds waiting (the
     *     caller then fails the client's request instead of sending it anything)
     */
    public synchronized Registration register(String sessionId, String principal, List<JsonRpcId> requestIds,
            T round) {
        Objects.requireNonNull(sessionId, "sessionId");
        Objects.requireNonNull(requestIds, "requestIds");
        String roundId = sessionId + "#" + nextRound.incrementAndGet();
        Instant deadline = clock.instant().plus(roundTimeout);
        Optional<String> refused = rounds.register(principal, roundId,
                deadline, new Waiting<>(sessionId, List.copyOf(requestIds), round));
        if (refused.isPresent()) {
            return new Registration(null, refused.get());
        }
        requestIds.forEach(id -> roundByRequest.put(new Key(sessionId, id), roundId));
        return new Registration(roundId, null);
    }

    /**
     * The round that waits for the answer {@code answerId} in {@code sessionId}; empty for an answer nobody waits
     * for (unknown, from another session, or its round ended or expired). The round stays until {@link #finish}.
     */
    public synchronized Optional<T> route(String sessionId, JsonRpcId answerId) {
        String roundId = roundByRequest.get(new Key(sessionId, answerId));
        if (roundId == null) {
            return Optional.empty();
        }
        return rounds.peek(roundId).map(Waiting::round);
    }

    /** Ends a round (answered, failed or cancelled); its answers are no longer routed. */
    public synchronized void finish(String roundId) {
        rounds.remove(roundId).ifPresent(this::forgetRequests);
    }

    /** Removes and returns the rounds whose deadline has passed, earliest first; the caller fails them. */
    public synchronized List<T> expired() {
        List<T> expired = new ArrayList<>();
        for (PendingRounds.Round<Waiting<T>> round : rounds.expired()) {
            forgetRequests(round.call());
            expired.add(round.call().round());
        }
        return expired;
    }

    /** Removes and returns the rounds of a session that ended (DELETE, or its stream closed). */
    public synchronized List<T> endSession(String sessionId) {
        List<T> ended = new ArrayList<>();
        for (Map.Entry<Key, String> entry : List.copyOf(roundByRequest.entrySet())) {
            if (entry.getKey().sessionId().equals(sessionId)) {
                String roundId = entry.getValue();
                rounds.remove(roundId).ifPresent(waiting -> {
                    forgetRequests(waiting);
                    ended.add(waiting.round());
                });
            }
        }
        return ended;
    }

    /** The earliest deadline of a waiting round, for scheduling the next {@link #expired()} sweep. */
    public Optional<Instant> nextDeadline() {
        return rounds.nextDeadline();
    }

    /** Rounds waiting in all. */
    public int size() {
        return rounds.size();
    }

    private void forgetRequests(Waiting<T> waiting) {
        waiting.requestIds().forEach(id -> roundByRequest.remove(new Key(waiting.sessionId(), id)));
    }

    /**
     * The outcome of {@link #register}: exactly one of a round id and a refusal.
     *
     * @param roundId the round's id, for {@link #finish}
     * @param refusal why the round was not recorded
     */
    public record Registration(String roundId, String refusal) {

        /** Whether the round was recorded. */
        public boolean registered() {
            return roundId != null;
        }
    }

    private record Key(String sessionId, JsonRpcId requestId) {
    }

    private record Waiting<T>(String sessionId, List<JsonRpcId> requestIds, T round) {
    }
}
