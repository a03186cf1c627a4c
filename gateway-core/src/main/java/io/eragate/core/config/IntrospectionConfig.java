package io.eragate.core.config;

import java.net.URI;
import java.util.Objects;

/**
 * {@code auth.introspection}: opaque (non-JWT) access tokens are checked at the authorization server's RFC 7662
 * introspection endpoint, authenticating as a client, and an active answer is cached until the token expires.
 *
 * @param endpoint the introspection endpoint
 * @param clientId the gateway's client id there (may hold {@code ${env:...}}/{@code ${file:...}})
 * @param clientSecret the client secret (may hold {@code ${env:...}}/{@code ${file:...}}; never logged)
 * @param maxCachedTokens active answers kept at most (default 10000; the least recently used go first)
 * @param maxInFlight introspection calls running at once at most (default 32): concurrent requests with one token
 *     share one call, and a request whose token would need one more is answered 503 with {@code Retry-After}
 */
public record IntrospectionConfig(URI endpoint, String clientId, String clientSecret, long maxCachedTokens,
        int maxInFlight) {

    /** The default of {@code maxInFlight}. */
    public static final int DEFAULT_MAX_IN_FLIGHT = 32;

    public IntrospectionConfig {
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(clientId, "clientId");
        Objects.requireNonNull(clientSecret, "clientSecret");
    }

    /** These settings with {@code maxInFlight} at its default. */
    public IntrospectionConfig(URI endpoint, String clientId, String clientSecret, long maxCachedTokens) {
        this(endpoint, clientId, clientSecret, maxCachedTokens, DEFAULT_MAX_IN_FLIGHT);
    }

    /** The secret must not show up in logs or dumps of the configuration. */
    @Override
    public String toString() {
        return "IntrospectionConfig[endpoint=" + endpoint + ", clientId=" + clientId + ", clientSecret=(hidden),"
                + " maxCachedTokens=" + maxCachedTokens + ", maxInFlight=" + maxInFlight + "]";
    }
}
