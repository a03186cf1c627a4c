package io.eragate.netty.auth;

import io.eragate.core.config.IntrospectionConfig;
import io.eragate.core.security.SecretTemplate;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

/**
 * Asks the RFC 7662 introspection endpoint about one token with the JDK's HTTP client, on its own threads (never an
 * event loop), authenticating with HTTP Basic as the configured client. Only a 200 with a bounded body is an answer;
 * anything else fails the future (the client then gets a 503), and no failure message carries the token.
 */
final class HttpIntrospection implements Function<String, CompletableFuture<String>> {
    private static final int MAX_BODY_CHARS = 64 * 1024;

    private final IntrospectionConfig config;
    private final String basic;
    private final Duration timeout;
    private final HttpClient client;

    HttpIntrospection(IntrospectionConfig config, Duration timeout) {
        this.config = config;
        this.timeout = timeout;
        String clientId = SecretTemplate.resolve(config.clientId(), System::getenv, SecretTemplate::readFile);
        String secret = SecretTemplate.resolve(config.clientSecret(), System::getenv, SecretTemplate::readFile);
        this.basic = Base64.getEncoder().encodeToString((form(clientId) + ":" + form(secret))
                .getBytes(StandardCharsets.UTF_8));
        this.client = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    @Override
    public CompletableFuture<String> apply(String token) {
        HttpRequest request = HttpRequest.newBuilder(config.endpoint()).timeout(timeout)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Accept", "application/json")
                .header("Authorization", "Basic " + basic)
                .POST(HttpRequest.BodyPublishers.ofString("token=" + form(token)
                        + "&token_type_hint=access_token"))
                .build();
        return client.sendAsync(request, HttpResponse.BodyHandlers.ofString()).thenApply(response -> {
            if (response.statusCode() != 200 || response.body().length() > MAX_BODY_CHARS) {
                throw new CompletionException(new IllegalStateException("the introspection endpoint "
                        + config.endpoint() + " answered HTTP " + response.statusCode()));
            }
            return response.body();
        });
    }

    private static String form(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
