package io.eragate.core.config;

import java.net.URI;
import java.util.List;
import java.util.Objects;

/**
 * {@code upstreams[].oauth.tokenExchange}: on behalf of an authenticated client, the gateway exchanges the client's
 * validated bearer token (RFC 8693 token exchange, at {@code oauth.tokenUrl}, authenticating as {@code oauth}'s
 * client) for a token whose audience is this upstream, so that the upstream sees the user without the client's token
 * ever leaving the gateway. Needs the {@code auth} section.
 *
 * @param audience the upstream's audience, sent as {@code audience} (the exchanged token's {@code aud})
 * @param resource the upstream's resource URL (RFC 8707), sent as {@code resource}, or null (default: none)
 * @param scopes scopes asked for the exchanged token (default none: the authorization server decides)
 * @param maxCachedTokens exchanged tokens kept at most, one per principal (default 10000; least recently used go
 *     first)
 */
public record TokenExchangeConfig(String audience, URI resource, List<String> scopes, long maxCachedTokens) {

    /** The default of {@code maxCachedTokens}. */
    public static final long DEFAULT_MAX_CACHED_TOKENS = 10_000;

    public TokenExchangeConfig {
        Objects.requireNonNull(audience, "audience");
        scopes = List.copyOf(scopes);
    }
}
