package io.eragate.core.mrtr;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * {@link RequestState} to JSON bytes and back. Decoding is strict: a field missing, an unknown field, a wrong type or
 * another format version is refused, so that a state written by a different build is never half-understood.
 */
public final class RequestStateCodec {

    private static final int VERSION = 1;
    private static final String V = "v";
    private static final String INSTANCE = "instance";
    private static final String CALL = "call";
    private static final String PRINCIPAL = "principal";
    private static final String EXPIRES_AT = "expiresAt";
    private static final String METHOD = "method";
    private static final String DIGEST = "digest";
    private static final String KEYS = "keys";
    private static final String ELICITATIONS = "elicitations";
    private static final String ROUND = "round";
    private static final Set<String> FIELDS =
            Set.of(V, INSTANCE, CALL, PRINCIPAL, EXPIRES_AT, METHOD, DIGEST, KEYS, ELICITATIONS, ROUND);

    private RequestStateCodec() {
    }

    /** The compact JSON form of {@code state}. */
    public static byte[] encode(RequestState state) {
        Objects.requireNonNull(state, "state");
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        ObjectNode json = nodes.objectNode();
        json.put(V, VERSION);
        json.put(INSTANCE, state.instanceId());
        json.put(CALL, state.pendingCallId());
        json.put(PRINCIPAL, state.principal());
        json.put(EXPIRES_AT, state.expiresAt().toString());
        json.put(METHOD, state.method());
        json.put(DIGEST, state.paramsDigest());
        ObjectNode keys = json.putObject(KEYS);
        state.keys().forEach((key, id) -> keys.set(key, id.node()));
        ObjectNode elicitations = json.putObject(ELICITATIONS);
        state.elicitationIds().forEach(elicitations::put);
        json.put(ROUND, state.round());
        try {
            return JsonRpcCodec.mapper().writeValueAsBytes(json);
        } catch (JacksonException e) {
            throw new IllegalStateException("a JSON tree of strings and numbers failed to serialize", e);
        }
    }

    /** The state in {@code bytes}, or empty when they are not exactly what {@link #encode} writes. */
    public static Optional<RequestState> decode(byte[] bytes) {
        Objects.requireNonNull(bytes, "bytes");
        JsonNode json;
        try {
            json = JsonRpcCodec.readTree(bytes);
        } catch (IOException e) {
            return Optional.empty();
        }
        if (json == null || !json.isObject() || json.size() != FIELDS.size() || !hasOnlyKnownFields(json)) {
            return Optional.empty();
        }
        JsonNode version = json.get(V);
        if (!version.isInt() || version.intValue() != VERSION) {
            return Optional.empty();
        }
        Optional<Instant> expiresAt = instant(json.get(EXPIRES_AT));
        Optional<Map<String, JsonRpcId>> keys = ids(json.get(KEYS));
        Optional<Map<String, String>> elicitations = strings(json.get(ELICITATIONS));
        JsonNode round = json.get(ROUND);
        if (!allText(json, INSTANCE, CALL, PRINCIPAL, METHOD, DIGEST) || expiresAt.isEmpty() || keys.isEmpty()
                || elicitations.isEmpty() || !round.isInt() || round.intValue() < 1) {
            return Optional.empty();
        }
        return Optional.of(new RequestState(json.get(INSTANCE).textValue(), json.get(CALL).textValue(),
                json.get(PRINCIPAL).textValue(), expiresAt.get(), json.get(METHOD).textValue(),
                json.get(DIGEST).textValue(), keys.get(), elicitations.get(), round.intValue()));
    }

    private static boolean hasOnlyKnownFields(JsonNode json) {
        for (Iterator<String> names = json.fieldNames(); names.hasNext(); ) {
            if (!FIELDS.contains(names.next())) {
                return false;
            }
        }
        return true;
    }

    private static boolean allText(JsonNode json, String... fields) {
        for (String field : fields) {
            if (!json.get(field).isTextual()) {
                return false;
            }
        }
        return true;
    }

    private static Optional<Instant> instant(JsonNode node) {
        if (!node.isTextual()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Instant.parse(node.textValue()));
        } catch (DateTimeException e) {
            return Optional.empty();
        }
    }

    private static Optional<Map<String, JsonRpcId>> ids(JsonNode node) {
        if (!node.isObject()) {
            return Optional.empty();
        }
        Map<String, JsonRpcId> ids = new HashMap<>();
        for (Map.Entry<String, JsonNode> entry : node.properties()) {
            if (!JsonRpcId.isValid(entry.getValue())) {
                return Optional.empty();
            }
            ids.put(entry.getKey(), new JsonRpcId(entry.getValue()));
        }
        return Optional.of(ids);
    }

    private static Optional<Map<String, String>> strings(JsonNode node) {
        if (!node.isObject()) {
            return Optional.empty();
        }
        Map<String, String> strings = new HashMap<>();
        for (Map.Entry<String, JsonNode> entry : node.properties()) {
            if (!entry.getValue().isTextual()) {
                return Optional.empty();
            }
            strings.put(entry.getKey(), entry.getValue().textValue());
        }
        return Optional.of(strings);
    }
}
