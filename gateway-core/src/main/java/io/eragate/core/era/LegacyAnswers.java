package io.eragate.core.era;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import java.io.IOException;
import java.util.Locale;
import java.util.Optional;

/**
 * Recognizes a legacy server's refusal of a 2026-07-28 request sent without a session: the answer that proves a
 * cached "modern" verdict wrong (the origin was downgraded, or another server now answers there).
 */
public final class LegacyAnswers {
    private static final int MAX_INSPECTED_BYTES = 8 * 1024;

    private LegacyAnswers() {
    }

    /**
     * What the answer says, when {@code status} and {@code body} are a legacy server refusing a request for lack of
     * an {@code initialize} or a session (HTTP 400 or 404, a JSON-RPC error without a usable id that names the
     * missing session or initialization, as the TS SDK and the Java SDK answer); empty otherwise.
     */
    public static Optional<String> refusedForLackOfSession(int status, byte[] body) {
        if ((status != 400 && status != 404) || body == null || body.length == 0 || body.length > MAX_INSPECTED_BYTES) {
            return Optional.empty();
        }
        JsonNode tree;
        try {
            tree = JsonRpcCodec.readTree(body);
        } catch (IOException e) {
            return Optional.empty();
        }
        if (tree == null || !tree.path("error").isObject() || (tree.has("id") && !tree.get("id").isNull())) {
            return Optional.empty();
        }
        String message = tree.path("error").path("message").asText("");
        String lower = message.toLowerCase(Locale.ROOT);
        if (lower.contains("not initialized") || lower.contains("session")) {
            return Optional.of("HTTP " + status + " " + tree.path("error").path("code").asInt() + " \"" + message + "\""
                    + " to a 2026-07-28 request");
        }
        return Optional.empty();
    }
}
