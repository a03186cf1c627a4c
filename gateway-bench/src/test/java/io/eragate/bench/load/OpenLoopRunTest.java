package io.eragate.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class OpenLoopRunTest {

    static Stream<Arguments> schedule() {
        long fiveMs = 5_000_000;
        return Stream.of(
                Arguments.of("before the start nothing is due", -1L, fiveMs, 0L),
                Arguments.of("request 0 is due at the start", 0L, fiveMs, 1L),
                Arguments.of("just before request 1", fiveMs - 1, fiveMs, 1L),
                Arguments.of("exactly at request 1", fiveMs, fiveMs, 2L),
                Arguments.of("400 ms at 200 req/s", 400_000_000L, fiveMs, 81L),
                Arguments.of("a late tick catches up on everything due", 1_000_000_000L, fiveMs, 201L));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("schedule")
    void requestKIsDueAtKIntervalsFromTheStart(String why, long elapsed, long interval, long due) {
        assertThat(OpenLoopRun.dueBy(elapsed, interval)).as(why).isEqualTo(due);
    }
}
