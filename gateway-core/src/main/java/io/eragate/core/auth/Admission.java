package io.eragate.core.auth;

import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.frontdoor.ValidatedRequest;
import io.eragate.core.ratelimit.RateLimitRejections;
import io.eragate.core.ratelimit.RateLimiter;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Whether a validated request of an authenticated principal may go upstream: the policy first (403), then the rate
 * limits (429). Both run before anything is sent upstream; a refused request takes no rate-limit token.
 */
public final class Admission {

    /** Nothing to decide: authentication off, no policies, no limits. */
    public static final Admission OPEN = new Admission(null, new RateLimiter(List.of(),
            (key, capacity, period) -> CompletableFuture.completedFuture(0L)), limited -> { });

    private final Policies policies;
    private final RateLimiter limiter;
    private final Consumer<RateLimiter.Limited> onLimited;

    /**
     * @param policies the per-operation policy, or null when authentication is off (then only limits apply)
     * @param limiter the rate limits
     * @param onLimited told of every 429 (the metrics hook)
     */
    public Admission(Policies policies, RateLimiter limiter, Consumer<RateLimiter.Limited> onLimited) {
        this.policies = policies;
        this.limiter = Objects.requireNonNull(limiter, "limiter");
        this.onLimited = Objects.requireNonNull(onLimited, "onLimited");
    }

    /** The policy, or null when authentication is off. */
    public Policies policies() {
        return policies;
    }

    /**
     * The refusal of {@code request}, if any.
     *
     * @param route the route path the request came on (for route-keyed limits)
     * @param resourceMetadata the URL of the route's resource metadata, for the 403 challenge: asked only when the
     *     request is refused for its scopes, as building it (from the request's forwarding headers) on every
     *     admitted request cost the pass-through a few hundred bytes each
     */
    public CompletableFuture<Optional<Rejection>> admit(Principal principal, ValidatedRequest request, String route,
            Supplier<String> resourceMetadata) {
        if (policies != null) {
            Policies.Decision decision = policies.decide(principal, route, request.method(),
                    request.name());
            if (decision instanceof Policies.Decision.InsufficientScope scope) {
                return CompletableFuture.completedFuture(Optional.of(AuthRejections.insufficientScope(request.id(),
                        scope.needed(), operation(request), resourceMetadata.get())));
            }
            if (decision instanceof Policies.Decision.ClaimRefused claim) {
                return CompletableFuture.completedFuture(Optional.of(AuthRejections.claimsRefused(request.id(),
                        operation(request), claim.claim())));
            }
        }
        if (limiter.isEmpty()) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        return limiter.admit(principal.id(), route, request.method(), request.name()).thenApply(limited -> {
            limited.ifPresent(onLimited);
            return limited.map(refusal -> RateLimitRejections.tooManyRequests(request.id(), refusal));
        });
    }

    /** The method, and the tool or resource it names, as a refusal quotes them. */
    private static String operation(ValidatedRequest request) {
        return request.name() == null ? request.method() : request.method() + " " + request.name();
    }
}
