package io.eragate.netty.auth;

import io.eragate.core.auth.AuthServerMetadata;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fetches the issuer's JWKS with the JDK's HTTP client, on its own threads (never an event loop): the metadata
 * document first (RFC 8414, then OpenID Connect Discovery), then its {@code jwks_uri}. The {@code jwks_uri} is
 * remembered once found. Bodies are bounded.
 */
public final class HttpJwksFetcher implements Supplier<CompletableFuture<String>> {
    private static final Logger log = LoggerFactory.getLogger(HttpJwksFetcher.class);
    private static final int MAX_BODY_CHARS = 1024 * 1024;

    private final String issuer;
    private final HttpClient client;
    private final Duration timeout;
    private volatile URI jwksUri;

    /** A fetcher for the keys of {@code issuer}, each HTTP exchange bounded by {@code timeout}. */
    public HttpJwksFetcher(String issuer, Duration timeout) {
        this.issuer = issuer;
        this.timeout = timeout;
        this.client = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    @Override
    public CompletableFuture<String> get() {
        URI known = jwksUri;
        CompletableFuture<URI> uri = known != null ? CompletableFuture.completedFuture(known)
                : discover(AuthServerMetadata.metadataUrls(issuer), 0);
        return uri.thenCompose(this::fetch).whenComplete((json, failure) -> {
            if (failure != null) {
                log.warn("cannot load the signing keys of {}: {}", issuer, rootMessage(failure));
            } else {
                log.info("loaded the signing keys of {}", issuer);
            }
        });
    }

    private CompletableFuture<URI> discover(List<URI> candidates, int index) {
        URI metadata = candidates.get(index);
        return fetch(metadata).thenApply(json -> {
            URI found = AuthServerMetadata.jwksUri(json, issuer);
            jwksUri = found;
            return found;
        }).exceptionallyCompose(failure -> index + 1 < candidates.size() ? discover(candidates, index + 1)
                : CompletableFuture.failedFuture(failure));
    }

    private CompletableFuture<String> fetch(URI uri) {
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(timeout).header("Accept", "application/json")
                .GET().build();
        return client.sendAsync(request, HttpResponse.BodyHandlers.ofString()).thenApply(response -> {
            if (response.statusCode() != 200) {
                throw new CompletionException(new IllegalStateException(uri + " answered " + response.statusCode()));
            }
            if (response.body().length() > MAX_BODY_CHARS) {
                throw new CompletionException(new IllegalStateException(uri + " sent more than "
                        + MAX_BODY_CHARS + " characters"));
            }
            return response.body();
        });
    }

    private static String rootMessage(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause.toString();
    }
}
