package io.eragate.core.route;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The gateway's own pagination cursor for a merged list: which upstreams still have pages, and each one's own cursor.
 * Clients treat cursors as opaque; this one is {@code efc1.} followed by unpadded Base64url of a JSON object from
 * upstream name to that upstream's cursor ({@code null} for "its first page"). An upstream absent from the object has
 * no more pages. Not sealed: it only says what the client may ask for next, and every upstream judges its own cursor.
 */
public final class FederatedCursor {

    private static final String PREFIX = "efc1.";

    private FederatedCursor() {
    }

    /** The cursor for the pages still to come, or null when every upstream is exhausted. */
    public static String encode(Map<String, String> pending) {
        if (pending.isEmpty()) {
            return null;
        }
        ObjectNode object = JsonRpcCodec.mapper().createObjectNode();
        pending.forEach(object::put);
        return PREFIX + Base64.getUrlEncoder().withoutPadding()
                .encodeToString(object.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** What a first page asks: every upstream, from its start. */
    public static Map<String, String> firstPage(List<String> upstreams) {
        Map<String, String> all = new LinkedHashMap<>();
        upstreams.forEach(upstream -> all.put(upstream, null));
        return all;
    }

    /**
     * The upstreams (of {@code routeUpstreams}, in route order) and cursors a client's cursor asks for; empty when it
     * is not one of ours or names an upstream the route does not have (then the client gets -32602).
     */
    public static Optional<Map<String, String>> decode(String cursor, List<String> routeUpstreams) {
        if (cursor == null || !cursor.startsWith(PREFIX)) {
            return Optional.empty();
        }
        JsonNode tree;
        try {
            byte[] json = Base64.getUrlDecoder().decode(cursor.substring(PREFIX.length()));
            tree = JsonRpcCodec.mapper().readTree(json);
        } catch (IllegalArgumentException | IOException e) {
            return Optional.empty();
        }
        if (tree == null || !tree.isObject() || tree.isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> pending = new LinkedHashMap<>();
        for (String upstream : routeUpstreams) {
            JsonNode value = tree.get(upstream);
            if (value == null) {
                continue;
            }
            if (!value.isNull() && !value.isTextual()) {
                return Optional.empty();
            }
            pending.put(upstream, value.isNull() ? null : value.textValue());
        }
        return pending.size() == tree.size() ? Optional.of(pending) : Optional.empty();
    }
}
