package io.eragate.netty.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The shared bounded wait: it returns on the condition, gives up early when told, and fails at its bound. */
class AwaitTest {
    /** A bound no passing test comes near: reaching it means the early exit did not work. */
    private static final Duration HOUR = Duration.ofHours(1);

    @Test
    void theFirstValueTheProbeYieldsIsReturned() {
        AtomicInteger calls = new AtomicInteger();

        String value = Await.value("the third call", HOUR,
                () -> calls.incrementAndGet() == 3 ? Optional.of("third") : Optional.empty(), () -> "");

        assertThat(value).isEqualTo("third");
        assertThat(calls.get()).isEqualTo(3);
    }

    @Test
    @Timeout(60)
    void aWaitGivesUpAtOnceWithTheReasonOnceWhatItDependsOnHasEnded() {
        AtomicInteger probes = new AtomicInteger();

        assertThatThrownBy(() -> Await.value("the gateway listens", HOUR, () -> {
            probes.incrementAndGet();
            return Optional.empty();
        }, () -> probes.get() >= 2 ? Optional.of("the gateway exited: 1") : Optional.empty(), () -> "state"))
                .isInstanceOf(AssertionError.class)
                .hasMessage("Gave up waiting until the gateway listens: the gateway exited: 1");
        assertThat(probes.get()).isEqualTo(2);
    }

    @Test
    void aValueThatComesIsTakenEvenWhenTheWaitWouldGiveUpAfterIt() {
        String value = Await.value("a last line", HOUR, () -> Optional.of("line"),
                () -> Optional.of("the client ended"), () -> "");

        assertThat(value).isEqualTo("line");
    }

    @Test
    @Timeout(60)
    void untilWithAnEarlyExitGivesUpWithTheReason() {
        assertThatThrownBy(() -> Await.untilOrGiveUp("the file exists", HOUR, () -> false,
                () -> Optional.of("the client ended before its DELETE")))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("the client ended before its DELETE");
    }

    @Test
    void aConditionThatNeverHoldsFailsAtTheBoundNamingWhatAndTheState() {
        assertThatThrownBy(() -> Await.until("never", Duration.ofMillis(20), () -> false, () -> "counter=0"))
                .isInstanceOf(AssertionError.class)
                .hasMessage("Not true within PT0.02S: never counter=0");
        assertThat(Await.within(Duration.ofMillis(20), () -> false)).isFalse();
        assertThat(Await.within(HOUR, () -> true)).isTrue();
    }
}
