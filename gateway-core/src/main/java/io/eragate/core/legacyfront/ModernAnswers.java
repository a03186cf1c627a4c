package io.eragate.core.legacyfront;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.mcp.MetaKeys;
import io.eragate.core.mcp.Methods;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Turns what a back answers in the canonical (2026-07-28) form into what a legacy client understands:
 *
 * <ul>
 *   <li>results lose {@code resultType}, {@code ttlMs}, {@code cacheScope} and the reserved
 *       {@code io.modelcontextprotocol/} keys of {@code _meta} (a {@code _meta} left empty goes too);</li>
 *   <li>an {@code input_required} result is handed to the caller ({@link LegacyAnswer.InputRequired});</li>
 *   <li>errors whose codes only 2026-07-28 defines (-32020 header mismatch, -32021 missing client capability, -32022
 *       unsupported version) become -32600 Invalid Request with the modern code in {@code data.modernCode}; a
 *       resource not found (-32602 with {@code data.uri} on {@code resources/read}) becomes the legacy -32002;</li>
 *   <li>notifications lose the reserved {@code _meta} keys; a subscription acknowledgement is dropped.</li>
 * </ul>
 *
 * The request id is never changed.
 */
public final class ModernAnswers {

    private static final String RESULT_TYPE = "resultType";
    private static final String INPUT_REQUIRED = "input_required";
    private static final List<String> MODERN_ONLY_RESULT_FIELDS = List.of(RESULT_TYPE, "ttlMs", "cacheScope");
    private static final Set<Integer> MODERN_ONLY_CODES = Set.of(JsonRpcErrorCodes.HEADER_MISMATCH,
            JsonRpcErrorCodes.MISSING_REQUIRED_CLIENT_CAPABILITY, JsonRpcErrorCodes.UNSUPPORTED_PROTOCOL_VERSION);
    /** Server capabilities a legacy client is told of only when the front serves them. */
    private static final List<String> MODERN_ONLY_CAPABILITIES = List.of("extensions");

    private ModernAnswers() {
    }

    /**
     * The legacy form of one modern message.
     *
     * @param method the method of the request being answered (for error mapping)
     */
    public static LegacyAnswer toLegacy(JsonNode message, String method) {
        Objects.requireNonNull(message, "message");
        return toLegacyInPlace(message instanceof ObjectNode object ? object.deepCopy() : message, method);
    }

    /**
     * {@link #toLegacy}, changing {@code message} itself instead of a copy: for a caller that owns the message (it
     * just parsed it) and has no further use for its modern form, the legacy form is the same without copying the
     * whole tree.
     */
    public static LegacyAnswer toLegacyInPlace(JsonNode message, String method) {
        Objects.requireNonNull(message, "message");
        if (!(message instanceof ObjectNode copy)) {
            return new LegacyAnswer.Send(message);
        }
        if (copy.get("result") instanceof ObjectNode result) {
            if (INPUT_REQUIRED.equals(result.path(RESULT_TYPE).asText(null))) {
                // Nothing was changed yet: the result is the modern one, unchanged.
                return new LegacyAnswer.InputRequired(idOf(copy), result);
            }
            MODERN_ONLY_RESULT_FIELDS.forEach(result::remove);
            stripReservedMeta(result);
            return new LegacyAnswer.Send(copy);
        }
        if (copy.get("error") instanceof ObjectNode error) {
            mapError(error, method);
            return new LegacyAnswer.Send(copy);
        }
        if (copy.path("method").isTextual() && !copy.has("id")) {
            if (Methods.NOTIFICATION_SUBSCRIPTIONS_ACKNOWLEDGED.equals(copy.get("method").textValue())) {
                return new LegacyAnswer.Drop();
            }
            if (copy.get("params") instanceof ObjectNode params) {
                stripReservedMeta(params);
            }
        }
        return new LegacyAnswer.Send(copy);
    }

