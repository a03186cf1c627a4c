package io.eragate.core.config;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One {@code policies} entry (first match wins; no match means allowed, with the {@code auth.scopes} still needed).
 *
 * @param match the operations it is about ({@code method} required)
 * @param scopes the scopes those operations need beyond {@code auth.scopes}
 * @param claims claim values the token must carry (a string claim equal, or a list claim containing the value)
 */
public record PolicyConfig(MatchConfig match, List<String> scopes, Map<String, String> claims) {

    public PolicyConfig {
        Objects.requireNonNull(match, "match");
        scopes = List.copyOf(scopes);
        claims = Map.copyOf(claims);
    }
}
