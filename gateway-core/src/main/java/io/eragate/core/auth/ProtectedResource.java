package io.eragate.core.auth;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Objects;

/**
 * RFC 9728 Protected Resource Metadata for one route, and where it is published: at
 * {@code /.well-known/oauth-protected-resource<route path>}, and at the bare well-known path when the gateway has a
 * single route.
 */
public final class ProtectedResource {

    /** The well-known prefix of every metadata document. */
    public static final String WELL_KNOWN = "/.well-known/oauth-protected-resource";

    private ProtectedResource() {
    }

    /** The path of the metadata of the route at {@code routePath}. */
    public static String metadataPath(String routePath) {
        return WELL_KNOWN + Objects.requireNonNull(routePath, "routePath");
    }

    /** The absolute URL of that metadata, for the challenge, on the origin the client used. */
    public static String metadataUrl(String publicOrigin, String routePath) {
        return publicOrigin + metadataPath(routePath);
    }

    /**
     * The metadata document.
     *
     * @param resource the resource identifier: the route's public URL (or the configured audience)
     * @param issuer the authorization server
     * @param scopes the scopes every request needs, advertised as {@code scopes_supported}
     */
    public static byte[] document(String resource, String issuer, Collection<String> scopes) {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("resource", resource);
        json.putArray("authorization_servers").add(issuer);
        if (!scopes.isEmpty()) {
            ArrayNode supported = json.putArray("scopes_supported");
            scopes.forEach(supported::add);
        }
        json.putArray("bearer_methods_supported").add("header");
        json.put("resource_name", "Eragate MCP gateway");
        return json.toString().getBytes(StandardCharsets.UTF_8);
    }
}
