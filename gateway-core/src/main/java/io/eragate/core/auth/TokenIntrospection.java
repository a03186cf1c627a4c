package io.eragate.core.auth;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Opaque access tokens checked by RFC 7662 introspection: the authorization server says whether a token is active and
 * what it carries; this class judges the answer as a resource server must (active, this issuer if named, this
 * resource in {@code aud}, an expiry not past, a subject) and caches an active answer until the token expires, so a
 * token costs one call to the authorization server, not one per request. Inactive and refused answers are not
 * cached. The cache is keyed by a SHA-256 digest of the token, never the token itself.
 *
 * <p>Calls are bounded: concurrent checks of one token share one call (single-flight), and at most
 * {@code maxInFlight} calls run at once; a check that would need one more fails at once with {@link Busy} (a 503 with
 * {@code Retry-After} for the client), so a flood of new tokens cannot queue unbounded work at the authorization
 * server.
 */
public final class TokenIntrospection {

    private final Function<String, CompletableFuture<String>> endpoint;
    private final String issuer;
    private final Duration clockSkew;
    private final Clock clock;
    private final Cache<String, Cached> active;
    private final int maxInFlight;
    private final Map<String, CompletableFuture<String>> inFlight = new ConcurrentHashMap<>();
    private final AtomicInteger running = new AtomicInteger();

