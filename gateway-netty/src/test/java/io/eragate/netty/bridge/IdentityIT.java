package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.core.config.AuthConfig;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.MatchConfig;
import io.eragate.core.config.PolicyConfig;
import io.eragate.core.config.RateLimitRuleConfig;
import io.eragate.core.config.RateLimitsConfig;
import io.eragate.netty.testing.LegacyFixtureUpstream;
import io.eragate.netty.testing.NodePeers;
import io.eragate.netty.testing.RecordedRequest;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The gateway as an OAuth resource server in front of a legacy upstream, against a real authorization server
 * (oauth2-mock-server: RS256 keys, discovery, JWKS): refusals with their challenges, the protected resource metadata,
 * one upstream session per principal, per-tool policy, per-principal rate limits, and no token passthrough.
 */
class IdentityIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final NodePeers PEERS = NodePeers.locate();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    @RegisterExtension
    static final OAuthPeer.PerClass OAUTH = new OAuthPeer.PerClass();
    private LegacyFixtureUpstream legacy;
    private BridgeGateway gateway;

    @BeforeEach
    void startGateway() {
        legacy = LegacyFixtureUpstream.start();
        gateway = BridgeGateway.builder().upstream("legacy", legacy.uri(), EraSetting.LEGACY)
                .identity(AuthConfig.of(OAUTH.peer().issuer(), List.of(), List.of("mcp")),
                        List.of(new PolicyConfig(new MatchConfig("tools/call", "add"), List.of("math"), Map.of()),
                                new PolicyConfig(new MatchConfig("tools/call", "slow"), List.of(),
                                        Map.of("groups", "ops"))),
                        new RateLimitsConfig("memory", 1000, List.of(new RateLimitRuleConfig("principal",
                                new MatchConfig("tools/call", "counter"), 2, Duration.ofHours(1)))))
                .start();
    }

    @AfterEach
    void stopGateway() {
        if (gateway != null) {
            gateway.close();
        }
        if (legacy != null) {
            legacy.close();
        }
    }

    @Test
    void everyRefusedTokenIsA401WithTheChallengeAndTheRequestId() throws Exception {
        URI endpoint = gateway.endpoint("legacy");
        String metadata = "http://127.0.0.1:" + endpoint.getPort() + "/.well-known/oauth-protected-resource/legacy";
        String valid = OAUTH.peer().userToken("alice", "mcp", endpoint);
        String otherAudience = OAUTH.peer().userToken("alice", "mcp", URI.create("http://127.0.0.1:1/elsewhere"));
        String forged = valid.substring(0, valid.lastIndexOf('.') + 1) + "AAAA" + valid.substring(
                valid.lastIndexOf('.') + 5);

        HttpResponse<String> missing = post(endpoint, ECHO, null);
        assertThat(missing.statusCode()).isEqualTo(401);
        assertThat(missing.headers().firstValue("WWW-Authenticate")).hasValue(
                "Bearer resource_metadata=\"" + metadata + "\", scope=\"mcp\"");
        assertThat(JSON.readTree(missing.body()).path("id").asInt()).isEqualTo(7);

        for (String token : List.of("not-a-jwt", otherAudience, forged)) {
            HttpResponse<String> refused = post(endpoint, ECHO, token);
            assertThat(refused.statusCode()).as(refused.body()).isEqualTo(401);
            assertThat(refused.headers().firstValue("WWW-Authenticate").orElseThrow())
                    .startsWith("Bearer resource_metadata=\"" + metadata
                            + "\", scope=\"mcp\", error=\"invalid_token\"");
            assertThat(JSON.readTree(refused.body()).path("id").asInt()).isEqualTo(7);
        }
        assertThat(toolCalls()).as("nothing refused reached the upstream").isEmpty();

        HttpResponse<String> served = post(endpoint, ECHO, valid);
        assertThat(served.statusCode()).as(served.body()).isEqualTo(200);
    }

    @Test
    void theProtectedResourceMetadataNamesTheRouteAndTheIssuer() throws Exception {
        URI endpoint = gateway.endpoint("legacy");
        for (String path : List.of("/.well-known/oauth-protected-resource/legacy",
                "/.well-known/oauth-protected-resource")) {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(endpoint.resolve(path)).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(path).isEqualTo(200);
            JsonNode document = JSON.readTree(response.body());
            assertThat(document.path("resource").asText()).isEqualTo(endpoint.toString());
            assertThat(document.path("authorization_servers").get(0).asText()).isEqualTo(OAUTH.peer().issuer());
            assertThat(document.path("scopes_supported").get(0).asText()).isEqualTo("mcp");
        }
    }

    @Test
    void twoPrincipalsGetTwoUpstreamSessionsAndTheirTokensNeverReachTheUpstream() throws Exception {
        URI endpoint = gateway.endpoint("legacy");
        String alice = OAUTH.peer().userToken("alice", "mcp", endpoint);
        String bob = OAUTH.peer().userToken("bob", "mcp", endpoint);

        for (String token : List.of(alice, bob, alice, bob)) {
            HttpResponse<String> answer = post(endpoint, ECHO, token);
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        }

        assertThat(legacy.initializeCount()).as("one pooled session per principal").isEqualTo(2);
        List<String> sessions = toolCalls().stream()
                .map(r -> r.headers().first("Mcp-Session-Id").orElse("(none)")).toList();
        assertThat(sessions.get(0)).isEqualTo(sessions.get(2)).isNotEqualTo(sessions.get(1));
        assertThat(sessions.get(1)).isEqualTo(sessions.get(3));
        for (RecordedRequest seen : legacy.requests()) {
            assertThat(seen.headers().contains("Authorization")).as(seen.toString()).isFalse();
            assertThat(seen.bodyText()).doesNotContain(alice).doesNotContain(bob);
        }
    }

    @Test
    void aToolThePolicyGuardsIs403WithTheScopesItNeedsUntilTheTokenHasThem() throws Exception {
        URI endpoint = gateway.endpoint("legacy");
        ModernRequest add = ModernRequest.toolCall(9, "add", "{\"a\":1,\"b\":2}");

        HttpResponse<String> refused = post(endpoint, add, OAUTH.peer().userToken("alice", "mcp", endpoint));
        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(refused.headers().firstValue("WWW-Authenticate").orElseThrow()).startsWith(
                "Bearer error=\"insufficient_scope\", scope=\"mcp math\", resource_metadata=\"");
        assertThat(JSON.readTree(refused.body()).path("id").asInt()).isEqualTo(9);
        assertThat(toolCalls()).isEmpty();

        HttpResponse<String> served = post(endpoint, add, OAUTH.peer().userToken("alice", "mcp math", endpoint));
        assertThat(served.statusCode()).as(served.body()).isEqualTo(200);
    }

    @Test
    void aToolWhosePolicyNeedsAClaimIs403WithoutItKeepingTheIdAndServedWithIt() throws Exception {
        URI endpoint = gateway.endpoint("legacy");
        ModernRequest slow = ModernRequest.toolCall(12, "slow", "{\"ms\":1,\"steps\":0}");

        HttpResponse<String> refused = post(endpoint, slow,
                OAUTH.peer().userToken("alice", "mcp", endpoint, List.of("sales")));
        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(refused.headers().firstValue("WWW-Authenticate")).as("no scope would help").isEmpty();
        JsonNode error = JSON.readTree(refused.body());
        assertThat(error.path("id").asInt()).isEqualTo(12);
        assertThat(error.path("error").path("code").asInt()).isEqualTo(-32600);
        assertThat(error.path("error").path("data").path("claim").asText()).isEqualTo("groups");
        assertThat(toolCalls()).isEmpty();

        HttpResponse<String> served = post(endpoint, slow,
                OAUTH.peer().userToken("alice", "mcp", endpoint, List.of("sales", "ops")));
        assertThat(served.statusCode()).as(served.body()).isEqualTo(200);
        assertThat(toolCalls()).hasSize(1);
    }

    @Test
    void whileTheIssuersKeysCannotBeFetchedATokenIsA503WithRetryAfterKeepingTheId() throws Exception {
        int closedPort;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = probe.getLocalPort();
        }
        try (BridgeGateway unreachable = BridgeGateway.builder().upstream("legacy", legacy.uri(), EraSetting.LEGACY)
                .identity(AuthConfig.of("http://127.0.0.1:" + closedPort, List.of(), List.of("mcp")), List.of(),
                        new RateLimitsConfig("memory", 1000, List.of()))
                .start()) {
            URI endpoint = unreachable.endpoint("legacy");
            // A well-formed token of another issuer's keys: only the keys can tell, and they cannot be had.
            String token = OAUTH.peer().userToken("alice", "mcp", endpoint);

            HttpResponse<String> answer = post(endpoint, ModernRequest.toolCall(13, "echo",
                    "{\"message\":\"hi\"}"), token);

            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(503);
            assertThat(answer.headers().firstValue("Retry-After")).hasValue("5");
            JsonNode error = JSON.readTree(answer.body());
            assertThat(error.path("id").asInt()).isEqualTo(13);
            assertThat(error.path("error").path("code").asInt()).isEqualTo(-32603);
            assertThat(error.path("error").path("message").asText()).contains("signing keys")
                    .doesNotContain(token).doesNotContain(Integer.toString(closedPort));
            assertThat(toolCalls()).isEmpty();
        }
    }

    @Test
    void aToolThePrincipalMayNotCallIsLeftOutOfItsToolsList() throws Exception {
        URI endpoint = gateway.endpoint("legacy");
        ModernRequest list = ModernRequest.of(4, "tools/list");

        JsonNode without = JSON.readTree(post(endpoint, list, OAUTH.peer().userToken("alice", "mcp", endpoint)).body());
        JsonNode with = JSON.readTree(post(endpoint, list, OAUTH.peer().userToken("alice", "mcp math", endpoint))
                .body());

        assertThat(names(without)).contains("echo").doesNotContain("add");
        assertThat(names(with)).as("the same session's cached list, cut by the token's scopes").contains("echo", "add");
    }

    private static List<String> names(JsonNode listAnswer) {
        List<String> names = new ArrayList<>();
        listAnswer.path("result").path("tools").forEach(tool -> names.add(tool.path("name").asText()));
        return names;
    }

    @Test
    void onePrincipalOverItsLimitGets429WhileAnotherIsServed() throws Exception {
        URI endpoint = gateway.endpoint("legacy");
        ModernRequest counter = ModernRequest.toolCall(3, "counter", "{}");
        String alice = OAUTH.peer().userToken("alice", "mcp", endpoint);
        String bob = OAUTH.peer().userToken("bob", "mcp", endpoint);

        assertThat(post(endpoint, counter, alice).statusCode()).isEqualTo(200);
        assertThat(post(endpoint, counter, alice).statusCode()).isEqualTo(200);
        HttpResponse<String> limited = post(endpoint, counter, alice);
        HttpResponse<String> other = post(endpoint, counter, bob);

        assertThat(limited.statusCode()).isEqualTo(429);
        assertThat(Long.parseLong(limited.headers().firstValue("Retry-After").orElseThrow())).isPositive();
        JsonNode error = JSON.readTree(limited.body()).path("error");
        assertThat(error.path("data").path("retryAfterSeconds").asLong()).isPositive();
        assertThat(error.path("data").path("limit").path("key").asText()).isEqualTo("principal");
        assertThat(other.statusCode()).as(other.body()).isEqualTo(200);
        assertThat(legacy.counterValue()).as("the refused call never went upstream").isEqualTo(3);
    }

    @Test
    void theSdkClientWithABearerTokenWorksThroughTheBridge() throws Exception {
        URI endpoint = gateway.endpoint("legacy");
        String token = OAUTH.peer().userToken("carol", "mcp", endpoint);

        NodePeers.Result result = PEERS.run(Duration.ofSeconds(60), Map.of("BEARER_TOKEN", token),
                "modern-client.mjs", endpoint.toString(), "modern", "echo", "{\"message\":\"hi\"}");
        NodePeers.Result without = PEERS.run(Duration.ofSeconds(60), Map.of(), "modern-client.mjs",
                endpoint.toString(), "modern", "echo", "{\"message\":\"hi\"}");

        assertThat(result.exitCode()).as(result.stdout() + result.stderr()).isZero();
        JsonNode line = JSON.readTree(result.lastStdoutLine());
        assertThat(line.at("/result/content/0/text").asText()).contains("hi");
        assertThat(without.exitCode()).as("without a token the client is refused").isEqualTo(1);
    }

    private static final ModernRequest ECHO = ModernRequest.toolCall(7, "echo", "{\"message\":\"hi\"}");

    private List<RecordedRequest> toolCalls() {
        return legacy.requests().stream().filter(r -> "tools/call".equals(r.rpcMethod())).toList();
    }

    static HttpResponse<String> post(URI endpoint, ModernRequest request, String token)
            throws IOException, InterruptedException {
        HttpRequest.Builder builder = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(20))
                .POST(HttpRequest.BodyPublishers.ofString(request.bodyText()));
        request.headers().forEach(builder::header);
        if (token != null) {
            builder.header("Authorization", "Bearer " + token);
        }
        return HTTP.send(builder.build(), HttpResponse.BodyHandlers.ofString());
    }
}
