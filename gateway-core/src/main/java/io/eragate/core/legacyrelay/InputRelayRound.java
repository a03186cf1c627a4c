package io.eragate.core.legacyrelay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.mcp.Methods;
import io.eragate.core.mrtr.CapabilityCheck;
import io.eragate.core.mrtr.RoundLimits;
import io.eragate.core.mrtr.UpstreamAnswer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One round of a modern upstream's {@code input_required} result relayed to a legacy client: each input request
 * becomes a server-to-client request ({@code elicitation/create}, {@code sampling/createMessage}, {@code roots/list})
 * with an id unique in the client's session, and the client's answers are gathered, key by key, into the
 * {@code inputResponses} of the retry, which also echoes the round's {@code requestState} byte for byte.
 *
 * <p>What the client did not declare in {@code initialize} never reaches it (the capability check is the bridge's,
 * {@link CapabilityCheck}): an elicitation is answered {@code {action:"decline"}} and roots {@code {roots:[]}} in its
 * place, as a client without the capability would; a sampling request has no such answer, so the round fails the
 * client's request with -32603 naming the capability (the upstream is never retried with a made-up result).
 *
 * <p>Not thread-safe: the front handles one round on one event loop.
 */
public final class InputRelayRound {

    private static final String INPUT_REQUESTS = "inputRequests";
    private static final String INPUT_RESPONSES = "inputResponses";
    private static final String REQUEST_STATE = "requestState";
    private static final String ELICITATION_ID = "elicitationId";

    private final String requestState;
    private final Map<JsonRpcId, Outgoing> outgoing = new LinkedHashMap<>();
    private final ObjectNode responses = JsonNodeFactory.instance.objectNode();
    private JsonRpcError failure;

    private InputRelayRound(String requestState) {
        this.requestState = requestState;
    }

    /**
     * Plans the round for an upstream {@code input_required} result.
     *
     * @param inputRequired the upstream's result ({@code resultType:"input_required"})
     * @param clientCapabilities the capabilities the legacy client declared in {@code initialize}
     * @param sessionIds the session's source of server-to-client request ids (unique in the session)
     */
    public static InputRelayRound plan(ObjectNode inputRequired, JsonNode clientCapabilities,
            Supplier<JsonRpcId> sessionIds) {
        Objects.requireNonNull(inputRequired, "inputRequired");
        Objects.requireNonNull(sessionIds, "sessionIds");
        JsonNode state = inputRequired.get(REQUEST_STATE);
        InputRelayRound round = new InputRelayRound(state != null && state.isTextual() ? state.textValue() : null);
        CapabilityCheck check = CapabilityCheck.ofCapabilities(clientCapabilities);
        JsonNode requests = inputRequired.path(INPUT_REQUESTS);
        for (Map.Entry<String, JsonNode> entry : requests.properties()) {
            round.add(entry.getKey(), entry.getValue(), check, sessionIds);
            if (round.failure != null) {
                break;
            }
        }
        return round;
    }

    private void add(String key, JsonNode inputRequest, CapabilityCheck check, Supplier<JsonRpcId> sessionIds) {
        String method = inputRequest.path("method").asText("");
        ObjectNode params = inputRequest.get("params") instanceof ObjectNode given ? given.deepCopy()
                : JsonNodeFactory.instance.objectNode();
        if (method.isEmpty()) {
            failure = JsonRpcError.of(JsonRpcErrorCodes.INTERNAL_ERROR,
                    "The upstream sent an input request without a method (key " + key + ")");
            return;
        }
        if (check.check(method, params) instanceof CapabilityCheck.Decision.Decline decline) {
            UpstreamAnswer answer = decline.answer();
            if (answer.result() != null) {
                responses.set(key, answer.result().deepCopy());
                return;
            }
            ObjectNode data = JsonNodeFactory.instance.objectNode();
            if (decline.requiredCapabilities() != null) {
                data.set("requiredCapabilities", decline.requiredCapabilities());
            }
            failure = new JsonRpcError(JsonRpcErrorCodes.INTERNAL_ERROR, "The upstream asked for " + method
                    + ", which this client did not declare in initialize", data.isEmpty() ? null : data);
            return;
        }
        JsonRpcId id = sessionIds.get();
        if (Methods.ELICITATION_CREATE.equals(method) && "url".equals(params.path("mode").textValue())) {
            // 2025-11-25 requires an elicitationId in url mode; 2026-07-28 has none, so the gateway names it.
            params.put(ELICITATION_ID, id.node().asText());
        }
        outgoing.put(id, new Outgoing(key, new JsonRpcRequest(id, method, params)));
    }

