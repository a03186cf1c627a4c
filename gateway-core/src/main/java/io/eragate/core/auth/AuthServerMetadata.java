package io.eragate.core.auth;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Objects;

/**
 * Finding an issuer's JWKS through its metadata: RFC 8414 ({@code /.well-known/oauth-authorization-server}, inserted
 * before the issuer's path) first, then OpenID Connect Discovery ({@code /.well-known/openid-configuration}, appended
 * to it), as the MCP authorization spec has clients try them.
 */
public final class AuthServerMetadata {

    private AuthServerMetadata() {
    }

    /** The metadata URLs of {@code issuer}, in the order they are tried. */
    public static List<URI> metadataUrls(String issuer) {
        URI uri = URI.create(Objects.requireNonNull(issuer, "issuer"));
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        String trimmed = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        String origin = uri.getScheme() + "://" + uri.getRawAuthority();
        return List.of(URI.create(origin + "/.well-known/oauth-authorization-server" + trimmed),
                URI.create(origin + trimmed + "/.well-known/openid-configuration"));
    }

    /**
     * The {@code jwks_uri} of a metadata document, which must name {@code issuer} as its {@code issuer}
     * (RFC 8414 §3.3: a document for another issuer is not to be used).
     *
     * @throws IllegalArgumentException naming what is wrong with the document
     */
    public static URI jwksUri(String json, String issuer) {
        JsonNode document;
        try {
            document = JsonRpcCodec.readTree(json);
        } catch (IOException e) {
            throw new IllegalArgumentException("the authorization server metadata is not JSON");
        }
        if (document == null || !document.isObject()) {
            throw new IllegalArgumentException("the authorization server metadata is not a JSON object");
        }
        if (!issuer.equals(document.path("issuer").asText(null))) {
            throw new IllegalArgumentException("the authorization server metadata names another issuer: "
                    + document.path("issuer").asText("(none)"));
        }
        String jwks = document.path("jwks_uri").asText(null);
        if (jwks == null) {
            throw new IllegalArgumentException("the authorization server metadata has no jwks_uri");
        }
        URI uri = URI.create(jwks);
        if (!"https".equals(uri.getScheme()) && !"http".equals(uri.getScheme())) {
            throw new IllegalArgumentException("jwks_uri is not an http(s) URL");
        }
        return uri;
    }
}
