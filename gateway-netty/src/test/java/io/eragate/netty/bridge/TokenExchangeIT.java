package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.core.config.AuthConfig;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.RateLimitsConfig;
import io.eragate.core.config.TokenExchangeConfig;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.core.config.UpstreamOAuthConfig;
import io.eragate.netty.testing.LegacyFixtureUpstream;
import io.eragate.netty.testing.NodePeers;
import io.eragate.netty.testing.RecordedRequest;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * RFC 8693 token exchange towards an upstream, against the real authorization server of the tests (its token
 * exchange grant signs with its real keys): the SDK v2 client's token stays at the gateway, the upstream gets a token
 * with its own audience and the user's {@code sub}, one per principal, exchanged once and then reused; a refused
 * exchange is a 502 naming the upstream.
 */
class TokenExchangeIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final NodePeers PEERS = NodePeers.locate();
    private static final String AUDIENCE = "https://tickets.example.com";

    @RegisterExtension
    static final OAuthPeer.PerClass OAUTH = new OAuthPeer.PerClass();

    @Test
    void theUpstreamSeesEachUserWithItsOwnAudienceAndNeverTheClientsToken() throws Exception {
        OAuthPeer oauth = OAUTH.peer();
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start();
             BridgeGateway gateway = BridgeGateway.builder()
                     .upstream(exchanging("tickets", upstream.uri(), oauth, AUDIENCE))
                     .identity(AuthConfig.of(oauth.issuer(), List.of(), List.of("mcp")), List.of(),
                             RateLimitsConfig.none())
                     .start()) {
            URI endpoint = gateway.endpoint("tickets");
            String alice = oauth.userToken("alice", "mcp", endpoint);
            String bob = oauth.userToken("bob", "mcp", endpoint);

            for (String token : List.of(alice, bob)) {
                NodePeers.Result result = PEERS.run(Duration.ofSeconds(60), Map.of("BEARER_TOKEN", token),
                        "modern-client.mjs", endpoint.toString(), "modern", "echo", "{\"message\":\"hi\"}");
                assertThat(result.exitCode()).as(result.stdout() + result.stderr()).isZero();
                assertThat(JSON.readTree(result.lastStdoutLine()).at("/result/content/0/text").asText())
                        .contains("hi");
            }

            // A legacy client's session is passed through, for the same principal: it gets alice's cached token.
            String session = PrincipalBindingIT.initialize(endpoint, alice);
            assertThat(PrincipalBindingIT.echo(endpoint, session, alice).statusCode()).isEqualTo(200);
            assertThat(upstream.requests()).as("the legacy client's own initialize went upstream")
                    .anyMatch(seen -> seen.bodyText().contains("\"legacy-client\""));

            Set<String> upstreamTokens = new LinkedHashSet<>();
            List<String> subjects = new ArrayList<>();
            for (RecordedRequest seen : upstream.requests()) {
                List<String> authorizations = seen.headers().all("Authorization");
                assertThat(authorizations).as("every request upstream carries one exchanged token").hasSize(1);
                String token = authorizations.get(0).substring("Bearer ".length());
                assertThat(token).isNotIn(alice, bob);
                assertThat(seen.bodyText()).doesNotContain(alice).doesNotContain(bob);
                assertThat(seen.headers().names()).noneMatch(name -> name.toLowerCase().startsWith("x-eragate"));
                if (upstreamTokens.add(token)) {
                    JsonNode claims = claims(token);
                    assertThat(claims.path("aud").asText()).isEqualTo(AUDIENCE);
                    assertThat(claims.path("iss").asText()).isEqualTo(oauth.issuer());
                    assertThat(claims.at("/act/sub").asText()).as("the gateway acts").isEqualTo("eragate-gateway");
                    subjects.add(claims.path("sub").asText());
                }
            }
            assertThat(subjects).as("two principals, two exchanged tokens").containsExactly("alice", "bob");
            JsonNode exchanges = oauth.exchanges();
            assertThat(exchanges).as("one exchange per principal, then the cached token: " + exchanges).hasSize(2);
            assertThat(exchanges.findValuesAsText("audience")).containsOnly(AUDIENCE);
        }
    }

    @Test
    void aRefusedExchangeIsA502NamingTheUpstreamWithoutAnySecret() throws Exception {
        OAuthPeer oauth = OAUTH.peer();
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start();
             BridgeGateway gateway = BridgeGateway.builder()
                     .upstream(exchanging("billing", upstream.uri(), oauth, "https://refuse.example.com"))
                     .identity(AuthConfig.of(oauth.issuer(), List.of(), List.of("mcp")), List.of(),
                             RateLimitsConfig.none())
                     .start()) {
            URI endpoint = gateway.endpoint("billing");
            String alice = oauth.userToken("alice", "mcp", endpoint);

            HttpResponse<String> refused = IdentityIT.post(endpoint, ModernRequest.toolCall(11, "echo",
                    "{\"message\":\"hi\"}"), alice);

            assertThat(refused.statusCode()).as(refused.body()).isEqualTo(502);
            assertThat(refused.headers().firstValue("WWW-Authenticate")).isEmpty();
            JsonNode body = JSON.readTree(refused.body());
            assertThat(body.path("id").asInt()).isEqualTo(11);
            assertThat(body.at("/error/code").asInt()).isEqualTo(-32603);
            assertThat(body.at("/error/message").asText()).contains("upstream \"billing\"")
                    .contains("token exchange failed: the token endpoint answered HTTP 400 (invalid_target)");
            assertThat(refused.body()).doesNotContain(alice).doesNotContain("client-secret")
                    .doesNotContain("no tokens for this audience");
            assertThat(upstream.requests().stream().filter(r -> "tools/call".equals(r.rpcMethod())))
                    .as("nothing went upstream for the user").isEmpty();
        }
    }

    private static UpstreamConfig exchanging(String name, URI url, OAuthPeer oauth, String audience) {
        return new UpstreamConfig(name, url, EraSetting.LEGACY).withCredentials(Map.of(),
                new UpstreamOAuthConfig(oauth.tokenUrl(), "eragate-gateway", "client-secret", List.of(),
                        new TokenExchangeConfig(audience, null, List.of(), 100)));
    }

    private static JsonNode claims(String jwt) throws Exception {
        return JSON.readTree(Base64.getUrlDecoder().decode(jwt.split("\\.")[1]));
    }
}
