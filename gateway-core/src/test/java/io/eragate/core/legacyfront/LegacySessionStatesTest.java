package io.eragate.core.legacyfront;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eragate.core.bridge.LogLevel;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** What a replica keeps of the legacy client sessions it serves: level, end, what they hold, within the bound. */
class LegacySessionStatesTest {

    @Test
    void aSessionKeepsItsLevelUntilItEnds() {
        LegacySessionStates states = new LegacySessionStates(10);

        states.of("s1").logLevel(LogLevel.ERROR);

        assertThat(states.find("s1").orElseThrow().logLevel()).isEqualTo(LogLevel.ERROR);
        assertThat(states.find("s2")).isEmpty();
        assertThat(states.ended("s1")).isFalse();
        assertThat(states.of("s1").end()).isTrue();
        assertThat(states.ended("s1")).isTrue();
        assertThat(states.of("s1").end()).as("ending twice").isFalse();
    }

    @Test
    void endingASessionClosesWhatItHoldsAndWhatItIsGivenLater() {
        LegacySessionState state = new LegacySessionStates(10).of("s1");
        AtomicInteger closed = new AtomicInteger();

        assertThat(state.hold(closed::incrementAndGet)).isTrue();
        assertThat(closed).hasValue(0);
        state.end();
        assertThat(closed).hasValue(1);
        assertThat(state.hold(closed::incrementAndGet)).as("held after the end").isFalse();
        assertThat(closed).hasValue(2);
    }

    @Test
    void endAllEndsEverySession() {
        LegacySessionStates states = new LegacySessionStates(10);
        AtomicInteger closed = new AtomicInteger();
        states.of("a").hold(closed::incrementAndGet);
        states.of("b").hold(closed::incrementAndGet);

        states.endAll();

        assertThat(closed).hasValue(2);
        assertThat(states.ended("a")).isTrue();
        assertThat(states.ended("b")).isTrue();
    }

    @Test
    void theBoundIsKept() {
        LegacySessionStates states = new LegacySessionStates(2);
        for (int i = 0; i < 50; i++) {
            states.of("s" + i);
        }

        assertThat(states.size()).isLessThanOrEqualTo(2);
        assertThatThrownBy(() -> new LegacySessionStates(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
