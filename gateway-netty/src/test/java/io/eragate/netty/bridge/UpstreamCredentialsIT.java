package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.core.config.AuthConfig;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.RateLimitsConfig;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.core.config.UpstreamOAuthConfig;
import io.eragate.netty.testing.LegacyFixtureUpstream;
import io.eragate.netty.testing.NodePeers;
import io.eragate.netty.testing.RecordedRequest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gateway's own credentials towards upstreams: a static header whose secret comes from a file, and an OAuth
 * client-credentials token from a real authorization server; the client's token reaches neither. An upstream that
 * refuses the gateway's credentials is a 502 for the client, without the upstream's challenge.
 */
class UpstreamCredentialsIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final NodePeers PEERS = NodePeers.locate();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final ModernRequest ECHO = ModernRequest.toolCall(5, "echo", "{\"message\":\"hi\"}");

    @TempDir
    Path dir;

    @Test
    void eachUpstreamGetsItsOwnCredentialsAndNeverTheClientsToken() throws Exception {
        Path secret = dir.resolve("crm-token");
        Files.writeString(secret, "static-secret-of-the-crm\n");
        try (OAuthPeer oauth = OAuthPeer.start(PEERS);
             LegacyFixtureUpstream staticUpstream = LegacyFixtureUpstream.start();
             LegacyFixtureUpstream oauthUpstream = LegacyFixtureUpstream.start();
             BridgeGateway gateway = BridgeGateway.builder()
                     .upstream(new UpstreamConfig("crm", staticUpstream.uri(), EraSetting.LEGACY).withCredentials(
                             Map.of("Authorization", "Bearer ${file:" + secret + "}"), null))
                     .upstream(new UpstreamConfig("tickets", oauthUpstream.uri(), EraSetting.LEGACY).withCredentials(
                             Map.of(), new UpstreamOAuthConfig(URI.create(oauth.issuer() + "/token"),
                                     "eragate-gateway", "client-secret", List.of("tickets:read"))))
                     .identity(AuthConfig.of(oauth.issuer(), List.of(), List.of()), List.of(),
                             RateLimitsConfig.none())
                     .start()) {
            String crmToken = oauth.userToken("alice", "mcp", gateway.endpoint("crm"));
            String ticketsToken = oauth.userToken("alice", "mcp", gateway.endpoint("tickets"));

            assertThat(post(gateway.endpoint("crm"), crmToken).statusCode()).isEqualTo(200);
            assertThat(post(gateway.endpoint("tickets"), ticketsToken).statusCode()).isEqualTo(200);

            assertThat(authorizations(staticUpstream)).containsExactly("Bearer static-secret-of-the-crm");
            Set<String> oauthAuthorizations = authorizations(oauthUpstream);
            assertThat(oauthAuthorizations).hasSize(1);
            String upstreamToken = oauthAuthorizations.iterator().next().substring("Bearer ".length());
            JsonNode claims = JSON.readTree(Base64.getUrlDecoder().decode(upstreamToken.split("\\.")[1]));
            assertThat(claims.path("sub").asText()).as("the gateway's own client").isEqualTo("eragate-gateway");
            assertThat(claims.path("scope").asText()).isEqualTo("tickets:read");
            for (LegacyFixtureUpstream upstream : List.of(staticUpstream, oauthUpstream)) {
                for (RecordedRequest seen : upstream.requests()) {
                    assertThat(seen.headers().all("Authorization")).doesNotContain("Bearer " + crmToken,
                            "Bearer " + ticketsToken);
                    assertThat(seen.bodyText()).doesNotContain(crmToken).doesNotContain(ticketsToken);
                }
            }
        }
    }

    @Test
    void anUpstreamThatRefusesTheGatewaysCredentialsIsA502WithoutItsChallenge() throws Exception {
        try (ScriptedUpstream upstream = ScriptedUpstream.start(exchange -> exchange.json(401,
                "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-32001,\"message\":\"who are you\"}}",
                Map.of("WWW-Authenticate", "Bearer resource_metadata=\"https://upstream.example/prm\"")));
             BridgeGateway gateway = BridgeGateway.builder().upstream("locked", upstream.uri(), EraSetting.MODERN)
                     .start()) {
            HttpResponse<String> answer = post(gateway.endpoint("locked"), null);

            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(502);
            assertThat(answer.headers().firstValue("WWW-Authenticate")).isEmpty();
            JsonNode error = JSON.readTree(answer.body()).path("error");
            assertThat(error.path("message").asText()).contains("refused the gateway's credentials (HTTP 401)");
            assertThat(JSON.readTree(answer.body()).path("id").asInt()).isEqualTo(5);
        }
    }

    private static Set<String> authorizations(LegacyFixtureUpstream upstream) {
        return upstream.requests().stream().flatMap(r -> r.headers().all("Authorization").stream())
                .collect(Collectors.toSet());
    }

    private static HttpResponse<String> post(URI endpoint, String token) throws Exception {
        HttpRequest.Builder builder = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(20))
                .POST(HttpRequest.BodyPublishers.ofString(ECHO.bodyText(), StandardCharsets.UTF_8));
        ECHO.headers().forEach(builder::header);
        if (token != null) {
            builder.header("Authorization", "Bearer " + token);
        }
        return HTTP.send(builder.build(), HttpResponse.BodyHandlers.ofString());
    }
}