    /**
     * @param endpoint asks the introspection endpoint about a token, completing with its JSON answer (failing when
     *     the endpoint cannot be asked or refuses the gateway's client credentials)
     * @param issuer the issuer a token names, if it names one
     * @param clockSkew how far {@code exp} and {@code nbf} may be off
     * @param clock the time tokens are judged at
     * @param maxCachedTokens active answers kept at most
     * @param maxInFlight calls to the endpoint running at once at most
     */
    public TokenIntrospection(Function<String, CompletableFuture<String>> endpoint, String issuer,
            Duration clockSkew, Clock clock, long maxCachedTokens, int maxInFlight) {
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
        this.issuer = Objects.requireNonNull(issuer, "issuer");
        this.clockSkew = Objects.requireNonNull(clockSkew, "clockSkew");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.active = Caffeine.newBuilder().maximumSize(maxCachedTokens).build();
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("maxInFlight must be at least 1");
        }
        this.maxInFlight = maxInFlight;
    }

    /** Whether {@code token} has the shape of a compact JWS (three dot-separated parts), so keys check it, not this. */
    public static boolean looksLikeJwt(String token) {
        int first = token.indexOf('.');
        int second = first < 0 ? -1 : token.indexOf('.', first + 1);
        return second > 0 && token.indexOf('.', second + 1) < 0;
    }

    /**
     * The check of {@code token} for a resource known by {@code audiences}: from the cache while the token lives,
     * else from the endpoint. The future fails when the endpoint cannot answer, or with {@link Busy} when
     * {@code maxInFlight} calls already run (a 503 for the client either way).
     */
    public CompletableFuture<TokenCheck> check(String token, Collection<String> audiences) {
        String key = digest(token);
        Cached cached = active.getIfPresent(key);
        if (cached != null) {
            if (clock.instant().isBefore(cached.expiry().plus(clockSkew))) {
                return CompletableFuture.completedFuture(audienceCheck(cached, audiences));
            }
            active.invalidate(key);
        }
        CompletableFuture<String> answer = inFlight.get(key);
        if (answer == null) {
            answer = ask(key, token);
            if (answer == null) {
                return CompletableFuture.failedFuture(new Busy(maxInFlight));
            }
        }
        return answer.thenApply(json -> {
            TokenCheck check = judge(json, audiences);
            if (check instanceof TokenCheck.Valid valid) {
                Object exp = valid.principal().claims().get("exp");
                active.put(key, new Cached(valid.principal(), Instant.ofEpochSecond(((Number) exp).longValue()),
                        audiencesOf(valid.principal().claims().get("aud"))));
            }
            return check;
        });
    }

    /** Starts the one call about the token of {@code key}, or joins a racing one; null when the cap is reached. */
    private CompletableFuture<String> ask(String key, String token) {
        if (running.incrementAndGet() > maxInFlight) {
            running.decrementAndGet();
            // A call about this very token may have started meanwhile: joining it costs nothing.
            return inFlight.get(key);
        }
        CompletableFuture<String> mine = new CompletableFuture<>();
        CompletableFuture<String> raced = inFlight.putIfAbsent(key, mine);
        if (raced != null) {
            running.decrementAndGet();
            return raced;
        }
        CompletableFuture<String> call;
        try {
            call = endpoint.apply(token);
        } catch (RuntimeException e) {
            call = CompletableFuture.failedFuture(e);
        }
        call.whenComplete((json, failure) -> {
            inFlight.remove(key, mine);
            running.decrementAndGet();
            if (failure != null) {
                mine.completeExceptionally(failure);
            } else {
                mine.complete(json);
            }
        });
        return mine;
    }

    /** How many calls to the endpoint run now. */
    int inFlight() {
        return running.get();
    }

    /** Judges one introspection answer (attacker-influenced only through the token the client sent). */
    TokenCheck judge(String answer, Collection<String> audiences) {
        JsonNode json;
        try {
            json = JsonRpcCodec.readTree(answer);
        } catch (IOException e) {
            throw new IllegalStateException("the introspection endpoint answered no JSON", e);
        }
        if (!json.isObject()) {
            throw new IllegalStateException("the introspection endpoint answered no JSON object");
        }
        if (!json.path("active").isBoolean() || !json.path("active").booleanValue()) {
            return refused(TokenRefusal.INACTIVE, "the authorization server says the token is not active");
        }
        if (json.has("iss") && !issuer.equals(json.path("iss").asText())) {
            return refused(TokenRefusal.WRONG_ISSUER, "the token was issued by another authorization server");
        }
        Set<String> tokenAudiences = audiencesOf(json.get("aud"));
        if (tokenAudiences.stream().noneMatch(audiences::contains)) {
            return refused(TokenRefusal.WRONG_AUDIENCE, "the token's audience is not this resource");
        }
        if (!json.path("exp").canConvertToLong()) {
            return refused(TokenRefusal.MALFORMED, "the introspection answer gives no expiry (exp)");
        }
        Instant now = clock.instant();
        if (now.isAfter(Instant.ofEpochSecond(json.path("exp").asLong()).plus(clockSkew))) {
            return refused(TokenRefusal.EXPIRED, "the token has expired");
        }
        if (json.path("nbf").canConvertToLong()
                && now.plus(clockSkew).isBefore(Instant.ofEpochSecond(json.path("nbf").asLong()))) {
            return refused(TokenRefusal.NOT_YET_VALID, "the token is not valid yet");
        }
        String subject = json.path("sub").asText("");
        if (!json.path("sub").isTextual() || subject.isEmpty()) {
            return refused(TokenRefusal.MALFORMED, "the introspection answer names no subject (sub)");
        }
        Set<String> scopes = new LinkedHashSet<>();
        for (String word : json.path("scope").asText("").trim().split(" +")) {
            if (!word.isEmpty()) {
                scopes.add(word);
            }
        }
        Map<String, Object> claims = new LinkedHashMap<>();
        json.fields().forEachRemaining(field -> {
            if (!field.getValue().isNull()) {
                claims.put(field.getKey(), JsonRpcCodec.mapper().convertValue(field.getValue(), Object.class));
            }
        });
        claims.put("exp", json.path("exp").asLong());
        return new TokenCheck.Valid(new Principal(issuer, subject, scopes, claims));
    }

    /** A cached answer still holds only for a resource its audience names (one token, several routes). */
    private static TokenCheck audienceCheck(Cached cached, Collection<String> audiences) {
        return cached.audiences().stream().anyMatch(audiences::contains) ? new TokenCheck.Valid(cached.principal())
                : refused(TokenRefusal.WRONG_AUDIENCE, "the token's audience is not this resource");
    }

    private static Set<String> audiencesOf(Object aud) {
        Set<String> audiences = new LinkedHashSet<>();
        if (aud instanceof JsonNode node) {
            if (node.isTextual()) {
                audiences.add(node.textValue());
            } else if (node.isArray()) {
                node.forEach(item -> audiences.add(item.asText()));
            }
        } else if (aud instanceof String text) {
            audiences.add(text);
        } else if (aud instanceof Collection<?> list) {
            list.forEach(item -> audiences.add(String.valueOf(item)));
        }
        return audiences;
    }

    private static String digest(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    private static TokenCheck.Refused refused(TokenRefusal reason, String description) {
        return new TokenCheck.Refused(reason, description);
    }

    /** The check was refused because {@code limit} introspection calls already run. */
    public static final class Busy extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int limit;

        Busy(int limit) {
            super("the gateway already runs " + limit + " introspection calls (auth.introspection.maxInFlight)",
                    null, false, false);
            this.limit = limit;
        }

        /** The cap that applied. */
        public int limit() {
            return limit;
        }
    }

    private record Cached(Principal principal, Instant expiry, Set<String> audiences) {
    }
}
