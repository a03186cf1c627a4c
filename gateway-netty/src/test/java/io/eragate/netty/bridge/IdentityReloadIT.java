package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.core.config.AuthConfig;
import io.eragate.core.config.GatewayConfig;
import io.eragate.core.config.MatchConfig;
import io.eragate.core.config.PolicyConfig;
import io.eragate.core.config.RateLimitRuleConfig;
import io.eragate.core.config.RateLimitsConfig;
import io.eragate.core.config.SecurityConfig;
import io.eragate.core.reload.ReloadReport;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code auth}, {@code policies} and {@code rateLimits} change on a reload, without a restart, for connections
 * already open too: authentication turned on, a policy and a limit added then changed, authentication turned off.
 * And {@code security.secrets} rotates by a reload: a prepended secret seals new session ids while the old ones still
 * open, and a removed secret's ids are 404.
 */
class IdentityReloadIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final OAuthPeer.PerClass OAUTH = new OAuthPeer.PerClass();
    @RegisterExtension
    final GuardedLegacyGateway guarded = new GuardedLegacyGateway(OAUTH);

    @Test
    void authPoliciesAndRateLimitsAreAppliedByAReload() throws Exception {
        BridgeGateway gateway = guarded.start(builder -> builder);
        GatewayConfig open = gateway.config();
        URI endpoint = guarded.endpoint();
        ModernRequest add = ModernRequest.toolCall(9, "add", "{\"a\":1,\"b\":2}");
        ModernRequest list = ModernRequest.of(4, "tools/list");
        assertThat(IdentityIT.post(endpoint, add, null).statusCode()).isEqualTo(200);

        AuthConfig auth = AuthConfig.of(OAUTH.peer().issuer(), List.of(), List.of("mcp"));
        GatewayConfig guarded = open.withIdentity(auth,
                List.of(new PolicyConfig(new MatchConfig("tools/call", "add"), List.of("math"), Map.of())),
                new RateLimitsConfig("memory", 1000, List.of(new RateLimitRuleConfig("principal",
                        new MatchConfig("tools/call", "echo"), 1, Duration.ofHours(1)))));
        ReloadReport on = gateway.server().operations().reload(guarded, "admin");
        assertThat(on.result()).as(on.toString()).isEqualTo(ReloadReport.Result.APPLIED);
        assertThat(on.summary()).isEqualTo("identity");

        String alice = OAUTH.peer().userToken("alice", "mcp", endpoint);
        HttpResponse<String> missing = IdentityIT.post(endpoint, add, null);
        assertThat(missing.statusCode()).as("authentication is on after the reload").isEqualTo(401);
        assertThat(JSON.readTree(missing.body()).path("id").asInt()).isEqualTo(9);
        HttpResponse<String> refused = IdentityIT.post(endpoint, add, alice);
        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(403);
        assertThat(refused.headers().firstValue("WWW-Authenticate").orElseThrow())
                .startsWith("Bearer error=\"insufficient_scope\", scope=\"mcp math\"");
        assertThat(names(IdentityIT.post(endpoint, list, alice))).contains("echo").doesNotContain("add");
        ModernRequest echo = ModernRequest.toolCall(5, "echo", "{\"message\":\"hi\"}");
        assertThat(IdentityIT.post(endpoint, echo, alice).statusCode()).isEqualTo(200);
        assertThat(IdentityIT.post(endpoint, echo, alice).statusCode()).as("the reloaded limit").isEqualTo(429);

        GatewayConfig relaxed = open.withIdentity(auth, List.of(), new RateLimitsConfig("memory", 1000,
                List.of(new RateLimitRuleConfig("principal", new MatchConfig("tools/call", "echo"), 1000,
                        Duration.ofHours(1)))));
        assertThat(gateway.server().operations().reload(relaxed, "admin").result())
                .isEqualTo(ReloadReport.Result.APPLIED);
        HttpResponse<String> allowed = IdentityIT.post(endpoint, add, alice);
        assertThat(allowed.statusCode()).as("the policy is gone: " + allowed.body()).isEqualTo(200);
        assertThat(names(IdentityIT.post(endpoint, list, alice))).contains("echo", "add");
        // Buckets keep their level across a reload; a principal that has not spent its tokens sees the new limit.
        String bob = OAUTH.peer().userToken("bob", "mcp", endpoint);
        assertThat(IdentityIT.post(endpoint, echo, bob).statusCode()).isEqualTo(200);
        assertThat(IdentityIT.post(endpoint, echo, bob).statusCode()).as("the raised limit").isEqualTo(200);

        assertThat(gateway.server().operations().reload(open, "admin").result())
                .isEqualTo(ReloadReport.Result.APPLIED);
        assertThat(IdentityIT.post(endpoint, add, null).statusCode()).as("authentication is off again")
                .isEqualTo(200);
    }

    @Test
    void aRouteNeedsItsOwnScopesBesidesTheBaseOnesAndAReloadChangesThem() throws Exception {
        BridgeGateway gateway = guarded.start(builder -> builder.identity(AuthConfig.of(OAUTH.peer().issuer(),
                List.of(), List.of("mcp")), List.of(), RateLimitsConfig.none()));
        URI endpoint = guarded.endpoint();
        ModernRequest echo = ModernRequest.toolCall(5, "echo", "{\"message\":\"hi\"}");
        String mcpOnly = OAUTH.peer().userToken("alice", "mcp", endpoint);
        assertThat(IdentityIT.post(endpoint, echo, mcpOnly).statusCode()).isEqualTo(200);

        GatewayConfig scoped = gateway.config().withRoutes(gateway.config().routes().stream()
                .map(route -> route.withScopes(List.of("crm"))).toList());
        assertThat(gateway.server().operations().reload(scoped, "admin").result())
                .isEqualTo(ReloadReport.Result.APPLIED);

        HttpResponse<String> refused = IdentityIT.post(endpoint, echo, mcpOnly);
        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(403);
        assertThat(refused.headers().firstValue("WWW-Authenticate").orElseThrow())
                .startsWith("Bearer error=\"insufficient_scope\", scope=\"mcp crm\"");
        assertThat(JSON.readTree(refused.body()).path("id").asInt()).isEqualTo(5);
        HttpResponse<String> missing = IdentityIT.post(endpoint, echo, null);
        assertThat(missing.headers().firstValue("WWW-Authenticate").orElseThrow())
                .endsWith("scope=\"mcp crm\"");
        HttpResponse<String> metadata = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                endpoint.resolve("/.well-known/oauth-protected-resource/legacy")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(JSON.readTree(metadata.body()).path("scopes_supported").toString()).isEqualTo("[\"mcp\",\"crm\"]");
        HttpResponse<String> served = IdentityIT.post(endpoint, echo,
                OAUTH.peer().userToken("alice", "mcp crm", endpoint));
        assertThat(served.statusCode()).as(served.body()).isEqualTo(200);
    }

    @Test
    void secretsRotateByAReloadNewIdsUnderTheNewSecretOldOnesUntilTheirSecretLeaves() throws Exception {
        String oldSecret = "the-old-secret-of-the-fleet-0001";
        String newSecret = "the-new-secret-of-the-fleet-0002";
        BridgeGateway gateway = guarded.start(builder -> builder.secrets(List.of(oldSecret))
                .identity(AuthConfig.of(OAUTH.peer().issuer(), List.of(), List.of("mcp")), List.of(),
                        RateLimitsConfig.none()));
        URI endpoint = guarded.endpoint();
        String alice = OAUTH.peer().userToken("alice", "mcp", endpoint);
        String underOld = PrincipalBindingIT.initialize(endpoint, alice);

        ReloadReport prepended = gateway.server().operations().reload(withSecrets(gateway, newSecret, oldSecret),
                "admin");
        assertThat(prepended.result()).as(prepended.toString()).isEqualTo(ReloadReport.Result.APPLIED);
        String underNew = PrincipalBindingIT.initialize(endpoint, alice);
        HttpResponse<String> oldStillOpens = PrincipalBindingIT.echo(endpoint, underOld, alice);
        assertThat(oldStillOpens.statusCode()).as(oldStillOpens.body()).isEqualTo(200);
        assertThat(PrincipalBindingIT.echo(endpoint, underNew, alice).statusCode()).isEqualTo(200);

        assertThat(gateway.server().operations().reload(withSecrets(gateway, newSecret), "admin").result())
                .isEqualTo(ReloadReport.Result.APPLIED);
        HttpResponse<String> removed = PrincipalBindingIT.echo(endpoint, underOld, alice);
        assertThat(removed.statusCode()).as("its secret left the ring: " + removed.body()).isEqualTo(404);
        assertThat(JSON.readTree(removed.body()).path("id").asInt()).isEqualTo(2);
        HttpResponse<String> sealedUnderNew = PrincipalBindingIT.echo(endpoint, underNew, alice);
        assertThat(sealedUnderNew.statusCode()).as("sealed with the prepended secret: " + sealedUnderNew.body())
                .isEqualTo(200);
    }

    private static GatewayConfig withSecrets(BridgeGateway gateway, String... secrets) {
        SecurityConfig security = gateway.config().security();
        return gateway.config().withSecurity(new SecurityConfig(security.allowedOrigins(), security.allowedHosts(),
                List.of(secrets)));
    }

    private static List<String> names(HttpResponse<String> listAnswer) throws Exception {
        List<String> names = new ArrayList<>();
        JSON.readTree(listAnswer.body()).path("result").path("tools")
                .forEach(tool -> names.add(tool.path("name").asText()));
        return names;
    }
}
