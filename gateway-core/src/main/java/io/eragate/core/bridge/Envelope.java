package io.eragate.core.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.mcp.MetaKeys;

/** Read access to the {@code _meta} of a request's params, tolerant of absent or malformed members. */
final class Envelope {

    private Envelope() {
    }

    /** The {@code _meta} object of {@code params}, or {@code null} when either is absent or not an object. */
    static ObjectNode meta(ObjectNode params) {
        if (params == null) {
            return null;
        }
        JsonNode meta = params.get(MetaKeys.META);
        return meta instanceof ObjectNode metaObject ? metaObject : null;
    }

    /** The value at {@code key} in {@code params._meta}, or {@code null} when absent. */
    static JsonNode metaValue(ObjectNode params, String key) {
        ObjectNode meta = meta(params);
        return meta == null ? null : meta.get(key);
    }

    /** The request's progress token when it is a string or a number (the only kinds the schema allows), else null. */
    static JsonNode progressToken(ObjectNode params) {
        JsonNode token = metaValue(params, MetaKeys.PROGRESS_TOKEN);
        return isValidProgressToken(token) ? token : null;
    }

    static boolean isValidProgressToken(JsonNode token) {
        return token != null && (token.isTextual() || token.isNumber());
    }
}
