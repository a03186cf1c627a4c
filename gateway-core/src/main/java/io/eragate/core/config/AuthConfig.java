package io.eragate.core.config;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The {@code auth} section: the gateway as an OAuth 2.1 resource server. Absent means authentication is off (every
 * request is the principal {@code anonymous}).
 *
 * @param issuer the authorization server; its RFC 8414 or OpenID metadata gives the JWKS; tokens must carry it as
 *     {@code iss}
 * @param audience the resource identifiers a token's {@code aud} must name one of; empty (the default) means each
 *     route's public URL ({@code scheme://Host/path} as the client reached it)
 * @param scopes scopes every request needs (default none)
 * @param clockSkew how far {@code exp} and {@code nbf} may be off (default 30s)
 * @param jwksMinRefreshInterval the least time between two fetches of the JWKS, however many unknown key ids arrive
 *     (default 30s)
 * @param jwksMaxAge how long a fetched JWKS is used before it is refreshed in the background (default 1h)
 * @param trustForwardedProto whether the scheme of the public URL may come from {@code Forwarded: proto=} or
 *     {@code X-Forwarded-Proto} (an ingress terminating TLS sets them; default false: only a TLS listener makes it
 *     {@code https})
 * @param introspection where opaque tokens are checked (RFC 7662), or null (the default): every token must be a JWT
 */
public record AuthConfig(String issuer, List<String> audience, List<String> scopes, Duration clockSkew,
        Duration jwksMinRefreshInterval, Duration jwksMaxAge, boolean trustForwardedProto,
        IntrospectionConfig introspection) {

    public AuthConfig {
        Objects.requireNonNull(issuer, "issuer");
        audience = List.copyOf(audience);
        scopes = List.copyOf(scopes);
        Objects.requireNonNull(clockSkew, "clockSkew");
        Objects.requireNonNull(jwksMinRefreshInterval, "jwksMinRefreshInterval");
        Objects.requireNonNull(jwksMaxAge, "jwksMaxAge");
    }

    /** An issuer with every other key at its default. */
    public static AuthConfig of(String issuer, List<String> audience, List<String> scopes) {
        return new AuthConfig(issuer, audience, scopes, Duration.ofSeconds(30), Duration.ofSeconds(30),
                Duration.ofHours(1), false, null);
    }

    /** These settings, trusting (or not) the forwarded scheme. */
    public AuthConfig withTrustForwardedProto(boolean trust) {
        return new AuthConfig(issuer, audience, scopes, clockSkew, jwksMinRefreshInterval, jwksMaxAge, trust,
                introspection);
    }

    /** These settings, checking opaque tokens at {@code newIntrospection} (null: JWTs only). */
    public AuthConfig withIntrospection(IntrospectionConfig newIntrospection) {
        return new AuthConfig(issuer, audience, scopes, clockSkew, jwksMinRefreshInterval, jwksMaxAge,
                trustForwardedProto, newIntrospection);
    }
}
