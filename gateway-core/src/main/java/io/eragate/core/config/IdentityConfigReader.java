package io.eragate.core.config;

import io.eragate.core.route.NameGlob;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** Reads the {@code auth}, {@code policies} and {@code rateLimits} sections. */
final class IdentityConfigReader {

    private static final String URL_RULE = "must be an absolute https URL (http only for a loopback host), without"
            + " a query or fragment";
    private static final String SCOPE_RULE = "must be a scope token (printable characters, no spaces or quotes)";
    private static final String GLOB_RULE = "must be a non-empty glob";
    private static final List<String> KEY_KINDS = List.of("principal", "principal+tool", "route", "global");

    private IdentityConfigReader() {
    }

    static AuthConfig auth(ConfigMapping section) {
        String issuer = section.requiredText("issuer");
        if (issuer != null && !isIssuerUrl(issuer)) {
            section.problem("issuer", URL_RULE + ", got " + ConfigMapping.quote(issuer));
        }
        List<String> audience = section.textOrTextList("audience", IdentityConfigReader::isAbsoluteUrl,
                "must be an absolute URL (the resource identifier tokens are issued for)");
        List<String> scopes = section.textList("scopes", IdentityConfigReader::isScope, SCOPE_RULE);
        return new AuthConfig(issuer == null ? "" : issuer, audience == null ? List.of() : audience,
                scopes == null ? List.of() : scopes,
                section.duration("clockSkew", Duration.ofSeconds(30), Duration.ZERO, Duration.ofMinutes(10)),
                section.duration("jwksMinRefreshInterval", Duration.ofSeconds(30), Duration.ofSeconds(1),
                        Duration.ofHours(1)),
                section.duration("jwksMaxAge", Duration.ofHours(1), Duration.ofMinutes(1), Duration.ofDays(7)),
                section.bool("trustForwardedProto", false),
                section.has("introspection") ? section.mapping("introspection", IdentityConfigReader::introspection)
                        : null);
    }

    private static IntrospectionConfig introspection(ConfigMapping section) {
        String endpoint = section.requiredText("endpoint");
        if (endpoint != null && !isIssuerUrl(endpoint)) {
            section.problem("endpoint", URL_RULE + ", got " + ConfigMapping.quote(endpoint));
            endpoint = null;
        }
        String clientId = UpstreamCredentialsReader.secretText(section, "clientId");
        String clientSecret = UpstreamCredentialsReader.secretText(section, "clientSecret");
        long maxCachedTokens = section.integer("maxCachedTokens", 10_000, 1, 1_000_000);
        int maxInFlight = section.integer("maxInFlight", IntrospectionConfig.DEFAULT_MAX_IN_FLIGHT, 1, 10_000);
        if (endpoint == null || clientId == null || clientSecret == null) {
            return null;
        }
        return new IntrospectionConfig(URI.create(endpoint), clientId, clientSecret, maxCachedTokens, maxInFlight);
    }

    /** A route's own {@code scopes} (empty when absent); they need {@code auth}, checked by {@link #routeScopes}. */
    static List<String> scopes(ConfigMapping route) {
        List<String> scopes = route.textList("scopes", IdentityConfigReader::isScope, SCOPE_RULE);
        return scopes == null ? List.of() : scopes;
    }

    /** Route scopes decide on tokens, so they need {@code auth}. */
    static void routeScopes(ConfigMapping root, List<RouteConfig> routes, boolean authOn) {
        for (int index = 0; index < routes.size(); index++) {
            RouteConfig route = routes.get(index);
            if (!authOn && route != null && !route.scopes().isEmpty()) {
                root.problemAt("routes", index, "scopes need the auth section: they are checked against the token");
            }
        }
    }

    /** The {@code policies} list; policies decide on tokens, so they need {@code auth}. */
    static List<PolicyConfig> policies(ConfigMapping root, boolean authOn) {
        List<PolicyConfig> policies = root.list("policies", null, IdentityConfigReader::policy);
        if (!authOn && !policies.isEmpty()) {
            root.problem("policies", "needs the auth section: policies decide on the token's scopes and claims");
        }
        return policies;
    }

