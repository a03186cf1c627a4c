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
import java.util.regex.Pattern;

/**
 * Gathers the upstream server-to-client requests of one round into the 2026-07-28 {@code InputRequiredResult}.
 *
 * <p>Each request gets a key the gateway chooses: {@code elicitation_1}, {@code sampling_1}, {@code roots_1}, counting
 * per kind in arrival order, unique within the result; unless the upstream named the key itself with
 * {@code params._meta["io.eragate/inputKey"]} (see {@link #hintedKey(JsonRpcRequest)}), which a legacy server can do
 * to give its input requests the stable names a 2026-07-28 server would (clients may pre-supply answers by name).
 * Its params lose what 2026-07-28 does not have: the
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
    private static final String META = "_meta";
    /** The {@code _meta} key by which an upstream names the input key of its request. */
    public static final String INPUT_KEY_META = "io.eragate/inputKey";
    private static final Pattern INPUT_KEY = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");

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
        if (params.get(META) instanceof ObjectNode meta) {
            meta.remove(INPUT_KEY_META);
            if (meta.isEmpty()) {
                params.remove(META);
            }
        }
        String key = hintedKey(upstreamRequest).filter(hint -> !requests.containsKey(hint))
                .orElseGet(() -> nextKey(method));
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

    /**
     * The input key the upstream named for its request in {@code params._meta["io.eragate/inputKey"]}: a string of
     * 1 to 64 letters, digits, {@code _ . -} starting with a letter or digit. Empty when absent or malformed (the
     * gateway then chooses the key).
     */
    public static Optional<String> hintedKey(JsonRpcRequest upstreamRequest) {
        Objects.requireNonNull(upstreamRequest, "upstreamRequest");
        JsonNode hint = upstreamRequest.params() == null ? null
                : upstreamRequest.params().path(META).get(INPUT_KEY_META);
        return hint != null && hint.isTextual() && INPUT_KEY.matcher(hint.textValue()).matches()
                ? Optional.of(hint.textValue()) : Optional.empty();
    }

    private String nextKey(String method) {
        String kind = switch (method) {
            case Methods.ELICITATION_CREATE -> "elicitation";
            case Methods.SAMPLING_CREATE_MESSAGE -> "sampling";
            default -> "roots";
        };
        String key;
        do {
            key = kind + "_" + counters.merge(kind, 1, Integer::sum);
        } while (requests.containsKey(key));
        return key;
    }

    private static ObjectNode inputRequest(String method, ObjectNode params) {
        ObjectNode request = JsonNodeFactory.instance.objectNode();
        request.put("method", method);
        request.set("params", params);
        return request;
    }
}
