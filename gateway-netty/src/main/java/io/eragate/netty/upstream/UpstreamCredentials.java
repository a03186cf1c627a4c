package io.eragate.netty.upstream;

import io.eragate.core.config.UpstreamConfig;
import io.eragate.core.security.SecretTemplate;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The gateway's own credentials for one upstream: static headers (secrets resolved once at start-up) and, with
 * {@code oauth}, a client-credentials bearer token kept fresh by {@link ClientCredentialsTokens}. The client's token is
 * never among them (no token passthrough). Values are never logged.
 */
public final class UpstreamCredentials {

    /** No credentials. */
    public static final UpstreamCredentials NONE = new UpstreamCredentials(Map.of(), null);

    private final Map<String, String> headers;
    private final ClientCredentialsTokens tokens;

    private UpstreamCredentials(Map<String, String> headers, ClientCredentialsTokens tokens) {
        this.headers = headers;
        this.tokens = tokens;
    }

    /**
     * The credentials {@code upstream} configures, with every {@code ${env:...}} and {@code ${file:...}} resolved.
     *
     * @throws IllegalArgumentException naming the upstream, the key and the reference that cannot be resolved
     */
    public static UpstreamCredentials of(UpstreamConfig upstream) {
        if (upstream.headers().isEmpty() && upstream.oauth() == null) {
            return NONE;
        }
        Map<String, String> resolved = new LinkedHashMap<>();
        upstream.headers().forEach((name, template) -> {
            try {
                resolved.put(name, SecretTemplate.resolve(template, System::getenv, SecretTemplate::readFile));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("upstream " + upstream.name() + ": header " + name + ": "
                        + e.getMessage(), e);
            }
        });
        ClientCredentialsTokens tokens = upstream.oauth() == null ? null
                : ClientCredentialsTokens.start(upstream.name(), upstream.oauth());
        return new UpstreamCredentials(Map.copyOf(resolved), tokens);
    }

    /** Whether there is nothing to add. */
    public boolean isEmpty() {
        return headers.isEmpty() && tokens == null;
    }

    /**
     * Adds the credentials to the headers of a request about to go upstream; completes at once unless the first
     * client-credentials token is still being fetched.
     */
    CompletableFuture<Void> addTo(HttpHeaders target) {
        headers.forEach(target::set);
        if (tokens == null) {
            return CompletableFuture.completedFuture(null);
        }
        return tokens.current().thenAccept(token -> target.set("Authorization", "Bearer " + token));
    }

    /** Stops refreshing tokens. */
    public void close() {
        if (tokens != null) {
            tokens.close();
        }
    }

    @Override
    public String toString() {
        return "UpstreamCredentials[headers=" + headers.keySet() + ", oauth=" + (tokens != null) + "]";
    }
}
