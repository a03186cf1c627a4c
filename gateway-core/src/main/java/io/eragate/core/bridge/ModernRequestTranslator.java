package io.eragate.core.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.mcp.MetaKeys;
import io.eragate.core.mcp.Methods;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Turns a modern request into the request Eragate sends on a pooled legacy session: Eragate's own id, the envelope
 * stripped, the progress token rewritten, and the multi-round-trip members (which belong to Eragate) removed.
 *
 * <p>{@code server/discover} is answered locally ({@link DiscoverSynthesizer}) and {@code subscriptions/listen} maps
 * to the session's GET stream; neither is ever sent upstream as a request.
 */
public final class ModernRequestTranslator {

    /** Members of a retried multi-round-trip request that Eragate consumes itself. */
    private static final List<String> GATEWAY_OWNED_PARAMS = List.of("inputResponses", "requestState");
    private static final Set<String> NOT_FORWARDED = Set.of(Methods.SERVER_DISCOVER, Methods.SUBSCRIPTIONS_LISTEN);

    private ModernRequestTranslator() {
    }

    /** Whether a modern request with {@code method} is sent upstream as a request of the same method. */
    public static boolean isForwarded(String method) {
        return Methods.MODERN_CLIENT_REQUESTS.contains(method) && !NOT_FORWARDED.contains(method);
    }

    /** Whether {@code method} is answered by Eragate from the session's {@code InitializeResult}. */
    public static boolean isAnsweredLocally(String method) {
        return Methods.SERVER_DISCOVER.equals(method);
    }

    /** The client's progress token, or {@code null} when the request asked for no progress (or gave an invalid one). */
    public static JsonNode clientProgressToken(JsonRpcRequest modern) {
        Objects.requireNonNull(modern, "modern");
        return Envelope.progressToken(modern.params());
    }

    /** The legacy request for {@code modern} within {@code exchange} (see {@link IdRewriter#tryBegin}). */
    public static JsonRpcRequest toLegacy(JsonRpcRequest modern, UpstreamExchange exchange) {
        Objects.requireNonNull(exchange, "exchange");
        return toLegacy(modern, exchange.upstreamId(), exchange.upstreamProgressToken());
    }

    /**
     * The legacy request for {@code modern}. The client's {@code progressToken} is always removed, so that a raw
     * client token can never collide on a shared session; {@code upstreamProgressToken} takes its place when given.
     *
     * @param modern the validated modern request
     * @param upstreamId the id to send upstream
     * @param upstreamProgressToken the token to send upstream, or {@code null} for none
     * @return the legacy request; below its params' top level and {@code _meta} its values are the modern
     *     request's own (neither is modified here; neither may be modified while the other is in use)
     * @throws IllegalArgumentException when {@code modern}'s method is not forwarded (see {@link #isForwarded})
     */
    public static JsonRpcRequest toLegacy(JsonRpcRequest modern, JsonRpcId upstreamId, JsonNode upstreamProgressToken) {
        Objects.requireNonNull(modern, "modern");
        Objects.requireNonNull(upstreamId, "upstreamId");
        if (!isForwarded(modern.method())) {
            throw new IllegalArgumentException(modern.method() + " is not sent to a legacy upstream as a request");
        }
        // Only the top level and _meta are changed below: the rest is shared with the modern request, not copied.
        ObjectNode params = EnvelopeStripper.stripTopLevels(modern.params());
        if (params != null) {
            params.remove(GATEWAY_OWNED_PARAMS);
            ObjectNode meta = Envelope.meta(params);
            if (meta != null) {
                meta.remove(MetaKeys.PROGRESS_TOKEN);
                if (meta.isEmpty()) {
                    params.remove(MetaKeys.META);
                }
            }
        }
        if (upstreamProgressToken != null) {
            if (params == null) {
                params = JsonNodeFactory.instance.objectNode();
            }
            ObjectNode meta = Envelope.meta(params);
            if (meta == null) {
                meta = params.putObject(MetaKeys.META);
            }
            meta.set(MetaKeys.PROGRESS_TOKEN, upstreamProgressToken.deepCopy());
        }
        return new JsonRpcRequest(upstreamId, modern.method(), params);
    }

    /**
     * The {@code notifications/cancelled} Eragate sends on the legacy session when the modern client goes away: in
     * 2025-11-25 a closed stream is not a cancellation, so it has to be said explicitly.
     *
     * @param reason a short reason, or {@code null}
     */
    public static JsonRpcNotification cancellation(UpstreamExchange exchange, String reason) {
        Objects.requireNonNull(exchange, "exchange");
        ObjectNode params = JsonNodeFactory.instance.objectNode();
        params.set("requestId", exchange.upstreamId().node().deepCopy());
        if (reason != null) {
            params.put("reason", reason);
        }
        return new JsonRpcNotification(Methods.NOTIFICATION_CANCELLED, params);
    }
}
