package io.eragate.core.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.mcp.MetaKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Removes the 2026-07-28 per-request envelope from a modern request's params before they go to a legacy upstream.
 *
 * <p>Every {@code _meta} key under a prefix reserved for MCP goes (the envelope keys, and any other reserved key,
 * since a legacy upstream must not be handed values whose meaning belongs to another revision). Unprefixed keys
 * such as {@code progressToken}, {@code traceparent}, {@code tracestate} and {@code baggage}, and third-party
 * prefixed keys, stay.
 */
public final class EnvelopeStripper {

    private EnvelopeStripper() {
    }

    /**
     * A copy of {@code params} without the reserved {@code _meta} keys; {@code _meta} itself is dropped when nothing
     * is left in it. The input is never modified.
     *
     * @param params a modern request's params, or {@code null} when the request had none
     * @return the stripped copy, or {@code null} when {@code params} is {@code null}
     */
    public static ObjectNode strip(ObjectNode params) {
        if (params == null) {
            return null;
        }
        ObjectNode copy = params.deepCopy();
        JsonNode meta = copy.get(MetaKeys.META);
        if (meta instanceof ObjectNode metaObject) {
            List<String> reserved = new ArrayList<>();
            for (Map.Entry<String, JsonNode> entry : metaObject.properties()) {
                if (isReservedKey(entry.getKey())) {
                    reserved.add(entry.getKey());
                }
            }
            metaObject.remove(reserved);
            if (metaObject.isEmpty()) {
                copy.remove(MetaKeys.META);
            }
        }
        return copy;
    }

    /**
     * Whether a {@code _meta} key lies under a prefix reserved for MCP: a prefix (the part before the first
     * {@code /}) whose second dot-separated label is {@code modelcontextprotocol} or {@code mcp}, such as
     * {@code io.modelcontextprotocol/} or {@code dev.mcp/}. {@code com.example.mcp/} is not reserved.
     */
    public static boolean isReservedKey(String key) {
        int slash = key.indexOf('/');
        if (slash <= 0) {
            return false;
        }
        String[] labels = key.substring(0, slash).split("\\.", -1);
        return labels.length >= 2 && (labels[1].equals("modelcontextprotocol") || labels[1].equals("mcp"));
    }
}
