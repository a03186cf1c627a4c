package io.eragate.netty.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.auth.TokenExchanges;
import io.eragate.core.config.TokenExchangeConfig;
import io.eragate.core.config.UpstreamOAuthConfig;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * One RFC 8693 token exchange at {@code oauth.tokenUrl} with the JDK's HTTP client, on its own threads (never an
 * event loop), authenticating as the upstream's OAuth client ({@code client_secret_basic}): the subject token is the
 * client's validated access token, the requested token an access token for the configured audience (and resource,
 * scopes). Only a 200 with a bounded body is an answer; a refusal fails with the HTTP status and the RFC 6749
 * {@code error} code, and no failure message carries a token or a secret.
 */
final class HttpTokenExchange implements Function<String, CompletableFuture<String>> {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final int MAX_BODY_CHARS = 64 * 1024;
    private static final Pattern ERROR_CODE = Pattern.compile("[a-z_]{1,64}");

    private final UpstreamOAuthConfig oauth;
    private final TokenExchangeConfig exchange;
    private final String basic;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT)
            .followRedirects(HttpClient.Redirect.NEVER).build();

    HttpTokenExchange(UpstreamOAuthConfig oauth, String basic) {
        this.oauth = oauth;
        this.exchange = oauth.tokenExchange();
        this.basic = basic;
    }

    @Override
    public CompletableFuture<String> apply(String subjectToken) {
        StringBuilder form = new StringBuilder("grant_type=").append(form(TokenExchanges.GRANT_TYPE))
                .append("&subject_token=").append(form(subjectToken))
                .append("&subject_token_type=").append(form(TokenExchanges.ACCESS_TOKEN_TYPE))
                .append("&requested_token_type=").append(form(TokenExchanges.ACCESS_TOKEN_TYPE))
                .append("&audience=").append(form(exchange.audience()));
        if (exchange.resource() != null) {
            form.append("&resource=").append(form(exchange.resource().toString()));
        }
        if (!exchange.scopes().isEmpty()) {
            form.append("&scope=").append(form(String.join(" ", exchange.scopes())));
        }
        HttpRequest request = HttpRequest.newBuilder(oauth.tokenUrl()).timeout(TIMEOUT)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Accept", "application/json")
                .header("Authorization", "Basic " + basic)
                .POST(HttpRequest.BodyPublishers.ofString(form.toString())).build();
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofString()).thenApply(response -> {
            if (response.statusCode() != 200 || response.body().length() > MAX_BODY_CHARS) {
                throw new CompletionException(new IllegalStateException("the token endpoint answered HTTP "
                        + response.statusCode() + errorCode(response.body())));
            }
            return response.body();
        });
    }

    /** The RFC 6749 §5.2 {@code error} code of a refusal, when it is one; never its free-text description. */
    private static String errorCode(String body) {
        try {
            JsonNode error = JsonRpcCodec.readTree(body).path("error");
            return error.isTextual() && ERROR_CODE.matcher(error.textValue()).matches()
                    ? " (" + error.textValue() + ")" : "";
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private static String form(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
