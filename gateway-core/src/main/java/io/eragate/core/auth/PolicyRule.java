package io.eragate.core.auth;

import io.eragate.core.route.NameGlob;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One {@code policies:} entry: the operations it matches (by validated method and, when given, name) and what the
 * principal needs for them: scopes (each covered by a granted scope, hierarchies counted) and claim values.
 *
 * @param method glob over the validated {@code Mcp-Method}
 * @param name glob over the validated {@code Mcp-Name}, or null to match any name (and requests without one)
 * @param scopes scopes the operation needs beyond {@code auth.scopes}
 * @param claims claim name → value the token must carry (a string claim equal to it, or a list claim containing it)
 */
public record PolicyRule(NameGlob method, NameGlob name, List<String> scopes, Map<String, String> claims) {

    public PolicyRule {
        Objects.requireNonNull(method, "method");
        scopes = List.copyOf(scopes);
        claims = Map.copyOf(claims);
    }

    /** Whether this rule is about the operation {@code method}/{@code operationName}. */
    public boolean matches(String requestMethod, String operationName) {
        return method.matches(requestMethod) && (name == null || name.matches(operationName));
    }
}
