package io.eragate.core.legacyrelay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The legacy clients' requests this replica is serving, by session and client request id, so that a POSTed
 * {@code notifications/cancelled} finds the upstream exchange to close (for a modern upstream, closing the request's
 * stream is the cancellation) and a session that ends closes all of its exchanges.
 *
 * <p>An id is registered for as long as its request runs, across every MRTR round; a cancellation for an id that is
 * not running (finished, unknown, another session's) is ignored, as the spec asks of a receiver.
 *
 * <p>Thread-safe.
 *
 * @param <T> the caller's handle on the running exchange
 */
public final class InFlightRequests<T> {

    private final Map<Key, T> running = new HashMap<>();

    /**
     * Records a running request.
     *
     * @return false when the session already runs a request with that id (the caller rejects the duplicate)
     */
    public synchronized boolean begin(String sessionId, JsonRpcId clientId, T exchange) {
        Objects.requireNonNull(exchange, "exchange");
        return running.putIfAbsent(new Key(sessionId, clientId), exchange) == null;
    }

    /** Forgets a request that ended, if {@code exchange} is still the one recorded for it. */
    public synchronized void end(String sessionId, JsonRpcId clientId, T exchange) {
        running.remove(new Key(sessionId, clientId), exchange);
    }

    /**
     * The running request a client's {@code notifications/cancelled} names, removed from the table.
     *
     * @param cancelledParams the notification's params ({@code requestId}, optional {@code reason})
     * @return the exchange to close, or empty when the notification names no running request of the session
     */
    public synchronized Optional<T> cancel(String sessionId, ObjectNode cancelledParams) {
        JsonNode requestId = cancelledParams == null ? null : cancelledParams.get("requestId");
        if (requestId == null || !JsonRpcId.isValid(requestId)) {
            return Optional.empty();
        }
        return Optional.ofNullable(running.remove(new Key(sessionId, new JsonRpcId(requestId))));
    }

    /** Removes and returns every running request of a session that ended. */
    public synchronized List<T> endSession(String sessionId) {
        List<T> ended = new ArrayList<>();
        running.entrySet().removeIf(entry -> {
            if (entry.getKey().sessionId().equals(sessionId)) {
                ended.add(entry.getValue());
                return true;
            }
            return false;
        });
        return ended;
    }

    /** Requests running in all. */
    public synchronized int size() {
        return running.size();
    }

    private record Key(String sessionId, JsonRpcId clientId) {

        Key {
            Objects.requireNonNull(sessionId, "sessionId");
            Objects.requireNonNull(clientId, "clientId");
        }
    }
}
