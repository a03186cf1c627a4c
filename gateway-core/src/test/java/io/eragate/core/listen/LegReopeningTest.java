package io.eragate.core.listen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eragate.core.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** When a lost listen leg is reopened, on the hand-moved clock. */
class LegReopeningTest {

    private static final ReopenBackoff BACKOFF = new ReopenBackoff(Duration.ofSeconds(1), Duration.ofSeconds(10), 6);

    private final MutableClock clock = new MutableClock(Instant.parse("2026-12-03T12:00:00Z"));

    @Test
    void attemptsThatFailWaitTwiceAsLongUpToTheCapThenTheLegIsGivenUp() {
        LegReopening leg = new LegReopening(BACKOFF, clock);
        List<Optional<Duration>> waits = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            Optional<Duration> wait = leg.lost();
            waits.add(wait);
            wait.ifPresent(clock::advance);
        }

        assertThat(waits).containsExactly(Optional.of(Duration.ofSeconds(1)), Optional.of(Duration.ofSeconds(2)),
                Optional.of(Duration.ofSeconds(4)), Optional.of(Duration.ofSeconds(8)),
                Optional.of(Duration.ofSeconds(10)), Optional.of(Duration.ofSeconds(10)), Optional.empty());
        assertThat(leg.attempts()).isEqualTo(7);
    }

    @Test
    void aLegThatStaysUpForTheLongestDelayStartsAgainFromTheFirst() {
        LegReopening leg = new LegReopening(BACKOFF, clock);
        assertThat(leg.lost()).contains(Duration.ofSeconds(1));
        assertThat(leg.lost()).contains(Duration.ofSeconds(2));
        leg.acknowledged();
        clock.advance(Duration.ofSeconds(10));

        assertThat(leg.lost()).as("healthy for maxDelay: a fresh start").contains(Duration.ofSeconds(1));
    }

    @Test
    void aLegLostSoonAfterItsReopeningKeepsBackingOff() {
        LegReopening leg = new LegReopening(BACKOFF, clock);
        assertThat(leg.lost()).contains(Duration.ofSeconds(1));
        leg.acknowledged();
        clock.advance(Duration.ofSeconds(9));

        assertThat(leg.lost()).as("up for less than maxDelay: flapping").contains(Duration.ofSeconds(2));
    }

    @Test
    void aLegUpSinceItWasOpenedStartsFromTheFirstDelayWhateverTheClock() {
        LegReopening leg = new LegReopening(BACKOFF, clock);
        clock.advance(Duration.ofHours(1));

        assertThat(leg.lost()).contains(Duration.ofSeconds(1));
    }

    @Test
    void theBackoffIsValidated() {
        assertThat(ReopenBackoff.DEFAULTS.delayBefore(1)).contains(Duration.ofSeconds(1));
        assertThat(ReopenBackoff.DEFAULTS.delayBefore(10)).contains(Duration.ofSeconds(30));
        assertThat(ReopenBackoff.DEFAULTS.delayBefore(11)).isEmpty();
        assertThat(ReopenBackoff.DEFAULTS.delayBefore(0)).isEmpty();
        assertThatThrownBy(() -> new ReopenBackoff(Duration.ofSeconds(2), Duration.ofSeconds(1), 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ReopenBackoff(Duration.ZERO, Duration.ofSeconds(1), 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ReopenBackoff(Duration.ofSeconds(1), Duration.ofSeconds(1), 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
