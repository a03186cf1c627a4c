package io.eragate.core.auth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The per-operation authorization decision: every request needs the scopes of {@code auth.scopes}, and a request on a
 * route with its own {@code scopes} needs those too; the first {@link PolicyRule} that matches the validated method
 * and name adds its scopes and claims (no match: nothing more). Pure and thread-safe.
 */
public final class Policies {

    private final List<String> baseScopes;
    private final List<PolicyRule> rules;
    private final Map<String, List<String>> routeScopes;

    /** The decision over {@code baseScopes} (every request) and {@code rules} (first match wins). */
    public Policies(Collection<String> baseScopes, List<PolicyRule> rules) {
        this(baseScopes, rules, Map.of());
    }

    /**
     * The decision over {@code baseScopes} (every request), {@code routeScopes} (route path → what every request on
     * that route needs besides) and {@code rules} (first match wins).
     */
    public Policies(Collection<String> baseScopes, List<PolicyRule> rules, Map<String, List<String>> routeScopes) {
        this.baseScopes = List.copyOf(baseScopes);
        this.rules = List.copyOf(rules);
        this.routeScopes = Map.copyOf(routeScopes);
    }

    /** The scopes every request needs. */
    public List<String> baseScopes() {
        return baseScopes;
    }

    /** The scopes every request on the route at {@code routePath} needs: {@code auth.scopes}, then the route's own. */
    public List<String> scopesOf(String routePath) {
        List<String> own = routeScopes.getOrDefault(routePath, List.of());
        if (own.isEmpty()) {
            return baseScopes;
        }
        Set<String> all = new LinkedHashSet<>(baseScopes);
        all.addAll(own);
        return List.copyOf(all);
    }

    /** Whether {@code principal} may perform {@code method} on {@code name} (null for methods without a name). */
    public Decision decide(Principal principal, String method, String name) {
        return decide(principal, null, method, name);
    }

    /**
     * Whether {@code principal} may perform {@code method} on {@code name} (null for methods without a name) on the
     * route at {@code routePath} (null: no route's own scopes apply).
     */
    public Decision decide(Principal principal, String routePath, String method, String name) {
        Objects.requireNonNull(principal, "principal");
        Objects.requireNonNull(method, "method");
        Set<String> needed = new LinkedHashSet<>(routePath == null ? baseScopes : scopesOf(routePath));
        Map<String, String> claims = Map.of();
        for (PolicyRule rule : rules) {
            if (rule.matches(method, name)) {
                needed.addAll(rule.scopes());
                claims = rule.claims();
                break;
            }
        }
        if (!Scopes.missing(principal.scopes(), needed).isEmpty()) {
            return new Decision.InsufficientScope(List.copyOf(needed));
        }
        for (Map.Entry<String, String> claim : claims.entrySet()) {
            if (!claimHolds(principal.claims().get(claim.getKey()), claim.getValue())) {
                return new Decision.ClaimRefused(claim.getKey());
            }
        }
        return Decision.ALLOWED;
    }

    /** The names of {@code toolNames} that {@code principal} may call, in their order (for {@code tools/list}). */
    public List<String> callableTools(Principal principal, List<String> toolNames) {
        List<String> callable = new ArrayList<>(toolNames.size());
        for (String tool : toolNames) {
            if (decide(principal, "tools/call", tool) == Decision.ALLOWED) {
                callable.add(tool);
            }
        }
        return callable;
    }

    /**
     * A {@code tools/list} result without the tools {@code principal} may not call, so that clients do not offer
     * what they cannot use; the result itself when nothing is left out.
     */
    public ObjectNode withoutDeniedTools(Principal principal, ObjectNode toolsListResult) {
        JsonNode tools = toolsListResult.get("tools");
        if (tools == null || !tools.isArray()) {
            return toolsListResult;
        }
        ArrayNode kept = toolsListResult.arrayNode();
        for (JsonNode tool : tools) {
            String name = tool.path("name").asText(null);
            if (name == null || decide(principal, "tools/call", name) == Decision.ALLOWED) {
                kept.add(tool);
            }
        }
        if (kept.size() == tools.size()) {
            return toolsListResult;
        }
        ObjectNode filtered = toolsListResult.deepCopy();
        filtered.set("tools", kept);
        return filtered;
    }

    private static boolean claimHolds(Object value, String wanted) {
        if (value instanceof Collection<?> values) {
            return values.stream().anyMatch(item -> wanted.equals(String.valueOf(item)));
        }
        return value != null && wanted.equals(String.valueOf(value));
    }

    /** The answer for one operation. */
    public sealed interface Decision {
        /** Allowed. */
        Decision ALLOWED = new Allowed();

        /** The operation may go ahead. */
        record Allowed() implements Decision {
        }

        /**
         * 403 {@code insufficient_scope}: {@code needed} lists every scope the operation needs (base and rule), and
         * nothing else, so the client asks for them all in one step-up.
         */
        record InsufficientScope(List<String> needed) implements Decision {
        }

        /** 403: the token lacks the value the matching rule wants in claim {@code claim}. */
        record ClaimRefused(String claim) implements Decision {
        }
    }
}
