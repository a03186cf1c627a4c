package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.config.AuthConfig;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.RateLimitsConfig;
import io.eragate.netty.testing.LegacyFixtureUpstream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What one principal holds, another cannot use: a pending input round's {@code requestState}, and the sealed
 * {@code Mcp-Session-Id} of a legacy session passed through to a legacy upstream (which any replica with the key ring
 * opens, and which a tampered copy never opens).
 */
class PrincipalBindingIT {
    private static final String ALL = "{\"elicitation\":{},\"sampling\":{},\"roots\":{}}";
    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"legacy-client\","
            + "\"version\":\"1.0\"}}}";
    private static final String ECHO = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":"
            + "{\"name\":\"echo\",\"arguments\":{\"message\":\"hi\"}}}";
    private static final List<String> SECRETS = List.of("a-shared-secret-of-the-fleet");
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @RegisterExtension
    static final OAuthPeer.PerClass OAUTH = new OAuthPeer.PerClass();

    @Test
    void anotherPrincipalsRequestStateIsRefusedAndTheOwnerStillResumes() throws Exception {
        try (AskingUpstream upstream = new AskingUpstream();
             BridgeGateway gateway = authenticated().upstream("asking", upstream.uri(), EraSetting.LEGACY).start()) {
            URI endpoint = gateway.endpoint("asking");
            String alice = OAUTH.peer().userToken("alice", "mcp", endpoint);
            String bob = OAUTH.peer().userToken("bob", "mcp", endpoint);
            ModernRequest first = ModernRequest.toolCall(1, "ask", "{\"x\":1}").withCapabilities(ALL);

            JsonNode asked = ModernRequest.parse(IdentityIT.post(endpoint, first, alice).body()).path("result");
            assertThat(asked.path("resultType").asText()).isEqualTo("input_required");
            ModernRequest retry = MrtrIT.retry(first, 2, asked,
                    "{\"elicitation_1\":{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}}");

            HttpResponse<String> stolen = IdentityIT.post(endpoint, retry, bob);
            HttpResponse<String> owned = IdentityIT.post(endpoint, retry, alice);

            assertThat(stolen.statusCode()).as(stolen.body()).isEqualTo(400);
            assertThat(ModernRequest.parse(stolen.body()).path("error").path("message").asText())
                    .contains("another principal");
            assertThat(owned.statusCode()).as(owned.body()).isEqualTo(200);
            assertThat(ModernRequest.parse(owned.body()).path("result").path("content").path(0).path("text")
                    .asText()).contains("Ada");
        }
    }

    @Test
    void aPassedThroughSessionIdIsSealedToItsPrincipalAndOpensOnAnotherReplica() throws Exception {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start();
             BridgeGateway replicaA = authenticated().upstream("legacy", upstream.uri(), EraSetting.LEGACY).start();
             BridgeGateway replicaB = authenticated().upstream("legacy", upstream.uri(), EraSetting.LEGACY)
                     .start()) {
            URI endpointA = replicaA.endpoint("legacy");
            URI endpointB = replicaB.endpoint("legacy");
            String aliceAtA = OAUTH.peer().userToken("alice", "mcp", endpointA);
            String aliceAtB = OAUTH.peer().userToken("alice", "mcp", endpointB);
            String bobAtA = OAUTH.peer().userToken("bob", "mcp", endpointA);

            HttpResponse<String> initialized = send(endpointA, INITIALIZE, null, aliceAtA);
            String sealed = initialized.headers().firstValue("Mcp-Session-Id").orElseThrow();
            int last = sealed.length() - 2;
            String tampered = sealed.substring(0, last) + (sealed.charAt(last) == 'A' ? 'B' : 'A')
                    + sealed.substring(last + 1);

            HttpResponse<String> byOwnerElsewhere = send(endpointB, ECHO, sealed, aliceAtB);
            HttpResponse<String> byAnother = send(endpointA, ECHO, sealed, bobAtA);
            HttpResponse<String> altered = send(endpointA, ECHO, tampered, aliceAtA);

            assertThat(initialized.statusCode()).isEqualTo(200);
            assertThat(byOwnerElsewhere.statusCode()).as(byOwnerElsewhere.body()).isEqualTo(200);
            assertThat(byOwnerElsewhere.body()).contains("Echo: hi");
            assertThat(byAnother.statusCode()).isEqualTo(404);
            assertThat(altered.statusCode()).isEqualTo(404);
            List<String> sessionsSeen = upstream.requests().stream()
                    .filter(r -> "tools/call".equals(r.rpcMethod()))
                    .map(r -> r.headers().first("Mcp-Session-Id").orElse("(none)")).toList();
            assertThat(sessionsSeen).as("only the owner's call went upstream, with the upstream's own id")
                    .hasSize(1).doesNotContain(sealed);
        }
    }

    private static BridgeGateway.Builder authenticated() {
        return BridgeGateway.builder().secrets(SECRETS)
                .identity(AuthConfig.of(OAUTH.peer().issuer(), List.of(), List.of("mcp")), List.of(),
                        RateLimitsConfig.none());
    }

    /** Opens a legacy session passed through at {@code endpoint}; its sealed id. */
    static String initialize(URI endpoint, String token) throws Exception {
        HttpResponse<String> initialized = send(endpoint, INITIALIZE, null, token);
        assertThat(initialized.statusCode()).as(initialized.body()).isEqualTo(200);
        return initialized.headers().firstValue("Mcp-Session-Id").orElseThrow();
    }

    /** Calls {@code echo} (request id 2) in the legacy session {@code sessionId}. */
    static HttpResponse<String> echo(URI endpoint, String sessionId, String token) throws Exception {
        return send(endpoint, ECHO, sessionId, token);
    }

    private static HttpResponse<String> send(URI endpoint, String body, String sessionId, String token)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("Authorization", "Bearer " + token)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (sessionId != null) {
            request.header("Mcp-Session-Id", sessionId).header("MCP-Protocol-Version", "2025-11-25");
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