    private static PolicyConfig policy(ConfigMapping entry) {
        boolean hasMatch = entry.has("match");
        MatchConfig match = entry.mapping("match", section -> match(section, true));
        List<String> scopes = entry.textList("scopes", IdentityConfigReader::isScope, SCOPE_RULE);
        Map<String, String> claims = entry.textMap("claims", name -> !name.isEmpty(), "must be a claim name");
        if (!hasMatch) {
            entry.problem("match", "is required, like {method: tools/call, name: \"delete_*\"}");
            return null;
        }
        if ((scopes == null || scopes.isEmpty()) && (claims == null || claims.isEmpty())) {
            entry.problem("scopes", "a policy needs scopes or claims (else it would allow what no rule refuses)");
            return null;
        }
        return match.method() == null ? null : new PolicyConfig(match, scopes == null ? List.of() : scopes,
                claims == null ? Map.of() : claims);
    }

    private static MatchConfig match(ConfigMapping section, boolean methodRequired) {
        String method = methodRequired ? section.requiredText("method")
                : section.text("method", null, text -> !text.isEmpty(), GLOB_RULE);
        if (method != null && method.isEmpty()) {
            section.problem("method", GLOB_RULE);
            method = null;
        }
        String name = section.text("name", null, text -> !text.isEmpty(), GLOB_RULE);
        // The same glob syntax as route rules: a pattern that does not compile is named here, not at start-up.
        return new MatchConfig(compiles(section, "method", method), compiles(section, "name", name));
    }

    private static String compiles(ConfigMapping section, String key, String glob) {
        if (glob == null || glob.isEmpty()) {
            return glob;
        }
        try {
            NameGlob.of(glob);
            return glob;
        } catch (IllegalArgumentException e) {
            section.problem(key, e.getMessage());
            return null;
        }
    }

    static RateLimitsConfig rateLimits(ConfigMapping section) {
        String store = section.text("store", RateLimitsConfig.MEMORY, IdentityConfigReader::isStore,
                "must be memory or a redis://host:port URL");
        long maxKeys = section.integer("maxKeys", 100_000, 1, 10_000_000);
        List<RateLimitRuleConfig> rules = section.list("rules", null, IdentityConfigReader::rateLimitRule);
        return new RateLimitsConfig(store, maxKeys, rules);
    }

    private static RateLimitRuleConfig rateLimitRule(ConfigMapping entry) {
        String key = entry.requiredText("key");
        if (key != null && !KEY_KINDS.contains(key)) {
            entry.problem("key", "must be one of " + String.join(", ", KEY_KINDS) + ", got "
                    + ConfigMapping.quote(key));
            key = null;
        }
        MatchConfig match = entry.mapping("match", section -> match(section, false));
        boolean hasRequests = entry.has("requests");
        int requests = entry.integer("requests", 0, 1, 1_000_000_000);
        boolean hasPer = entry.has("per");
        Duration per = entry.duration("per", Duration.ZERO, Duration.ofMillis(1), Duration.ofDays(1));
        if (!hasRequests) {
            entry.problem("requests", "is required");
        }
        if (!hasPer) {
            entry.problem("per", "is required, like 1m");
        }
        if (key == null || requests < 1 || per.isZero()) {
            return null;
        }
        return new RateLimitRuleConfig(key, match, requests, per);
    }

    private static boolean isStore(String text) {
        if (RateLimitsConfig.MEMORY.equals(text)) {
            return true;
        }
        URI uri = Addresses.parseUri(text);
        return uri != null && ("redis".equals(uri.getScheme()) || "rediss".equals(uri.getScheme()))
                && uri.getHost() != null;
    }

    private static boolean isIssuerUrl(String text) {
        URI uri = Addresses.parseUri(text);
        if (uri == null || uri.getHost() == null || uri.getRawFragment() != null || uri.getRawQuery() != null) {
            return false;
        }
        return "https".equals(uri.getScheme()) || "http".equals(uri.getScheme()) && Addresses.isLoopback(uri.getHost());
    }

    private static boolean isAbsoluteUrl(String text) {
        URI uri = Addresses.parseUri(text);
        return uri != null && uri.isAbsolute() && uri.getRawFragment() == null;
    }

    private static boolean isScope(String text) {
        if (text.isEmpty()) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c <= 0x20 || c == '"' || c == '\\' || c >= 0x7f) {
                return false;
            }
        }
        return true;
    }
}
