package io.eragate.core.auth;

import java.time.Duration;

/**
 * When the gateway renews a token it holds as an OAuth client: after 80% of its lifetime, and at least 10 s before it
 * expires (a token of 10 s or less is renewed at once when used). A token without {@code expires_in} is renewed after
 * a default hour.
 */
public final class TokenLifetime {

    /** The lifetime assumed when the token endpoint gives none. */
    public static final Duration ASSUMED = Duration.ofHours(1);
    private static final Duration MARGIN = Duration.ofSeconds(10);

    private TokenLifetime() {
    }

    /** How long after it was issued a token of lifetime {@code expiresIn} (null: unknown) is renewed. */
    public static Duration renewAfter(Duration expiresIn) {
        Duration lifetime = expiresIn == null || expiresIn.isNegative() ? ASSUMED : expiresIn;
        Duration eighty = lifetime.multipliedBy(4).dividedBy(5);
        Duration beforeExpiry = lifetime.minus(MARGIN);
        Duration renew = eighty.compareTo(beforeExpiry) < 0 ? eighty : beforeExpiry;
        return renew.isNegative() ? Duration.ZERO : renew;
    }
}
