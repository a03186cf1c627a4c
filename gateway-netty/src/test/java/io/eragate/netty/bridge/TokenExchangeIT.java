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
import io.eragate.netty.testing.ModernFixtureUpstream;
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
 * with its own audience and the user's {@code sub}, one per principal, exchanged once and then reused, whether the
 * gateway bridges to a legacy upstream, passes a legacy session through, or passes modern calls and listens through to
 * a 2026-07-28 upstream; a refused exchange is a 502 naming the upstream.
 */
class TokenExchangeIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final NodePeers PEERS = NodePeers.locate();
    private static final String AUDIENCE = "https://tickets.example.com";
    private static final String MODERN_AUDIENCE = "https://crm.example.com";

    @RegisterExtension
    static final OAuthPeer.PerClass OAUTH = new OAuthPeer.PerClass();

    @Test
    void theUpstreamSeesEachUserWithItsOwnAudienceAndNeverTheClientsToken() throws Exception {
        OAuthPeer oauth = OAUTH.peer();
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start();
             BridgeGateway gateway = exchangingGateway(exchanging("tickets", upstream.uri(), oauth, AUDIENCE), oauth)) {
            URI endpoint = gateway.endpoint("tickets");
            String alice = oauth.userToken("alice", "mcp", endpoint);
            String bob = oauth.userToken("bob", "mcp", endpoint);

            for (String token : List.of(alice, bob)) {
                assertThat(echoAsSdkV2Client(endpoint, token)).contains("hi");
            }

            // A legacy client's session is passed through, for the same principal: it gets alice's cached token.
            String session = PrincipalBindingIT.initialize(endpoint, alice);
            assertThat(PrincipalBindingIT.echo(endpoint, session, alice).statusCode()).isEqualTo(200);
            assertThat(upstream.requests()).as("the legacy client's own initialize went upstream")
                    .anyMatch(seen -> seen.bodyText().contains("\"legacy-client\""));

            assertEachUserGotOneExchangedToken(upstream.requests(), oauth, AUDIENCE, alice, bob);
        }
    }

    @Test
    void theModernPassThroughSendsEachUsersExchangedTokenOnCallsAndOnItsListen() throws Exception {
        OAuthPeer oauth = OAUTH.peer();
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start();
             BridgeGateway gateway = exchangingGateway(exchanging("crm", upstream.uri(), EraSetting.MODERN, oauth,
                     MODERN_AUDIENCE), oauth)) {
            URI endpoint = gateway.endpoint("crm");
            String alice = oauth.userToken("alice", "mcp", endpoint);
            String bob = oauth.userToken("bob", "mcp", endpoint);

            for (String token : List.of(alice, bob)) {
                assertThat(echoAsSdkV2Client(endpoint, token)).isEqualTo("Echo: hi");
            }
            try (ListenStream listen = ListenStream.open(endpoint, ModernRequest.of("watch", "subscriptions/listen")
                    .withParam("notifications", Map.of("toolsListChanged", true)),
                    Map.of("Authorization", "Bearer " + bob))) {
                assertThat(listen.next().path("method").asText())
                        .isEqualTo("notifications/subscriptions/acknowledged");
                assertThat(listen.status()).isEqualTo(200);
            }

            assertThat(upstream.requests()).as("both users' calls went upstream")
                    .filteredOn(seen -> "tools/call".equals(seen.rpcMethod())).hasSize(2);
            RecordedRequest listened = upstream.requests().stream()
                    .filter(seen -> "subscriptions/listen".equals(seen.rpcMethod())).findFirst().orElseThrow();
            String listenToken = listened.headers().first("Authorization").orElseThrow().substring("Bearer ".length());
            assertThat(claims(listenToken).path("sub").asText()).as("the listen went upstream as bob's")
                    .isEqualTo("bob");
            assertEachUserGotOneExchangedToken(upstream.requests(), oauth, MODERN_AUDIENCE, alice, bob);
        }
    }

    @Test
    void aRefusedExchangeIsA502NamingTheUpstreamWithoutAnySecret() throws Exception {
        OAuthPeer oauth = OAUTH.peer();
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start();
             BridgeGateway gateway = exchangingGateway(exchanging("billing", upstream.uri(), oauth,
                     "https://refuse.example.com"), oauth)) {
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
        return exchanging(name, url, EraSetting.LEGACY, oauth, audience);
    }

    private static UpstreamConfig exchanging(String name, URI url, EraSetting era, OAuthPeer oauth,
            String audience) {
        return new UpstreamConfig(name, url, era).withCredentials(Map.of(),
                new UpstreamOAuthConfig(oauth.tokenUrl(), "eragate-gateway", "client-secret", List.of(),
                        new TokenExchangeConfig(audience, null, List.of(), 100)));
    }

    private static BridgeGateway exchangingGateway(UpstreamConfig upstream, OAuthPeer oauth) {
        return BridgeGateway.builder().upstream(upstream)
                .identity(AuthConfig.of(oauth.issuer(), List.of(), List.of("mcp")), List.of(), RateLimitsConfig.none())
                .start();
    }

    /** The text the SDK v2 client got back from {@code echo}, called with {@code token} through {@code endpoint}. */
    private static String echoAsSdkV2Client(URI endpoint, String token) throws Exception {
        NodePeers.Result result = PEERS.run(Duration.ofSeconds(60), Map.of("BEARER_TOKEN", token),
                "modern-client.mjs", endpoint.toString(), "modern", "echo", "{\"message\":\"hi\"}");
        assertThat(result.exitCode()).as(result.stdout() + result.stderr()).isZero();
        return JSON.readTree(result.lastStdoutLine()).at("/result/content/0/text").asText();
    }

    /**
     * Alice's and Bob's requests ({@code seen}) went upstream each with one token exchanged for their own principal
     * (alice's first), exchanged once per principal and then reused.
     */
    private static void assertEachUserGotOneExchangedToken(List<RecordedRequest> seen, OAuthPeer oauth,
            String audience, String alice, String bob) throws Exception {
        assertThat(exchangedSubjects(seen, oauth, audience, alice, bob))
                .as("two principals, two exchanged tokens").containsExactly("alice", "bob");
        assertThat(exchangesFor(oauth, audience)).as("one exchange per principal, then the cached token")
                .containsExactly("alice", "bob");
    }

    /**
     * The subjects of the tokens {@code seen} carried, in the order they first appeared, after checking that every
     * request carried exactly one token, exchanged for {@code audience} by the gateway, and none of the clients'
     * tokens anywhere.
     */
    private static List<String> exchangedSubjects(List<RecordedRequest> seen, OAuthPeer oauth, String audience,
            String... clientTokens) throws Exception {
        Set<String> upstreamTokens = new LinkedHashSet<>();
        List<String> subjects = new ArrayList<>();
        for (RecordedRequest request : seen) {
            List<String> authorizations = request.headers().all("Authorization");
            assertThat(authorizations).as("every request upstream carries one exchanged token: " + request.rpcMethod())
                    .hasSize(1);
            String token = authorizations.get(0).substring("Bearer ".length());
            assertThat(token).isNotIn((Object[]) clientTokens);
            for (String clientToken : clientTokens) {
                assertThat(request.bodyText()).doesNotContain(clientToken);
            }
            assertThat(request.headers().names()).noneMatch(name -> name.toLowerCase().startsWith("x-eragate"));
            if (upstreamTokens.add(token)) {
                JsonNode claims = claims(token);
                assertThat(claims.path("aud").asText()).isEqualTo(audience);
                assertThat(claims.path("iss").asText()).isEqualTo(oauth.issuer());
                assertThat(claims.at("/act/sub").asText()).as("the gateway acts").isEqualTo("eragate-gateway");
                subjects.add(claims.path("sub").asText());
            }
        }
        return subjects;
    }

    /** The subjects the authorization server exchanged tokens for, for {@code audience}, in order. */
    private static List<String> exchangesFor(OAuthPeer oauth, String audience) {
        List<String> subjects = new ArrayList<>();
        for (JsonNode exchange : oauth.exchanges()) {
            if (audience.equals(exchange.path("audience").asText())) {
                subjects.add(exchange.path("sub").asText());
            }
        }
        return subjects;
    }

    private static JsonNode claims(String jwt) throws Exception {
        return JSON.readTree(Base64.getUrlDecoder().decode(jwt.split("\\.")[1]));
    }
}
