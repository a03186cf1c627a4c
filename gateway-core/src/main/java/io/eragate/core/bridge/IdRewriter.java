package io.eragate.core.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.mcp.MetaKeys;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Allocates request ids and progress tokens on one upstream session shared by many modern clients.
 *
 * <p>Modern ids and tokens are unique only per client, so two clients on one pooled session could collide. Eragate
 * therefore sends ids of its own, {@code "eg-<sessionSeq>-<n>"}, counting up and never reused within the session, and
 * maps them back on the way out. A request that asked for progress gets the same string as its upstream progress
 * token, so upstream {@code notifications/progress} find their way back to the client's own token.
 *
 * <p>In-flight exchanges are bounded; when the bound is reached {@link #tryBegin} refuses, and the caller answers the
 * client 503. Thread-safe: several event loops may share one session.
 */
public final class IdRewriter {

    private final String idPrefix;
    private final int maxInFlight;
    private final AtomicLong nextSequence = new AtomicLong(1);
    private final AtomicInteger inFlight = new AtomicInteger();
    private final Map<String, UpstreamExchange> exchanges = new ConcurrentHashMap<>();

    /**
     * @param sessionSeq a number that tells this session apart in ids and logs
     * @param maxInFlight how many exchanges may be in flight at once; at least 1
     */
    public IdRewriter(long sessionSeq, int maxInFlight) {
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("maxInFlight must be >= 1, got " + maxInFlight);
        }
        this.idPrefix = "eg-" + sessionSeq + "-";
        this.maxInFlight = maxInFlight;
    }

    /**
     * Starts an exchange for a client request.
     *
     * @param clientId the client's request id
     * @param clientProgressToken the client's progress token (string or number), or {@code null} for none
     * @return the exchange, or empty when {@code maxInFlight} exchanges are already in flight
     * @throws IllegalArgumentException when the progress token is neither a string nor a number
     */
    public Optional<UpstreamExchange> tryBegin(JsonRpcId clientId, JsonNode clientProgressToken) {
        Objects.requireNonNull(clientId, "clientId");
        if (clientProgressToken != null && !Envelope.isValidProgressToken(clientProgressToken)) {
            throw new IllegalArgumentException("a progress token is a string or a number, not " + clientProgressToken);
        }
        if (!reserveSlot()) {
            return Optional.empty();
        }
        String upstream = idPrefix + nextSequence.getAndIncrement();
        JsonNode upstreamToken = clientProgressToken == null ? null : JsonNodeFactory.instance.textNode(upstream);
        UpstreamExchange exchange = new UpstreamExchange(
                JsonRpcId.of(upstream), clientId, clientProgressToken == null ? null : clientProgressToken.deepCopy(),
                upstreamToken);
        exchanges.put(upstream, exchange);
        return Optional.of(exchange);
    }

    /** The exchange an upstream response or server request refers to, while it is in flight. */
    public Optional<UpstreamExchange> byUpstreamId(JsonRpcId upstreamId) {
        Objects.requireNonNull(upstreamId, "upstreamId");
        JsonNode node = upstreamId.node();
        return node.isTextual() ? Optional.ofNullable(exchanges.get(node.textValue())) : Optional.empty();
    }

    /** The in-flight exchange whose upstream progress token is {@code token}. */
    public Optional<UpstreamExchange> byUpstreamProgressToken(JsonNode token) {
        if (token == null || !token.isTextual()) {
            return Optional.empty();
        }
        UpstreamExchange exchange = exchanges.get(token.textValue());
        return exchange != null && exchange.upstreamProgressToken() != null ? Optional.of(exchange) : Optional.empty();
    }

    /**
     * The upstream response re-addressed to the client: same result or error, the client's id. Empty when the id
     * belongs to no exchange in flight (a late or foreign response, which is dropped). Does not release the exchange.
     */
    public Optional<JsonRpcResponse> responseForClient(JsonRpcResponse upstreamResponse) {
        Objects.requireNonNull(upstreamResponse, "upstreamResponse");
        if (upstreamResponse.id() == null) {
            return Optional.empty();
        }
        return byUpstreamId(upstreamResponse.id()).map(exchange -> new JsonRpcResponse(
                exchange.clientId(), upstreamResponse.result(), upstreamResponse.error()));
    }

    /**
     * The params of an upstream {@code notifications/progress} with the client's own token in place of Eragate's.
     * Empty when the token belongs to no exchange in flight: progress must stop once a request has completed.
     */
    public Optional<ObjectNode> progressForClient(ObjectNode upstreamProgressParams) {
        Objects.requireNonNull(upstreamProgressParams, "upstreamProgressParams");
        return byUpstreamProgressToken(upstreamProgressParams.get(MetaKeys.PROGRESS_TOKEN)).map(exchange -> {
            ObjectNode params = upstreamProgressParams.deepCopy();
            params.set(MetaKeys.PROGRESS_TOKEN, exchange.clientProgressToken().deepCopy());
            return params;
        });
    }

    /**
     * Ends an exchange: its ids and token are forgotten and its slot is freed. Releasing twice is harmless.
     *
     * @return whether this call released it
     */
    public boolean release(UpstreamExchange exchange) {
        Objects.requireNonNull(exchange, "exchange");
        if (exchanges.remove(exchange.upstreamId().node().textValue(), exchange)) {
            inFlight.decrementAndGet();
            return true;
        }
        return false;
    }

    /** How many exchanges are in flight. */
    public int inFlight() {
        return inFlight.get();
    }

    /** The bound on exchanges in flight. */
    public int maxInFlight() {
        return maxInFlight;
    }

    private boolean reserveSlot() {
        while (true) {
            int current = inFlight.get();
            if (current >= maxInFlight) {
                return false;
            }
            if (inFlight.compareAndSet(current, current + 1)) {
                return true;
            }
        }
    }
}
