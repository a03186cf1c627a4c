package io.eragate.core.auth;

import com.nimbusds.jose.jwk.JWKSet;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Authenticates one request from its {@code Authorization} header values. The answer is immediate whenever the keys
 * at hand decide it; only the first request (no keys yet) and a token signed with a key id not in the cache wait for
 * the one shared {@link JwksCache#refresh() refresh}.
 */
public final class Authenticator {

    private static final String BEARER = "bearer ";
    /** The longest bearer token looked at; larger headers are refused before parsing. */
    static final int MAX_TOKEN_CHARS = 16 * 1024;

    private final TokenValidator validator;
    private final JwksCache keys;
    private final TokenIntrospection opaque;

    /** An authenticator checking tokens with {@code validator} against the keys of {@code keys}. */
    public Authenticator(TokenValidator validator, JwksCache keys) {
        this(validator, keys, null);
    }

    /**
     * An authenticator checking JWTs with {@code validator} against the keys of {@code keys}, and any other bearer
     * token by {@code opaque} introspection (null: every token must be a JWT).
     */
    public Authenticator(TokenValidator validator, JwksCache keys, TokenIntrospection opaque) {
        this.validator = Objects.requireNonNull(validator, "validator");
        this.keys = Objects.requireNonNull(keys, "keys");
        this.opaque = opaque;
    }

    /**
     * The outcome for a request with these {@code Authorization} values, for a resource known by {@code audiences}.
     * The future never fails: when no key set can be had, the outcome is {@link Outcome.Unavailable}.
     */
    public CompletableFuture<Outcome> authenticate(List<String> authorization, Collection<String> audiences) {
        Objects.requireNonNull(authorization, "authorization");
        Objects.requireNonNull(audiences, "audiences");
        if (authorization.isEmpty()) {
            return done(new TokenCheck.Refused(TokenRefusal.MISSING, "no bearer token"));
        }
        if (authorization.size() > 1) {
            return done(new TokenCheck.Refused(TokenRefusal.MALFORMED, "more than one Authorization header"));
        }
        String value = authorization.get(0).trim();
        if (value.length() <= BEARER.length() || !value.substring(0, BEARER.length()).toLowerCase(Locale.ROOT)
                .equals(BEARER)) {
            return done(new TokenCheck.Refused(TokenRefusal.MALFORMED,
                    "the Authorization header is not \"Bearer <token>\""));
        }
        String token = value.substring(BEARER.length()).trim();
        if (token.length() > MAX_TOKEN_CHARS || token.indexOf(' ') >= 0) {
            return done(new TokenCheck.Refused(TokenRefusal.MALFORMED, "the bearer token is not a single JWT"));
        }
        if (opaque != null && !TokenIntrospection.looksLikeJwt(token)) {
            return opaque.check(token, audiences).handle((check, failure) -> failure != null ? unavailable(failure)
                    : decided(check));
        }
        Optional<JWKSet> cached = keys.current();
        if (cached.isEmpty()) {
            return keys.refresh().handle((loaded, failure) -> failure != null ? unavailable(failure)
                    : decided(validator.check(token, loaded, audiences)));
        }
        TokenCheck check = validator.check(token, cached.get(), audiences);
        if (!(check instanceof TokenCheck.UnknownKey unknown)) {
            return CompletableFuture.completedFuture(decided(check));
        }
        return keys.refresh().handle((loaded, failure) -> {
            TokenCheck again = failure != null ? unknown : validator.check(token, loaded, audiences);
            return decided(again instanceof TokenCheck.UnknownKey stillUnknown
                    ? TokenValidator.unknownKeyRefusal(stillUnknown.keyId()) : again);
        });
    }

    private static CompletableFuture<Outcome> done(TokenCheck.Refused refused) {
        return CompletableFuture.completedFuture(decided(refused));
    }

    private static Outcome decided(TokenCheck check) {
        if (check instanceof TokenCheck.Valid valid) {
            return new Outcome.Authenticated(valid.principal());
        }
        if (check instanceof TokenCheck.Refused refused) {
            return new Outcome.Refused(refused.reason(), refused.description());
        }
        return new Outcome.Refused(TokenRefusal.BAD_SIGNATURE,
                TokenValidator.unknownKeyRefusal(((TokenCheck.UnknownKey) check).keyId()).description());
    }

    private static Outcome unavailable(Throwable failure) {
        Throwable cause = failure.getCause() != null ? failure.getCause() : failure;
        if (cause instanceof TokenIntrospection.Busy busy) {
            return new Outcome.Busy(busy.limit());
        }
        return new Outcome.Unavailable(String.valueOf(cause.getMessage()));
    }

    /** What authentication decided. */
    public sealed interface Outcome {
        /** A valid token naming {@code principal}. */
        record Authenticated(Principal principal) implements Outcome {
        }

        /** A 401: the token is missing or refused for {@code reason}. */
        record Refused(TokenRefusal reason, String description) implements Outcome {
        }

        /** A 503: the issuer's keys cannot be had, so no token can be judged now. */
        record Unavailable(String why) implements Outcome {
        }

        /** A 503: {@code limit} introspection calls already run, so this new token cannot be judged now. */
        record Busy(int limit) implements Outcome {
        }
    }
}
