package io.eragate.core.auth;

import io.eragate.core.config.AuthConfig;
import io.eragate.core.config.MatchConfig;
import io.eragate.core.config.PolicyConfig;
import io.eragate.core.config.RateLimitRuleConfig;
import io.eragate.core.config.RouteConfig;
import io.eragate.core.ratelimit.RateLimitRule;
import io.eragate.core.route.NameGlob;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The decision objects of the validated {@code auth}, {@code policies} and {@code rateLimits} keys. */
public final class IdentityRules {

    private IdentityRules() {
    }

    /** The policy decision: {@code auth.scopes} for every request, then the rules in order. */
    public static Policies policies(AuthConfig auth, List<PolicyConfig> policies) {
        return policies(auth, policies, List.of());
    }

    /**
     * The policy decision: {@code auth.scopes} for every request, {@code routes[].scopes} for every request on that
     * route, then the rules in order.
     */
    public static Policies policies(AuthConfig auth, List<PolicyConfig> policies, List<RouteConfig> routes) {
        Map<String, List<String>> routeScopes = new LinkedHashMap<>();
        routes.forEach(route -> routeScopes.put(route.path(), route.scopes()));
        return new Policies(auth.scopes(), policies.stream()
                .map(policy -> new PolicyRule(NameGlob.of(policy.match().method()), glob(policy.match().name()),
                        policy.scopes(), policy.claims()))
                .toList(), routeScopes);
    }

    /** The rate-limit rules, in order. */
    public static List<RateLimitRule> rateLimits(List<RateLimitRuleConfig> rules) {
        return rules.stream().map(IdentityRules::rateLimit).toList();
    }

    private static RateLimitRule rateLimit(RateLimitRuleConfig rule) {
        RateLimitRule.KeyKind key = null;
        for (RateLimitRule.KeyKind kind : RateLimitRule.KeyKind.values()) {
            if (kind.yaml().equals(rule.key())) {
                key = kind;
            }
        }
        if (key == null) {
            throw new IllegalArgumentException("unknown rate-limit key " + rule.key());
        }
        MatchConfig match = rule.match();
        return new RateLimitRule(key, glob(match.method()), glob(match.name()), rule.requests(), rule.per());
    }

    private static NameGlob glob(String pattern) {
        return pattern == null ? null : NameGlob.of(pattern);
    }
}
