package io.eragate.core.auth;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Clock;
import java.time.Instant;
import java.util.Date;
import java.util.Objects;
import java.util.Optional;

/**
 * The latest validated bearer token of each principal, kept only while some upstream exchanges tokens
 * ({@link TokenExchanges}) and only until the token expires: an exchange needs the principal's token, and requests
 * that go upstream later for the principal (a bridge session's handshake, its stream) know the principal, not the
 * token. Any validated token of a principal names the same {@code iss#sub}, so the latest one serves for all of its
 * requests. Bounded: the least recently seen principals go first.
 */
public final class SubjectTokens {

    private final Cache<String, Held> latest;
    private final Clock clock;
    private final boolean enabled;
    private final long bound;

    /**
     * @param maxPrincipals principals whose token is kept at most; 0 keeps none (no upstream exchanges tokens)
     * @param clock the time expiries are judged at
     */
    public SubjectTokens(long maxPrincipals, Clock clock) {
        this.enabled = maxPrincipals > 0;
        this.bound = Math.max(0, maxPrincipals);
        this.latest = Caffeine.newBuilder().maximumSize(Math.max(0, maxPrincipals)).build();
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Keeps nothing. */
    public static SubjectTokens none() {
        return new SubjectTokens(0, Clock.systemUTC());
    }

    /** Principals whose token is kept at most. */
    public long bound() {
        return bound;
    }

    /** Whether tokens are kept at all. */
    public boolean enabled() {
        return enabled;
    }

    /** Remembers {@code token}, just validated as {@code principal}'s, until its {@code exp}. */
    public void remember(Principal principal, String token) {
        if (!enabled || principal.isAnonymous()) {
            return;
        }
        Instant expiry = expiryOf(principal.claims().get("exp"));
        if (expiry != null && clock.instant().isBefore(expiry)) {
            latest.put(principal.id(), new Held(token, expiry));
        }
    }

    /** The principal's latest token while it has not expired. */
    public Optional<String> current(String principalId) {
        Held held = latest.getIfPresent(principalId);
        if (held == null) {
            return Optional.empty();
        }
        if (!clock.instant().isBefore(held.expiry())) {
            latest.invalidate(principalId);
            return Optional.empty();
        }
        return Optional.of(held.token());
    }

    /** {@code exp} as a JWT library gives it (a {@link Date}) or as introspection does (seconds since the epoch). */
    private static Instant expiryOf(Object exp) {
        if (exp instanceof Date date) {
            return date.toInstant();
        }
        if (exp instanceof Number seconds) {
            return Instant.ofEpochSecond(seconds.longValue());
        }
        return null;
    }

    private record Held(String token, Instant expiry) {
    }
}
