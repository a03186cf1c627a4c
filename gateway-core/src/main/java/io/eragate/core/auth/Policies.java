package io.eragate.core.auth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.mcp.Methods;
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

    /** The lists a policy cuts, by method. */
    private static final Map<String, Listed> LISTED = Map.of(
            Methods.TOOLS_LIST, new Listed("tools", "name", Methods.TOOLS_CALL),
            Methods.PROMPTS_LIST, new Listed("prompts", "name", Methods.PROMPTS_GET),
            Methods.RESOURCES_LIST, new Listed("resources", "uri", Methods.RESOURCES_READ));

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
     * Whether the answer to list {@code method} may hold items a principal may not use: only when some rule is about
     * the operation that uses them (a rule on {@code tools/call} for {@code tools/list}). Without one, the list
     * passes as the upstream sent it.
     */
    public boolean mayCut(String method) {
        Listed listed = LISTED.get(method);
        return listed != null && rules.stream().anyMatch(rule -> rule.method().matches(listed.operation()));
    }

    /**
     * A {@code tools/list} result without the tools {@code principal} may not call, so that clients do not offer
     * what they cannot use; the result itself when nothing is left out.
     */
    public ObjectNode withoutDeniedTools(Principal principal, ObjectNode toolsListResult) {
        return withoutDenied(principal, toolsListResult, LISTED.get(Methods.TOOLS_LIST));
    }

    /**
     * The result of list {@code method} as {@code principal} may see it: {@code tools/list} without the tools it may
     * not call, {@code prompts/list} without the prompts it may not get, {@code resources/list} without the resources
     * it may not read; any other result, or any result when {@code policies} is null (authentication off), as it is.
     */
    public static ObjectNode visible(Policies policies, Principal principal, String method, ObjectNode result) {
        Listed listed = LISTED.get(method);
        return policies == null || listed == null || result == null ? result
                : policies.withoutDenied(principal, result, listed);
    }

    private ObjectNode withoutDenied(Principal principal, ObjectNode result, Listed listed) {
        JsonNode items = result.get(listed.array());
        if (items == null || !items.isArray()) {
            return result;
        }
        ArrayNode kept = result.arrayNode();
        for (JsonNode item : items) {
            String name = item.path(listed.key()).asText(null);
            if (name == null || decide(principal, listed.operation(), name) == Decision.ALLOWED) {
                kept.add(item);
            }
        }
        if (kept.size() == items.size()) {
            return result;
        }
        ObjectNode filtered = result.deepCopy();
        filtered.set(listed.array(), kept);
        return filtered;
    }

    /** What a list answer holds: its array, the member naming each item, and the operation that uses an item. */
    private record Listed(String array, String key, String operation) {
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
