package io.eragate.core.auth;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The tokens one upstream gets for the principals the gateway acts for (RFC 8693 token exchange): a principal's
 * validated bearer token is exchanged at the authorization server for one whose audience is the upstream, and that
 * token is cached per principal until shortly before it expires ({@link TokenLifetime}). Concurrent requests of one
 * principal share one exchange (single-flight); a failed exchange is not cached, so the next request tries again.
 * The client's token is only ever sent to the authorization server, never to the upstream.
 */
public final class TokenExchanges {
    /** The grant type of RFC 8693. */
    public static final String GRANT_TYPE = "urn:ietf:params:oauth:grant-type:token-exchange";
    /** The token type of an OAuth access token (RFC 8693 §3), for the subject and the requested token. */
    public static final String ACCESS_TOKEN_TYPE = "urn:ietf:params:oauth:token-type:access_token";

    private final String upstream;
    private final Function<String, CompletableFuture<String>> endpoint;
    private final Clock clock;
    private final Cache<String, Exchanged> tokens;
    private final Map<String, CompletableFuture<String>> inFlight = new ConcurrentHashMap<>();

    /**
     * @param upstream the upstream's name, for failure messages
     * @param endpoint exchanges one subject token at the token endpoint, completing with its JSON answer (failing,
     *     without the token in its message, when the endpoint cannot be asked or refuses)
     * @param clock the time cached tokens are judged at
     * @param maxCachedTokens exchanged tokens kept at most (one per principal)
     */
    public TokenExchanges(String upstream, Function<String, CompletableFuture<String>> endpoint, Clock clock,
            long maxCachedTokens) {
        this.upstream = Objects.requireNonNull(upstream, "upstream");
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.tokens = Caffeine.newBuilder().maximumSize(maxCachedTokens).build();
    }

    /**
     * The upstream's token for {@code principalId}: the cached one while it is fresh, else the one exchange of
     * {@code subjectToken} (started now, or already running for this principal).
     *
     * @param subjectToken the principal's validated token, or null when none is at hand (then only a cached token
     *     serves)
     * @return a future failing with {@link Failed} when no token can be had
     */
    public CompletableFuture<String> tokenFor(String principalId, String subjectToken) {
        Objects.requireNonNull(principalId, "principalId");
        Exchanged held = tokens.getIfPresent(principalId);
        if (held != null && clock.instant().isBefore(held.renewAt())) {
            return CompletableFuture.completedFuture(held.token());
        }
        CompletableFuture<String> running = inFlight.get(principalId);
        if (running != null) {
            return running;
        }
        if (subjectToken == null) {
            return CompletableFuture.failedFuture(new Failed(upstream,
                    "no valid token of the principal is at hand to exchange"));
        }
        CompletableFuture<String> mine = new CompletableFuture<>();
        running = inFlight.putIfAbsent(principalId, mine);
        if (running != null) {
            return running;
        }
        Instant asked = clock.instant();
        CompletableFuture<String> call;
        try {
            call = endpoint.apply(subjectToken);
        } catch (RuntimeException e) {
            call = CompletableFuture.failedFuture(e);
        }
        call.whenComplete((json, failure) -> {
            try {
                if (failure != null) {
                    throw new Failed(upstream, reasonOf(failure));
                }
                Exchanged exchanged = read(json, asked);
                tokens.put(principalId, exchanged);
                inFlight.remove(principalId, mine);
                mine.complete(exchanged.token());
            } catch (RuntimeException e) {
                inFlight.remove(principalId, mine);
                mine.completeExceptionally(e);
            }
        });
        return mine;
    }

    /** How many exchanged tokens are cached (for tests and reports). */
    public long cached() {
        tokens.cleanUp();
        return tokens.estimatedSize();
    }

    /** Reads a token endpoint's answer (RFC 8693 §2.2.1); the token must be a bearer access token. */
    private Exchanged read(String json, Instant asked) {
        JsonNode answer;
        try {
            answer = JsonRpcCodec.readTree(json);
        } catch (IOException e) {
            throw new Failed(upstream, "the token endpoint answered no JSON");
        }
        String token = answer.path("access_token").asText("");
        if (!answer.path("access_token").isTextual() || token.isEmpty()) {
            throw new Failed(upstream, "the token endpoint answered no access_token");
        }
        String tokenType = answer.path("token_type").asText("bearer").toLowerCase(Locale.ROOT);
        if (!"bearer".equals(tokenType)) {
            throw new Failed(upstream, "the token endpoint issued a token of type " + quoted(tokenType)
                    + ", not a bearer token");
        }
        String issuedType = answer.path("issued_token_type").asText(ACCESS_TOKEN_TYPE);
        if (!ACCESS_TOKEN_TYPE.equals(issuedType)) {
            throw new Failed(upstream, "the token endpoint issued a " + quoted(issuedType) + ", not an access token");
        }
        Duration lifetime = answer.path("expires_in").canConvertToLong()
                ? Duration.ofSeconds(answer.path("expires_in").asLong()) : null;
        return new Exchanged(token, asked.plus(TokenLifetime.renewAfter(lifetime)));
    }

    private static String reasonOf(Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause()
                : failure;
        return cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
    }

    /** Short and printable: what the authorization server named, without echoing anything long it sent. */
    private static String quoted(String text) {
        String cut = text.length() > 80 ? text.substring(0, 80) + "…" : text;
        return "\"" + cut.replaceAll("[^\\x20-\\x7e…]", "?") + "\"";
    }

    /** No token could be had for the upstream; the message names the upstream and why, never a token or secret. */
    public static final class Failed extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final String upstream;
        private final String reason;

        Failed(String upstream, String reason) {
            super("token exchange for upstream " + upstream + " failed: " + reason, null, false, false);
            this.upstream = upstream;
            this.reason = reason;
        }

        /** The upstream the token was for. */
        public String upstream() {
            return upstream;
        }

        /** Why, without the upstream's name. */
        public String reason() {
            return reason;
        }
    }

    private record Exchanged(String token, Instant renewAt) {
    }
}
