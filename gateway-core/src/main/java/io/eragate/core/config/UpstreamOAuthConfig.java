package io.eragate.core.config;

import java.net.URI;
import java.util.List;
import java.util.Objects;

/**
 * {@code upstreams[].oauth}: the gateway's own OAuth client credentials for an upstream (RFC 6749 §4.4). The token is
 * fetched at start-up, cached, refreshed before it expires, and sent as {@code Authorization: Bearer}; the client's
 * token never goes upstream. With {@code tokenExchange}, requests made for an authenticated principal carry a token
 * exchanged for that principal instead (RFC 8693), and only the gateway's own requests carry the client-credentials
 * token.
 *
 * @param tokenUrl the authorization server's token endpoint
 * @param clientId the gateway's client id there (may hold {@code ${env:...}}/{@code ${file:...}})
 * @param clientSecret the client secret (may hold {@code ${env:...}}/{@code ${file:...}}; never logged)
 * @param scopes scopes asked for (default none)
 * @param tokenExchange how the client's token is exchanged for this upstream, or null (default: never)
 */
public record UpstreamOAuthConfig(URI tokenUrl, String clientId, String clientSecret, List<String> scopes,
        TokenExchangeConfig tokenExchange) {

    public UpstreamOAuthConfig {
        Objects.requireNonNull(tokenUrl, "tokenUrl");
        Objects.requireNonNull(clientId, "clientId");
        Objects.requireNonNull(clientSecret, "clientSecret");
        scopes = List.copyOf(scopes);
    }

    /** Client credentials without token exchange. */
    public UpstreamOAuthConfig(URI tokenUrl, String clientId, String clientSecret, List<String> scopes) {
        this(tokenUrl, clientId, clientSecret, scopes, null);
    }

    /** The secret must not show up in logs or dumps of the configuration. */
    @Override
    public String toString() {
        return "UpstreamOAuthConfig[tokenUrl=" + tokenUrl + ", clientId=" + clientId + ", clientSecret=(hidden),"
                + " scopes=" + scopes + ", tokenExchange=" + tokenExchange + "]";
    }
}
