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
 */
public record IntrospectionConfig(URI endpoint, String clientId, String clientSecret, long maxCachedTokens) {

    public IntrospectionConfig {
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(clientId, "clientId");
        Objects.requireNonNull(clientSecret, "clientSecret");
    }

    /** The secret must not show up in logs or dumps of the configuration. */
    @Override
    public String toString() {
        return "IntrospectionConfig[endpoint=" + endpoint + ", clientId=" + clientId + ", clientSecret=(hidden),"
                + " maxCachedTokens=" + maxCachedTokens + "]";
    }
}
