package io.eragate.netty.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.netty.testing.NodePeers;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The real authorization server of the identity tests ({@code interop/oauth-server.mjs}, oauth2-mock-server): real
 * RS256 keys, its discovery document and JWKS, and tokens from its token endpoint.
 */
final class OAuthPeer implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final NodePeers.Server server;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private OAuthPeer(NodePeers.Server server) {
        this.server = server;
    }

    static OAuthPeer start(NodePeers peers) {
        return new OAuthPeer(peers.startServer("oauth-server.mjs", "0"));
    }

    /** One authorization server for every test of a class: {@code @RegisterExtension static final PerClass ...}. */
    static final class PerClass implements BeforeAllCallback, AfterAllCallback {
        private OAuthPeer peer;

        @Override
        public void beforeAll(ExtensionContext context) {
            peer = OAuthPeer.start(NodePeers.locate());
        }

        @Override
        public void afterAll(ExtensionContext context) {
            if (peer != null) {
                peer.close();
            }
        }

        /** The running server. */
        OAuthPeer peer() {
            return peer;
        }
    }

    /** The issuer, as its tokens name it. */
    String issuer() {
        return "http://127.0.0.1:" + server.port();
    }

    /** A user's access token: subject {@code subject}, {@code scope}, audience {@code resource}. */
    String userToken(String subject, String scope, URI resource) {
        return token("grant_type=password&username=" + encode(subject) + "&scope=" + encode(scope) + "&resource="
                + encode(resource.toString()));
    }

    /** As {@link #userToken(String, String, URI)}, with the list claim {@code groups}. */
    String userToken(String subject, String scope, URI resource, List<String> groups) {
        return token("grant_type=password&username=" + encode(subject) + "&scope=" + encode(scope) + "&resource="
                + encode(resource.toString()) + "&groups=" + encode(String.join(",", groups)));
    }

    /** An opaque (non-JWT) access token, known only to the server's RFC 7662 endpoint {@link #introspection()}. */
    String opaqueToken(String subject, String scope, URI resource) {
        return token("/opaque/token", "username=" + encode(subject) + "&scope=" + encode(scope) + "&resource="
                + encode(resource.toString()));
    }

    /** The token endpoint, which also serves RFC 8693 token exchange. */
    URI tokenUrl() {
        return URI.create(issuer() + "/token");
    }

    /** Every token exchange the server did, in order: {@code {client, sub, audience}} each. */
    JsonNode exchanges() {
        HttpRequest request = HttpRequest.newBuilder(URI.create(issuer() + "/token-exchange/log"))
                .timeout(Duration.ofSeconds(10)).GET().build();
        try {
            return JSON.readTree(http.send(request, HttpResponse.BodyHandlers.ofString()).body());
        } catch (IOException e) {
            throw new AssertionError("the exchange log failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** The introspection endpoint that knows the opaque tokens. */
    URI introspection() {
        return URI.create(issuer() + "/opaque/introspect");
    }

    private String token(String form) {
        return token("/token", form);
    }

    private String token(String path, String form) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(issuer() + path))
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new AssertionError("token endpoint answered " + response.statusCode() + ": " + response.body());
            }
            return JSON.readTree(response.body()).path("access_token").asText();
        } catch (IOException e) {
            throw new AssertionError("token endpoint failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        server.close();
    }
}
