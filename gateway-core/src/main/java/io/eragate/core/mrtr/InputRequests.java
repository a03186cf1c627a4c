package io.eragate.core.mrtr;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.bridge.EnvelopeStripper;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.mcp.Methods;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Gathers the upstream server-to-client requests of one round into the 2026-07-28 {@code InputRequiredResult}.
 *
 * <p>Each request gets a key the gateway chooses: {@code elicitation_1}, {@code sampling_1}, {@code roots_1}, counting
 * per kind in arrival order, unique within the result. Its params lose what 2026-07-28 does not have: the
 * {@code elicitationId} of a url-mode elicitation (kept in {@link #elicitationIds()} for the state), the 2025
 * {@code task} augmentation, and {@code _meta} keys under a reserved MCP prefix. {@link #upstreamIds()} and
 * {@link #elicitationIds()} are what the {@link RequestState} records.
 *
 * <p>Not thread-safe: one instance gathers one round.
 */
public final class InputRequests {

    private static final String MODE = "mode";
    private static final String URL = "url";
    private static final String ELICITATION_ID = "elicitationId";

    private final Map<String, ObjectNode> requests = new LinkedHashMap<>();
    private final Map<String, JsonRpcId> upstreamIds = new LinkedHashMap<>();
    private final Map<String, String> elicitationIds = new LinkedHashMap<>();
    private final Map<String, Integer> counters = new HashMap<>();

    /** An empty round. */
    public InputRequests() {
    }

    /**
     * Translates a legacy -32042 "URL elicitation required" error into url-mode elicitation input requests, one per
     * entry of {@code data.elicitations}, with no upstream request ids (the upstream call has ended; a retry re-issues
     * it).
     *
     * @return empty when the error is not -32042 or any entry lacks a string {@code message} or {@code url}
     */
    public static Optional<InputRequests> fromUrlElicitationRequired(JsonRpcError legacy) {
        Objects.requireNonNull(legacy, "legacy");
        if (legacy.code() != JsonRpcErrorCodes.LEGACY_URL_ELICITATION_REQUIRED || legacy.data() == null) {
            return Optional.empty();
        }
        JsonNode elicitations = legacy.data().path("elicitations");
        if (!elicitations.isArray() || elicitations.isEmpty()) {
            return Optional.empty();
        }
        InputRequests round = new InputRequests();
        for (JsonNode entry : elicitations) {
            JsonNode message = entry.path("message");
            JsonNode url = entry.path(URL);
            JsonNode mode = entry.path(MODE);
            boolean urlMode = mode.isMissingNode() || URL.equals(mode.textValue());
            if (!message.isTextual() || !url.isTextual() || !urlMode) {
                return Optional.empty();
            }
            ObjectNode params = JsonNodeFactory.instance.objectNode();
            params.put(MODE, URL).set("message", message);
            params.set(URL, url);
            String key = round.nextKey(Methods.ELICITATION_CREATE);
            round.requests.put(key, inputRequest(Methods.ELICITATION_CREATE, params));
            JsonNode elicitationId = entry.path(ELICITATION_ID);
            if (elicitationId.isTextual()) {
                round.elicitationIds.put(key, elicitationId.textValue());
            }
        }
        return Optional.of(round);
    }

    /**
     * Adds an upstream request to the round.
     *
     * @param upstreamRequest an {@code elicitation/create}, {@code sampling/createMessage} or {@code roots/list}
     *     request received from the upstream
     * @return the key chosen for it
     * @throws IllegalArgumentException for any other method
     */
    public String add(JsonRpcRequest upstreamRequest) {
        Objects.requireNonNull(upstreamRequest, "upstreamRequest");
        String method = upstreamRequest.method();
        if (!method.equals(Methods.ELICITATION_CREATE) && !method.equals(Methods.SAMPLING_CREATE_MESSAGE)
                && !method.equals(Methods.ROOTS_LIST)) {
            throw new IllegalArgumentException(method + " is not an input request method");
        }
        ObjectNode params = upstreamRequest.params() == null ? JsonNodeFactory.instance.objectNode()
                : EnvelopeStripper.strip(upstreamRequest.params());
        params.remove("task");
        String key = nextKey(method);
        if (method.equals(Methods.ELICITATION_CREATE) && URL.equals(params.path(MODE).textValue())) {
            JsonNode elicitationId = params.remove(ELICITATION_ID);
            if (elicitationId != null && elicitationId.isTextual()) {
                elicitationIds.put(key, elicitationId.textValue());
            }
        }
        requests.put(key, inputRequest(method, params));
        upstreamIds.put(key, upstreamRequest.id());
        return key;
    }

    /** Whether nothing was added. */
    public boolean isEmpty() {
        return requests.isEmpty();
    }

    /** Key to the id of the upstream request it answers, in the order added. */
    public Map<String, JsonRpcId> upstreamIds() {
        return Collections.unmodifiableMap(upstreamIds);
    }

    /** Key to the upstream {@code elicitationId} of each url-mode elicitation. */
    public Map<String, String> elicitationIds() {
        return Collections.unmodifiableMap(elicitationIds);
    }

    /** The {@code inputRequests} object: key to {@code {method, params}}. */
    public ObjectNode toJson() {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        requests.forEach((key, request) -> json.set(key, request.deepCopy()));
        return json;
    }

    /**
     * The complete {@code InputRequiredResult}: {@code resultType}, {@code inputRequests} (left out when empty) and
     * {@code requestState}. It carries no {@code ttlMs} or {@code cacheScope}: it is never cacheable.
     */
    public ObjectNode toResult(String requestState) {
        Objects.requireNonNull(requestState, "requestState");
        ObjectNode result = JsonNodeFactory.instance.objectNode();
        result.put("resultType", "input_required");
        if (!requests.isEmpty()) {
            result.set("inputRequests", toJson());
        }
        result.put("requestState", requestState);
        return result;
    }

    private String nextKey(String method) {
        String kind = switch (method) {
            case Methods.ELICITATION_CREATE -> "elicitation";
            case Methods.SAMPLING_CREATE_MESSAGE -> "sampling";
            default -> "roots";
        };
        int number = counters.merge(kind, 1, Integer::sum);
        return kind + "_" + number;
    }

    private static ObjectNode inputRequest(String method, ObjectNode params) {
        ObjectNode request = JsonNodeFactory.instance.objectNode();
        request.put("method", method);
        request.set("params", params);
        return request;
    }
}