    /**
     * The {@code InitializeResult} the front answers a legacy client's {@code initialize} with, from the upstream's
     * (modern) {@code server/discover} result: the negotiated version, the upstream's capabilities (less what only
     * 2026-07-28 has, plus {@code logging}, which the front serves by keeping the session's level), its server info
     * and instructions.
     */
    public static ObjectNode initializeResult(JsonNode discoverResult, String negotiatedVersion) {
        Objects.requireNonNull(negotiatedVersion, "negotiatedVersion");
        ObjectNode result = JsonNodeFactory.instance.objectNode();
        result.put("protocolVersion", negotiatedVersion);
        ObjectNode capabilities = discoverResult != null && discoverResult.get("capabilities") instanceof ObjectNode
                caps ? caps.deepCopy() : JsonNodeFactory.instance.objectNode();
        MODERN_ONLY_CAPABILITIES.forEach(capabilities::remove);
        if (!capabilities.has("logging")) {
            capabilities.putObject("logging");
        }
        result.set("capabilities", capabilities);
        JsonNode serverInfo = discoverResult == null ? null
                : discoverResult.path(MetaKeys.META).get(MetaKeys.SERVER_INFO);
        if (serverInfo == null || !serverInfo.isObject()) {
            serverInfo = discoverResult == null ? null : discoverResult.get("serverInfo");
        }
        result.set("serverInfo", serverInfo != null && serverInfo.isObject() ? serverInfo.deepCopy()
                : JsonNodeFactory.instance.objectNode().put("name", "eragate").put("version", "unknown"));
        JsonNode instructions = discoverResult == null ? null : discoverResult.get("instructions");
        if (instructions != null && instructions.isTextual()) {
            result.set("instructions", instructions);
        }
        return result;
    }

    private static void mapError(ObjectNode error, String method) {
        int code = error.path("code").asInt();
        if (MODERN_ONLY_CODES.contains(code)) {
            ObjectNode data = error.get("data") instanceof ObjectNode existing ? existing
                    : JsonNodeFactory.instance.objectNode();
            data.put("modernCode", code);
            error.put("code", JsonRpcErrorCodes.INVALID_REQUEST);
            error.set("data", data);
        } else if (code == JsonRpcErrorCodes.INVALID_PARAMS && Methods.RESOURCES_READ.equals(method)
                && error.path("data").path("uri").isTextual()) {
            error.put("code", JsonRpcErrorCodes.LEGACY_RESOURCE_NOT_FOUND);
        }
    }

    private static void stripReservedMeta(ObjectNode holder) {
        if (!(holder.get(MetaKeys.META) instanceof ObjectNode meta)) {
            return;
        }
        Iterator<Map.Entry<String, JsonNode>> fields = meta.fields();
        while (fields.hasNext()) {
            if (fields.next().getKey().startsWith(MetaKeys.RESERVED_PREFIX)) {
                fields.remove();
            }
        }
        if (meta.isEmpty()) {
            holder.remove(MetaKeys.META);
        }
    }

    private static JsonRpcId idOf(ObjectNode message) {
        JsonNode id = message.get("id");
        if (id == null || !JsonRpcId.isValid(id)) {
            return null;
        }
        return new JsonRpcId(id);
    }

    /** The JSON-RPC error a legacy client gets for an {@code input_required} answer the front cannot relay. */
    public static byte[] inputNotRelayed(JsonRpcId id, ObjectNode result) {
        ObjectNode data = JsonNodeFactory.instance.objectNode().put("reason", "input-required-not-relayed");
        if (result.get("inputRequests") instanceof ObjectNode requests) {
            data.set("inputRequests", requests.deepCopy());
        }
        return JsonRpcCodec.encodeError(id, new JsonRpcError(JsonRpcErrorCodes.INTERNAL_ERROR,
                "The upstream needs input from the client (elicitation, sampling or roots) to finish this request; "
                        + "the gateway does not relay such requests to a 2025-era client yet", data));
    }
}
