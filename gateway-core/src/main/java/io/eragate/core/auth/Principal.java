package io.eragate.core.auth;

import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Who sent a request: the issuer and subject of a validated token, with the scopes and claims it grants. Everything
 * the gateway keeps per user (pooled upstream sessions, list caches, pending input rounds, {@code requestState},
 * sealed session ids, listen streams, rate-limit buckets) is keyed by {@link #id()}.
 *
 * @param issuer the token's {@code iss}; empty for {@link #ANONYMOUS}
 * @param subject the token's {@code sub}; {@code anonymous} for {@link #ANONYMOUS}
 * @param scopes the scopes the token grants
 * @param claims every claim of the token, for policies that match on claims
 */
public record Principal(String issuer, String subject, Set<String> scopes, Map<String, Object> claims) {

    /** The principal of every request when authentication is off. */
    public static final Principal ANONYMOUS = new Principal("", "anonymous", Set.of(), Map.of());

    public Principal {
        Objects.requireNonNull(issuer, "issuer");
        Objects.requireNonNull(subject, "subject");
        scopes = Set.copyOf(scopes);
        claims = Map.copyOf(claims);
    }

    /**
     * The key of everything per user: {@code anonymous} without authentication, else {@code iss#sub}. An issuer is
     * an {@code https} URL without a fragment, so the first {@code #} separates the two unambiguously.
     */
    public String id() {
        return issuer.isEmpty() ? subject : issuer + "#" + subject;
    }

    /** Whether this is the principal of unauthenticated traffic. */
    public boolean isAnonymous() {
        return issuer.isEmpty();
    }

    @Override
    public String toString() {
        return "Principal[" + id() + "]";
    }
}
