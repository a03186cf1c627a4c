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
     * {@link #strip}'s result for a caller that only reads it: the same members in the same order, but a new object
     * only at the top level and at {@code _meta} (the two levels stripping changes), every other value shared with
     * {@code params}. Neither {@code params} nor a shared value is modified; a caller may change the returned object
     * and its {@code _meta} (never a value below them) without touching {@code params}. The bridge translates every
     * request with it, where a deep copy of the arguments cost as much as the rest of the translation.
     *
     * @param params a modern request's params, or {@code null} when the request had none
     * @return the stripped object, or {@code null} when {@code params} is {@code null}
     */
    public static ObjectNode stripTopLevels(ObjectNode params) {
        if (params == null) {
            return null;
        }
        ObjectNode copy = params.objectNode();
        for (Map.Entry<String, JsonNode> member : params.properties()) {
            JsonNode value = member.getValue();
            if (value instanceof ObjectNode meta && MetaKeys.META.equals(member.getKey())) {
                ObjectNode kept = meta.objectNode();
                for (Map.Entry<String, JsonNode> entry : meta.properties()) {
                    if (!isReservedKey(entry.getKey())) {
                        kept.set(entry.getKey(), entry.getValue());
                    }
                }
                if (kept.isEmpty()) {
                    continue;
                }
                value = kept;
            }
            copy.set(member.getKey(), value);
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
        // Read in place: every _meta key of every bridged request comes here, and splitting allocated per key.
        int firstDot = key.indexOf('.');
        if (firstDot < 0 || firstDot > slash) {
            return false;
        }
        int secondDot = key.indexOf('.', firstDot + 1);
        int end = secondDot < 0 || secondDot > slash ? slash : secondDot;
        return isLabel(key, firstDot + 1, end, "modelcontextprotocol") || isLabel(key, firstDot + 1, end, "mcp");
    }

    /** Whether {@code key} holds exactly {@code label} between {@code start} and {@code end}. */
    private static boolean isLabel(String key, int start, int end, String label) {
        return end - start == label.length() && key.startsWith(label, start);
    }
}
