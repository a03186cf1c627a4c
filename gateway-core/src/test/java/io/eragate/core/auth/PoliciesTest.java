package io.eragate.core.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.route.NameGlob;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PoliciesTest {
    private static final Policies POLICIES = new Policies(List.of("mcp"), List.of(
            new PolicyRule(NameGlob.of("tools/call"), NameGlob.of("delete_*"), List.of("admin"), Map.of()),
            new PolicyRule(NameGlob.of("tools/call"), NameGlob.of("deploy"), List.of(), Map.of("groups", "ops")),
            new PolicyRule(NameGlob.of("tools/call"), NameGlob.of("files_write"), List.of("files:write"), Map.of())));

    @Test
    void aRuleAddsItsScopesAndTheRefusalNamesEveryScopeTheOperationNeedsAndNothingElse() {
        Principal alice = principal(Set.of("mcp", "tools:read"), Map.of());

        assertThat(POLICIES.decide(alice, "tools/call", "delete_user"))
                .isEqualTo(new Policies.Decision.InsufficientScope(List.of("mcp", "admin")));
        assertThat(POLICIES.decide(alice, "tools/call", "echo")).isEqualTo(Policies.Decision.ALLOWED);
    }

    @Test
    void everyRequestNeedsTheBaseScopes() {
        assertThat(POLICIES.decide(principal(Set.of("admin"), Map.of()), "tools/list", null))
                .isEqualTo(new Policies.Decision.InsufficientScope(List.of("mcp")));
    }

    @Test
    void firstMatchWinsAndNoMatchAllows() {
        Policies policies = new Policies(List.of(), List.of(
                new PolicyRule(NameGlob.of("tools/*"), null, List.of("tools"), Map.of()),
                new PolicyRule(NameGlob.of("tools/call"), NameGlob.of("*"), List.of("never"), Map.of())));
        Principal holder = principal(Set.of("tools"), Map.of());

        assertThat(policies.decide(holder, "tools/call", "x")).isEqualTo(Policies.Decision.ALLOWED);
        assertThat(policies.decide(principal(Set.of(), Map.of()), "prompts/get", "p"))
                .isEqualTo(Policies.Decision.ALLOWED);
    }

    @Test
    void aBroaderScopeCoversANarrowerOne() {
        assertThat(POLICIES.decide(principal(Set.of("mcp", "files"), Map.of()), "tools/call", "files_write"))
                .isEqualTo(Policies.Decision.ALLOWED);
        assertThat(POLICIES.decide(principal(Set.of("mcp", "files:read"), Map.of()), "tools/call", "files_write"))
                .isInstanceOf(Policies.Decision.InsufficientScope.class);
        assertThat(Scopes.covers("files", "files:write:all")).isTrue();
        assertThat(Scopes.covers("files:write", "files")).isFalse();
        assertThat(Scopes.covers("files", "filesystem")).isFalse();
    }

    @Test
    void claimsMatchAStringOrAListMember() {
        assertThat(POLICIES.decide(principal(Set.of("mcp"), Map.of("groups", List.of("dev", "ops"))),
                "tools/call", "deploy")).isEqualTo(Policies.Decision.ALLOWED);
        assertThat(POLICIES.decide(principal(Set.of("mcp"), Map.of("groups", "ops")), "tools/call", "deploy"))
                .isEqualTo(Policies.Decision.ALLOWED);
        assertThat(POLICIES.decide(principal(Set.of("mcp"), Map.of("groups", List.of("dev"))), "tools/call",
                "deploy")).isEqualTo(new Policies.Decision.ClaimRefused("groups"));
    }

    @Test
    void deniedToolsAreLeftOutOfTheCallableList() {
        assertThat(POLICIES.callableTools(principal(Set.of("mcp"), Map.of()),
                List.of("echo", "delete_user", "deploy", "files_write"))).containsExactly("echo");
    }

    @Test
    void aToolsListLeavesOutWhatThePrincipalMayNotCall() throws Exception {
        ObjectNode result = (ObjectNode) new ObjectMapper().readTree("{\"tools\":[{\"name\":\"echo\"},"
                + "{\"name\":\"delete_user\"},{\"name\":\"deploy\"}],\"ttlMs\":0}");

        ObjectNode seen = POLICIES.withoutDeniedTools(principal(Set.of("mcp", "admin"), Map.of()), result);

        assertThat(seen.toString())
                .isEqualTo("{\"tools\":[{\"name\":\"echo\"},{\"name\":\"delete_user\"}],\"ttlMs\":0}");
        assertThat(result.path("tools").size()).as("the input is left as it was").isEqualTo(3);
    }

    @Test
    void promptAndResourceListsLeaveOutWhatThePrincipalMayNotGetOrRead() throws Exception {
        Policies policies = new Policies(List.of(), List.of(
                new PolicyRule(NameGlob.of("prompts/get"), NameGlob.of("secret_*"), List.of("hr"), Map.of()),
                new PolicyRule(NameGlob.of("resources/read"), NameGlob.of("file:///etc/*"), List.of("ops"),
                        Map.of())));
        ObjectMapper mapper = new ObjectMapper();
        Principal nobody = principal(Set.of(), Map.of());

        ObjectNode prompts = Policies.visible(policies, nobody, "prompts/list", (ObjectNode) mapper.readTree(
                "{\"prompts\":[{\"name\":\"greet\"},{\"name\":\"secret_pay\"}]}"));
        ObjectNode resources = Policies.visible(policies, nobody, "resources/list", (ObjectNode) mapper.readTree(
                "{\"resources\":[{\"uri\":\"file:///etc/passwd\"},{\"uri\":\"file:///tmp/a\"}]}"));
        ObjectNode untouched = (ObjectNode) mapper.readTree("{\"tools\":[{\"name\":\"secret_x\"}]}");

        assertThat(prompts.toString()).isEqualTo("{\"prompts\":[{\"name\":\"greet\"}]}");
        assertThat(resources.toString()).isEqualTo("{\"resources\":[{\"uri\":\"file:///tmp/a\"}]}");
        assertThat(Policies.visible(policies, nobody, "tools/list", untouched)).isSameAs(untouched);
        assertThat(Policies.visible(null, nobody, "prompts/list", prompts)).as("authentication off").isSameAs(prompts);
        assertThat(policies.mayCut("prompts/list")).isTrue();
        assertThat(policies.mayCut("tools/list")).as("no rule is about tools/call").isFalse();
        assertThat(policies.mayCut("tools/call")).isFalse();
    }

    @Test
    void insufficientScopeIsA403WithTheChallengeOfTheNeededScopesOnly() {
        var rejection = AuthRejections.insufficientScope(null, List.of("mcp", "admin"), "tools/call delete_user",
                "https://gw.example.com/.well-known/oauth-protected-resource/mcp");

        assertThat(rejection.httpStatus()).isEqualTo(403);
        assertThat(rejection.headers().get("WWW-Authenticate")).startsWith(
                "Bearer error=\"insufficient_scope\", scope=\"mcp admin\", resource_metadata=\"https://gw.example.com/"
                        + ".well-known/oauth-protected-resource/mcp\"");
    }

    @Test
    void aRouteAddsItsOwnScopesToEveryRequestOnIt() {
        Policies policies = new Policies(List.of("mcp"), List.of(), Map.of("/crm", List.of("crm")));
        Principal mcpOnly = principal(Set.of("mcp"), Map.of());

        assertThat(policies.decide(mcpOnly, "/crm", "tools/list", null))
                .isEqualTo(new Policies.Decision.InsufficientScope(List.of("mcp", "crm")));
        assertThat(policies.decide(principal(Set.of("mcp", "crm"), Map.of()), "/crm", "tools/list", null))
                .isEqualTo(Policies.Decision.ALLOWED);
        assertThat(policies.decide(mcpOnly, "/other", "tools/list", null)).isEqualTo(Policies.Decision.ALLOWED);
        assertThat(policies.scopesOf("/crm")).containsExactly("mcp", "crm");
        assertThat(policies.scopesOf("/other")).containsExactly("mcp");
    }

    private static Principal principal(Set<String> scopes, Map<String, Object> claims) {
        return new Principal("https://as.example.com", "alice", scopes, claims);
    }
}
