package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.core.config.AuthConfig;
import io.eragate.core.config.IntrospectionConfig;
import io.eragate.core.config.RateLimitsConfig;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Opaque access tokens checked by RFC 7662 introspection at the authorization server of the tests: its opaque tokens
 * and introspection endpoint are a few lines of {@code interop/oauth-server.mjs} (oauth2-mock-server's own
 * {@code /introspect} calls every token active), served by the same real server as its JWTs.
 */
class OpaqueTokenIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final OAuthPeer.PerClass OAUTH = new OAuthPeer.PerClass();
    @RegisterExtension
    final GuardedLegacyGateway guarded = new GuardedLegacyGateway(OAUTH);

    @Test
    void anActiveOpaqueTokenIsServedAndAnInactiveOrForeignOneIsA401WithItsReason() throws Exception {
        guarded.start(gateway -> gateway.identity(AuthConfig.of(OAUTH.peer().issuer(), List.of(), List.of("mcp"))
                .withIntrospection(new IntrospectionConfig(OAUTH.peer().introspection(), "gateway", "gateway-secret",
                        100)), List.of(), RateLimitsConfig.none()));
        URI endpoint = guarded.endpoint();
        ModernRequest echo = ModernRequest.toolCall(7, "echo", "{\"message\":\"hi\"}");

        HttpResponse<String> served = IdentityIT.post(endpoint, echo, OAUTH.peer().opaqueToken("alice", "mcp",
                endpoint));
        HttpResponse<String> jwt = IdentityIT.post(endpoint, echo, OAUTH.peer().userToken("alice", "mcp", endpoint));
        HttpResponse<String> unknown = IdentityIT.post(endpoint, echo, "never-issued-opaque-token");
        HttpResponse<String> foreign = IdentityIT.post(endpoint, echo, OAUTH.peer().opaqueToken("alice", "mcp",
                URI.create("http://127.0.0.1:1/elsewhere")));
        HttpResponse<String> narrow = IdentityIT.post(endpoint, echo, OAUTH.peer().opaqueToken("alice", "other",
                endpoint));

        assertThat(served.statusCode()).as(served.body()).isEqualTo(200);
        assertThat(served.body()).contains("hi");
        assertThat(jwt.statusCode()).as("JWTs are still checked with the keys").isEqualTo(200);
        assertRefused(unknown, "inactive");
        assertRefused(foreign, "wrong-audience");
        assertThat(narrow.statusCode()).as("the introspected scopes are the token's").isEqualTo(403);
        assertThat(guarded.upstream().requests()).allSatisfy(seen ->
                assertThat(seen.headers().contains("Authorization")).isFalse());
    }

    private static void assertRefused(HttpResponse<String> refused, String reason) throws Exception {
        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(401);
        assertThat(refused.headers().firstValue("WWW-Authenticate").orElseThrow()).contains("error=\"invalid_token\"");
        JsonNode body = JSON.readTree(refused.body());
        assertThat(body.path("id").asInt()).isEqualTo(7);
        assertThat(body.at("/error/data/reason").asText()).isEqualTo(reason);
        assertThat(refused.body()).doesNotContain("never-issued-opaque-token");
    }
}
