package io.eragate.netty.upstream;

import io.eragate.core.auth.SubjectTokens;
import io.eragate.core.auth.TokenExchanges;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.core.config.UpstreamOAuthConfig;
import io.eragate.core.security.SecretTemplate;
import io.netty.handler.codec.http.HttpHeaders;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * The gateway's own credentials for one upstream: static headers (secrets resolved once at start-up) and, with
 * {@code oauth}, a client-credentials bearer token kept fresh by {@link ClientCredentialsTokens}; with
 * {@code oauth.tokenExchange}, a request made for an authenticated principal ({@link #actFor}) carries instead the
 * token exchanged for that principal ({@link TokenExchanges}). The client's token is never among them (no token
 * passthrough). Values are never logged.
 */
public final class UpstreamCredentials {

    /** No credentials. */
    public static final UpstreamCredentials NONE = new UpstreamCredentials("", Map.of(), null, null, null, null,
            null);

    /**
     * Names the principal a request is made for, between the code that builds it and {@link #addTo}, which always
     * removes it; it is set only on requests to an upstream that exchanges tokens, so it never leaves the gateway.
     * Its name ends in a random part of this process, so that no client can guess it into a passed header.
     */
    static final String ON_BEHALF_OF = "x-eragate-on-behalf-of-" + HexFormat.of().formatHex(randomBytes());

    private final String upstream;
    private final Map<String, String> headers;
    private final ClientCredentialsTokens tokens;
    private final TokenExchanges exchanges;
    private final SubjectTokens subjects;
    /** What these credentials were made of, secrets resolved: a reload with the same keeps them ({@link #of}). */
    private final UpstreamOAuthConfig oauth;
    private final String basic;

    private UpstreamCredentials(String upstream, Map<String, String> headers, ClientCredentialsTokens tokens,
            TokenExchanges exchanges, SubjectTokens subjects, UpstreamOAuthConfig oauth, String basic) {
        this.upstream = upstream;
        this.headers = headers;
        this.tokens = tokens;
        this.exchanges = exchanges;
        this.subjects = subjects;
        this.oauth = oauth;
        this.basic = basic;
    }

    /** The credentials {@code upstream} configures, without token exchange (the subjects' tokens are not at hand). */
    public static UpstreamCredentials of(UpstreamConfig upstream) {
        return of(upstream, SubjectTokens.none());
    }

    /**
     * The credentials {@code upstream} configures, with every {@code ${env:...}} and {@code ${file:...}} resolved.
     *
     * @param subjects the principals' validated tokens, which {@code oauth.tokenExchange} exchanges
     * @throws IllegalArgumentException naming the upstream, the key and the reference that cannot be resolved
     */
    public static UpstreamCredentials of(UpstreamConfig upstream, SubjectTokens subjects) {
        return of(upstream, subjects, NONE);
    }

    /**
     * As {@link #of(UpstreamConfig, SubjectTokens)}, but {@code previous} itself when it was made of the same: the
     * same resolved headers, the same {@code oauth} section with the same resolved client credentials, and the same
     * subjects. A reload thus keeps an unchanged upstream's token and its renewal (one token endpoint client per
     * upstream, however many reloads), while a changed section, or a secret file that now reads differently, gets
     * new credentials; the caller {@linkplain #close() closes} the previous ones once nothing new uses them.
     */
    public static UpstreamCredentials of(UpstreamConfig upstream, SubjectTokens subjects,
            UpstreamCredentials previous) {
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
        UpstreamOAuthConfig oauth = upstream.oauth();
        String basic = oauth == null ? null : ClientCredentialsTokens.basic(oauth);
        if (previous != NONE && previous.upstream.equals(upstream.name()) && previous.headers.equals(resolved)
                && Objects.equals(previous.oauth, oauth) && Objects.equals(previous.basic, basic)
                && previous.subjects == subjects) {
            return previous;
        }
        ClientCredentialsTokens tokens = oauth == null ? null
                : ClientCredentialsTokens.start(upstream.name(), oauth, basic);
        TokenExchanges exchanges = oauth == null || oauth.tokenExchange() == null ? null
                : new TokenExchanges(upstream.name(), new HttpTokenExchange(oauth, basic), Clock.systemUTC(),
                        oauth.tokenExchange().maxCachedTokens());
        return new UpstreamCredentials(upstream.name(), Map.copyOf(resolved), tokens, exchanges, subjects, oauth,
                basic);
    }

    private static byte[] randomBytes() {
        byte[] bytes = new byte[8];
        new SecureRandom().nextBytes(bytes);
        return bytes;
    }

    /** Whether there is nothing to add. */
    public boolean isEmpty() {
        return headers.isEmpty() && tokens == null;
    }

    /** Whether requests made for a principal carry a token exchanged for that principal. */
    public boolean exchangesTokens() {
        return exchanges != null;
    }

    /**
     * Marks a request about to go to {@code target} as made for {@code principalId}, when that upstream exchanges
     * tokens (else, and for the anonymous principal, nothing changes).
     */
    public static void actFor(UpstreamTarget target, HttpHeaders request, String principalId) {
        if (target.credentials().exchangesTokens() && principalId != null && principalId.indexOf('#') > 0) {
            request.set(ON_BEHALF_OF, principalId);
        }
    }

    /**
     * Adds the credentials to the headers of a request about to go upstream; completes at once unless a token is
     * still being fetched or exchanged. Fails with {@link TokenExchanges.Failed} when the principal's token cannot be
     * exchanged.
     */
    CompletableFuture<Void> addTo(HttpHeaders target) {
        String principal = target.get(ON_BEHALF_OF);
        target.remove(ON_BEHALF_OF);
        headers.forEach(target::set);
        CompletableFuture<String> token;
        if (exchanges != null && principal != null) {
            token = exchanges.tokenFor(principal, subjects.current(principal).orElse(null));
        } else if (tokens != null) {
            token = tokens.current();
        } else {
            return CompletableFuture.completedFuture(null);
        }
        return token.thenAccept(value -> target.set("Authorization", "Bearer " + value));
    }

    /** Stops refreshing tokens. */
    public void close() {
        if (tokens != null) {
            tokens.close();
        }
    }

    @Override
    public String toString() {
        return "UpstreamCredentials[" + upstream + ", headers=" + headers.keySet() + ", oauth=" + (tokens != null)
                + ", tokenExchange=" + (exchanges != null) + "]";
    }
}
