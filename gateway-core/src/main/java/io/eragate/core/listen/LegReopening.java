package io.eragate.core.listen;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The reopening of one listen leg, as decisions: when the next attempt is due after a loss, and when to give up. An
 * attempt that fails (the leg is lost again before it was acknowledged, or soon after) waits longer; a leg that stayed
 * acknowledged for {@link ReopenBackoff#maxDelay()} counts as healthy again, so its next loss starts from the first
 * delay. Not thread-safe: one leg's events come from one event loop.
 */
public final class LegReopening {

    private final ReopenBackoff backoff;
    private final Clock clock;
    private int failedAttempts;
    private Instant upSince;

    /** A leg that is up (acknowledged) now. */
    public LegReopening(ReopenBackoff backoff, Clock clock) {
        this.backoff = Objects.requireNonNull(backoff, "backoff");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.upSince = clock.instant();
    }

    /** The leg (or its reopened successor) was acknowledged. */
    public void acknowledged() {
        upSince = clock.instant();
    }

    /**
     * The leg was lost (or an attempt to reopen it failed): how long to wait before the next attempt, or empty when
     * the attempts are spent and the leg is given up.
     */
    public Optional<Duration> lost() {
        Instant now = clock.instant();
        if (upSince != null && Duration.between(upSince, now).compareTo(backoff.maxDelay()) >= 0) {
            failedAttempts = 0;
        }
        upSince = null;
        failedAttempts++;
        return backoff.delayBefore(failedAttempts);
    }

    /** Attempts made since the leg was last healthy (for logs). */
    public int attempts() {
        return failedAttempts;
    }
}
