package io.eragate.netty.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.auth.TokenLifetime;
import io.eragate.core.config.UpstreamOAuthConfig;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.security.SecretTemplate;
import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One upstream's OAuth client-credentials token (RFC 6749 §4.4, {@code client_secret_basic}): fetched at start-up,
 * renewed in the background before it expires ({@link TokenLifetime}), and retried after a failure. Requests use the
 * token at hand; only the very first ones wait for the first token. Fetches run on the JDK HTTP client's threads,
 * never on an event loop. The token and the secret are never logged.
 */
final class ClientCredentialsTokens {
    private static final Logger log = LoggerFactory.getLogger(ClientCredentialsTokens.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final Duration RETRY = Duration.ofSeconds(5);
    private static final int MAX_BODY_CHARS = 64 * 1024;

    private final String upstream;
    private final UpstreamOAuthConfig config;
    private final String basic;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT)
            .followRedirects(HttpClient.Redirect.NEVER).build();
    private final ScheduledExecutorService timer;
    private volatile CompletableFuture<String> current;
    private volatile boolean closed;

    private ClientCredentialsTokens(String upstream, UpstreamOAuthConfig config, String basic) {
        this.upstream = upstream;
        this.config = config;
        this.basic = basic;
        this.timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "eragate-oauth-" + upstream);
            thread.setDaemon(true);
            return thread;
        });
    }

    /** The {@code client_secret_basic} credentials of {@code config}'s client, its references resolved. */
    static String basic(UpstreamOAuthConfig config) {
        String clientId = SecretTemplate.resolve(config.clientId(), System::getenv, SecretTemplate::readFile);
        String secret = SecretTemplate.resolve(config.clientSecret(), System::getenv, SecretTemplate::readFile);
        return Base64.getEncoder().encodeToString((form(clientId) + ":" + form(secret))
                .getBytes(StandardCharsets.UTF_8));
    }

    /** Starts fetching the first token of {@code upstream}, authenticating with {@code basic} ({@link #basic}). */
    static ClientCredentialsTokens start(String upstream, UpstreamOAuthConfig config, String basic) {
        ClientCredentialsTokens tokens = new ClientCredentialsTokens(upstream, config, basic);
        tokens.current = tokens.fetch();
        return tokens;
    }

    /** The token at hand (or the first one, on its way). */
    CompletableFuture<String> current() {
        return current;
    }

    private CompletableFuture<String> fetch() {
        StringBuilder body = new StringBuilder("grant_type=client_credentials");
        if (!config.scopes().isEmpty()) {
            body.append("&scope=").append(form(String.join(" ", config.scopes())));
        }
        HttpRequest request = HttpRequest.newBuilder(config.tokenUrl()).timeout(TIMEOUT)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Accept", "application/json")
                .header("Authorization", "Basic " + basic)
                .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build();
        CompletableFuture<String> token = http.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                .thenApply(this::accessToken);
        token.whenComplete((value, failure) -> {
            if (failure != null) {
                log.warn("upstream {}: the token endpoint refused or failed ({}); retrying in {}", upstream,
                        failure.getCause() != null ? failure.getCause().getMessage() : failure.getMessage(), RETRY);
                schedule(RETRY, true);
            }
        });
        return token;
    }

    private String accessToken(HttpResponse<String> response) {
        if (response.statusCode() != 200 || response.body().length() > MAX_BODY_CHARS) {
            throw new CompletionException(new IllegalStateException("token endpoint answered HTTP "
                    + response.statusCode()));
        }
        JsonNode json;
        try {
            json = JsonRpcCodec.readTree(response.body());
        } catch (IOException e) {
            throw new CompletionException(new IllegalStateException("token endpoint answered no JSON"));
        }
        String token = json.path("access_token").asText(null);
        if (token == null || token.isEmpty()) {
            throw new CompletionException(new IllegalStateException("token endpoint answered no access_token"));
        }
        Duration lifetime = json.path("expires_in").canConvertToLong()
                ? Duration.ofSeconds(json.path("expires_in").asLong()) : null;
        log.info("upstream {}: got a client-credentials token (expires in {})", upstream,
                lifetime == null ? "an unknown time" : lifetime);
        schedule(TokenLifetime.renewAfter(lifetime), false);
        return token;
    }

    private void schedule(Duration delay, boolean replaceFailed) {
        if (closed) {
            return;
        }
        timer.schedule(() -> {
            CompletableFuture<String> next = fetch();
            if (replaceFailed) {
                current = next;
            } else {
                // The old token stays in use until the new one is there.
                next.thenAccept(token -> current = next);
            }
        }, Math.max(1, delay.toMillis()), TimeUnit.MILLISECONDS);
    }

    private static String form(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    /** Stops renewing; the token at hand stays what {@link #current} gives (requests still in flight use it). */
    void close() {
        closed = true;
        timer.shutdownNow();
    }
}
