package io.eragate.core.auth;

import com.nimbusds.jose.jwk.JWKSet;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * The issuer's signing keys, cached. Requests never fetch keys themselves: they use the cached set, and a token whose
 * key id is unknown asks for a {@link #refresh()}, which is single-flight (concurrent callers share one fetch) and
 * rate-limited (at most one fetch per {@code minRefreshInterval}; callers in between get the set at hand). A set older
 * than {@code maxAge} is refreshed in the background on the next use. Thread-safe.
 */
public final class JwksCache {

    private final Supplier<CompletableFuture<String>> fetch;
    private final Clock clock;
    private final Duration minRefreshInterval;
    private final Duration maxAge;

    private JWKSet keys;
    private Instant loadedAt;
    private Instant lastAttempt;
    private CompletableFuture<JWKSet> inFlight;

    /**
     * @param fetch fetches the JWKS document (off the event loop); completes with its JSON text
     * @param clock the time refreshes are rate-limited by
     * @param minRefreshInterval the least time between two fetches
     * @param maxAge how long a set is used before it is refreshed in the background
     */
    public JwksCache(Supplier<CompletableFuture<String>> fetch, Clock clock, Duration minRefreshInterval,
            Duration maxAge) {
        this.fetch = Objects.requireNonNull(fetch, "fetch");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.minRefreshInterval = Objects.requireNonNull(minRefreshInterval, "minRefreshInterval");
        this.maxAge = Objects.requireNonNull(maxAge, "maxAge");
    }

    /** The keys at hand, if any were ever loaded; starts a background refresh when they are older than the max age. */
    public synchronized Optional<JWKSet> current() {
        if (keys != null && !clock.instant().isBefore(loadedAt.plus(maxAge))) {
            refresh();
        }
        return Optional.ofNullable(keys);
    }

    /**
     * Fetches the keys again unless a fetch is running (then its result is shared) or the last one started less than
     * the minimum interval ago (then the keys at hand are the answer, or a failure when there are none).
     */
    public synchronized CompletableFuture<JWKSet> refresh() {
        if (inFlight != null) {
            return inFlight;
        }
        Instant now = clock.instant();
        if (lastAttempt != null && now.isBefore(lastAttempt.plus(minRefreshInterval))) {
            return keys != null ? CompletableFuture.completedFuture(keys)
                    : CompletableFuture.failedFuture(new IllegalStateException(
                            "the issuer's keys could not be loaded; next attempt after "
                                    + lastAttempt.plus(minRefreshInterval)));
        }
        lastAttempt = now;
        CompletableFuture<JWKSet> started = new CompletableFuture<>();
        inFlight = started;
        CompletableFuture<String> fetched;
        try {
            fetched = fetch.get();
        } catch (RuntimeException e) {
            fetched = CompletableFuture.failedFuture(e);
        }
        fetched.whenComplete((json, failure) -> loaded(started, json, failure));
        return started;
    }

    private void loaded(CompletableFuture<JWKSet> started, String json, Throwable failure) {
        JWKSet parsed = null;
        Throwable problem = failure;
        if (problem == null) {
            try {
                parsed = JWKSet.parse(json);
            } catch (ParseException | RuntimeException e) {
                problem = new IllegalStateException("the issuer's JWKS is not a JSON Web Key Set: " + e.getMessage());
            }
        }
        synchronized (this) {
            inFlight = null;
            if (parsed != null) {
                keys = parsed.toPublicJWKSet();
                loadedAt = clock.instant();
            }
        }
        if (parsed != null) {
            started.complete(parsed.toPublicJWKSet());
        } else {
            started.completeExceptionally(problem);
        }
    }
}
