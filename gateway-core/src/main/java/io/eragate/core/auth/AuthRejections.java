package io.eragate.core.auth;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.jsonrpc.JsonRpcId;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The answers of the resource server: 401 with a {@code WWW-Authenticate: Bearer} challenge for every refused token
 * (RFC 6750 §3, MCP authorization "Error Handling"), 403 {@code insufficient_scope} naming exactly the scopes the
 * operation needs, 403 for a policy's claims, and 503 when the issuer's keys cannot be had. The JSON-RPC code is
 * -32600 (the request is refused as it stands), and a 401/403 is never an era signal.
 */
public final class AuthRejections {

    /** The header of the challenge. */
    public static final String WWW_AUTHENTICATE = "WWW-Authenticate";
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private AuthRejections() {
    }

    /**
     * 401 for a missing or refused token. A missing token gets no {@code error} (RFC 6750 §3.1: the client may not
     * know authentication is needed); every other refusal is {@code invalid_token} with a description.
     *
     * @param resourceMetadata the URL of this route's protected resource metadata
     * @param scopes the scopes every request needs (empty: no {@code scope} parameter)
     */
    public static Rejection unauthorized(JsonRpcId id, TokenRefusal reason, String description,
            String resourceMetadata, Collection<String> scopes) {
        StringBuilder challenge = new StringBuilder("Bearer resource_metadata=\"").append(resourceMetadata)
                .append('"');
        if (!scopes.isEmpty()) {
            challenge.append(", scope=\"").append(String.join(" ", scopes)).append('"');
        }
        if (reason != TokenRefusal.MISSING) {
            challenge.append(", error=\"invalid_token\", error_description=\"")
                    .append(quotable(description)).append('"');
        }
        ObjectNode data = JSON.objectNode().put("reason", reasonName(reason)).put("resourceMetadata",
                resourceMetadata);
        String message = reason == TokenRefusal.MISSING
                ? "Unauthorized: this endpoint needs an OAuth bearer token (see the resource metadata)"
                : "Unauthorized: " + description;
        return new Rejection(401, id, new JsonRpcError(JsonRpcErrorCodes.INVALID_REQUEST, message, data),
                Map.of(WWW_AUTHENTICATE, challenge.toString()));
    }

    /** 403 {@code insufficient_scope}: the token lacks scopes the operation needs; {@code needed} lists only those. */
    public static Rejection insufficientScope(JsonRpcId id, Collection<String> needed, String operation,
            String resourceMetadata) {
        String scope = String.join(" ", needed);
        String description = "the token lacks a scope " + operation + " needs";
        ArrayNode scopes = JSON.arrayNode();
        needed.forEach(scopes::add);
        ObjectNode data = JSON.objectNode().put("reason", "insufficient_scope");
        data.set("requiredScopes", scopes);
        return new Rejection(403, id, new JsonRpcError(JsonRpcErrorCodes.INVALID_REQUEST,
                "Forbidden: " + description + " (" + scope + ")", data),
                Map.of(WWW_AUTHENTICATE, "Bearer error=\"insufficient_scope\", scope=\"" + scope
                        + "\", resource_metadata=\"" + resourceMetadata + "\", error_description=\"" + description
                        + "\""));
    }

    /** 403 when a policy's claim requirement is not met; a new scope would not help, so there is no challenge. */
    public static Rejection claimsRefused(JsonRpcId id, String operation, String claim) {
        ObjectNode data = JSON.objectNode().put("reason", "policy").put("claim", claim);
        return Rejection.of(403, id, new JsonRpcError(JsonRpcErrorCodes.INVALID_REQUEST,
                "Forbidden: a policy refuses " + operation + " to this principal (claim " + claim
                        + " does not match)", data));
    }

    /** 503 when the issuer's keys cannot be loaded, so that no token can be judged now. */
    public static Rejection keysUnavailable(JsonRpcId id, String why) {
        return new Rejection(503, id, JsonRpcError.of(JsonRpcErrorCodes.INTERNAL_ERROR,
                "Service unavailable: the authorization server cannot be asked about the token (its signing keys"
                        + " or its introspection endpoint); retry later"),
                Map.of("Retry-After", "5"));
    }

    /**
     * 503 when {@code limit} introspection calls already run ({@code auth.introspection.maxInFlight}): the token is
     * neither refused nor accepted, and a retry a second later usually finds a free place.
     */
    public static Rejection introspectionBusy(JsonRpcId id, int limit) {
        ObjectNode data = JSON.objectNode().put("reason", "introspection-busy").put("limit", limit)
                .put("key", "auth.introspection.maxInFlight").put("retryAfterSeconds", 1);
        return new Rejection(503, id, new JsonRpcError(JsonRpcErrorCodes.INTERNAL_ERROR,
                "Service unavailable: " + limit + " token introspections are already running; retry later", data),
                Map.of("Retry-After", "1"));
    }

    /**
     * 502 when an upstream refuses the gateway's own credentials (401/403): a problem between the gateway and the
     * upstream, so the client gets no challenge that would send it to the upstream's authorization server.
     */
    public static Rejection upstreamRefused(JsonRpcId id, String upstream, int status) {
        ObjectNode data = JSON.objectNode().put("upstream", upstream).put("status", status);
        return Rejection.of(502, id, new JsonRpcError(JsonRpcErrorCodes.INTERNAL_ERROR,
                "Bad gateway: upstream \"" + upstream + "\" refused the gateway's credentials (HTTP " + status
                        + "); its operator must configure upstreams[].headers or upstreams[].oauth", data));
    }

    private static String reasonName(TokenRefusal reason) {
        return reason.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Keeps a description safe inside a quoted challenge parameter. */
    static String quotable(String text) {
        return Objects.requireNonNull(text, "text").replace("\"", "'").replace("\\", "/");
    }
}
