package io.eragate.core.mrtr;

import java.util.Optional;

/**
 * Bounds on MRTR bookkeeping.
 *
 * @param maxPendingPerPrincipal rounds one principal may have waiting for a retry at once
 * @param maxPendingTotal rounds waiting across all principals
 * @param maxRounds rounds one call may ask for before the gateway gives up on it
 */
public record RoundLimits(int maxPendingPerPrincipal, int maxPendingTotal, int maxRounds) {

    /** The defaults: 16 per principal, 10 000 in all, 8 rounds per call (the TypeScript SDK's bound). */
    public static final RoundLimits DEFAULTS = new RoundLimits(16, 10_000, 8);

    public RoundLimits {
        if (maxPendingPerPrincipal < 1 || maxPendingTotal < 1 || maxRounds < 1) {
            throw new IllegalArgumentException("every round limit must be at least 1: " + maxPendingPerPrincipal
                    + ", " + maxPendingTotal + ", " + maxRounds);
        }
    }

    /**
     * Whether a call may ask for input a {@code round}-th time.
     *
     * @return empty when allowed, else the reason to fail the call with
     */
    public Optional<String> checkRound(int round) {
        if (round <= maxRounds) {
            return Optional.empty();
        }
        return Optional.of("the request asked for input more than " + maxRounds + " times");
    }
}