    /** The error that ends the client's request instead of a retry, when the round cannot be relayed. */
    public Optional<JsonRpcError> failure() {
        return Optional.ofNullable(failure);
    }

    /** The requests to send to the client on the POST's SSE stream, in the upstream's order. */
    public List<JsonRpcRequest> clientRequests() {
        List<JsonRpcRequest> requests = new ArrayList<>();
        outgoing.values().forEach(request -> requests.add(request.request()));
        return Collections.unmodifiableList(requests);
    }

    /** The ids of the requests whose answers are still awaited. */
    public List<JsonRpcId> awaitedIds() {
        List<JsonRpcId> ids = new ArrayList<>();
        outgoing.forEach((id, request) -> {
            if (!responses.has(request.key())) {
                ids.add(id);
            }
        });
        return ids;
    }

    /**
     * Takes the client's answer to one of the round's requests.
     *
     * @return what became of it
     */
    public Answer accept(JsonRpcResponse answer) {
        Objects.requireNonNull(answer, "answer");
        Outgoing request = outgoing.get(answer.id());
        if (request == null || responses.has(request.key()) || failure != null) {
            return Answer.UNKNOWN;
        }
        if (answer.isError()) {
            failure = new JsonRpcError(JsonRpcErrorCodes.INTERNAL_ERROR, "The client answered "
                    + request.request().method() + " with error " + answer.error().code() + ": "
                    + answer.error().message(), null);
            return Answer.FAILED;
        }
        if (!answer.result().isObject()) {
            failure = JsonRpcError.of(JsonRpcErrorCodes.INTERNAL_ERROR, "The client answered "
                    + request.request().method() + " with a result that is not an object");
            return Answer.FAILED;
        }
        responses.set(request.key(), answer.result().deepCopy());
        return isComplete() ? Answer.COMPLETE : Answer.ACCEPTED;
    }

    /** Whether every request has its answer (true at once when the client was sent nothing) and none failed. */
    public boolean isComplete() {
        return failure == null && awaitedIds().isEmpty();
    }

    /**
     * The params of the upstream retry: the original modern params with this round's {@code inputResponses} and
     * the {@code requestState} echoed unchanged (left out when the upstream sent none), replacing those of an
     * earlier round.
     *
     * @param modernParams the params of the modern request the round answers
     * @throws IllegalStateException when the round is not complete
     */
    public ObjectNode retryParams(ObjectNode modernParams) {
        if (!isComplete()) {
            throw new IllegalStateException("the round still waits for " + awaitedIds() + " or failed");
        }
        ObjectNode params = modernParams == null ? JsonNodeFactory.instance.objectNode() : modernParams.deepCopy();
        params.remove(INPUT_RESPONSES);
        params.remove(REQUEST_STATE);
        if (!responses.isEmpty()) {
            params.set(INPUT_RESPONSES, responses.deepCopy());
        }
        if (requestState != null) {
            params.put(REQUEST_STATE, requestState);
        }
        return params;
    }

    /** The error for a client that did not answer the round's requests within {@code roundTimeout}. */
    public JsonRpcError timedOut(Duration roundTimeout) {
        Objects.requireNonNull(roundTimeout, "roundTimeout");
        List<String> methods = new ArrayList<>();
        awaitedIds().forEach(id -> methods.add(outgoing.get(id).request().method()));
        return JsonRpcError.of(JsonRpcErrorCodes.INTERNAL_ERROR, "The client did not answer " + methods
                + " within mrtr.roundTimeout (" + roundTimeout + ")");
    }

    /**
     * Whether the upstream may ask for input a {@code round}-th time for one client request.
     *
     * @return empty when allowed, else the error that ends the client's request
     */
    public static Optional<JsonRpcError> checkRound(int round, RoundLimits limits) {
        Objects.requireNonNull(limits, "limits");
        if (round <= limits.maxRounds()) {
            return Optional.empty();
        }
        return Optional.of(JsonRpcError.of(JsonRpcErrorCodes.INTERNAL_ERROR, "The upstream asked for input more than "
                + limits.maxRounds() + " times (mrtr.maxRounds)"));
    }

    /** What became of a client's answer. */
    public enum Answer {
        /** Not a request of this round, or already answered: the caller ignores it. */
        UNKNOWN,
        /** Taken; more answers are awaited. */
        ACCEPTED,
        /** Taken; the round is complete and the retry can go upstream. */
        COMPLETE,
        /** The client answered with an error: {@link #failure()} ends the request. */
        FAILED
    }

    private record Outgoing(String key, JsonRpcRequest request) {
    }
}
