package io.eragate.core.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RestartScheduleTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    void delaysDoubleFromTheInitialDelayUpToTheMaximum() {
        RestartSchedule.Settings settings = new RestartSchedule.Settings(Duration.ofMillis(100),
                Duration.ofMillis(700), 100, Duration.ofSeconds(60), Duration.ofSeconds(60));
        RestartSchedule schedule = new RestartSchedule(settings);

        Instant now = T0;
        long[] expected = {100, 200, 400, 700, 700};
        for (long millis : expected) {
            RestartSchedule.Decision decision = schedule.onExit(now, now.plusMillis(1));
            assertThat(decision).isInstanceOf(RestartSchedule.Restart.class);
            assertThat(((RestartSchedule.Restart) decision).delay()).isEqualTo(Duration.ofMillis(millis));
            now = now.plusMillis(2);
        }
    }

    @Test
    void moreThanMaxCrashesWithinTheWindowPausesRestarts() {
        RestartSchedule schedule = new RestartSchedule(RestartSchedule.STANDARD);

        Instant now = T0;
        for (int crash = 1; crash <= 5; crash++) {
            assertThat(schedule.onExit(now, now.plusSeconds(1))).isInstanceOf(RestartSchedule.Restart.class);
            now = now.plusSeconds(2);
        }
        RestartSchedule.Decision sixth = schedule.onExit(now, now.plusSeconds(1));

        assertThat(sixth).isEqualTo(new RestartSchedule.CoolDown(now.plusSeconds(61), 6));
        Instant afterPause = now.plusSeconds(62);
        assertThat(schedule.onExit(afterPause, afterPause.plusSeconds(1)))
                .as("after the pause the history starts over")
                .isEqualTo(new RestartSchedule.Restart(Duration.ofMillis(100), 1));
    }

    @Test
    void crashesOutsideTheWindowAreNotCounted() {
        RestartSchedule schedule = new RestartSchedule(RestartSchedule.STANDARD);

        Instant now = T0;
        for (int crash = 1; crash <= 20; crash++) {
            RestartSchedule.Decision decision = schedule.onExit(now, now.plusSeconds(1));
            assertThat(decision).as("crash %d, 25 s apart", crash).isInstanceOf(RestartSchedule.Restart.class);
            assertThat(((RestartSchedule.Restart) decision).crashesInWindow()).isLessThanOrEqualTo(3);
            now = now.plusSeconds(25);
        }
    }

    @Test
    void aProcessThatRanForTheWholeWindowStartsTheBackoffOver() {
        RestartSchedule schedule = new RestartSchedule(RestartSchedule.STANDARD);
        schedule.onExit(T0, T0.plusMillis(10));
        schedule.onExit(T0, T0.plusMillis(20));
        RestartSchedule.Decision third = schedule.onExit(T0, T0.plusMillis(30));
        assertThat(third).isEqualTo(new RestartSchedule.Restart(Duration.ofMillis(400), 3));

        Instant started = T0.plusSeconds(1);
        RestartSchedule.Decision afterHealthyRun = schedule.onExit(started, started.plusSeconds(60));

        assertThat(afterHealthyRun).isEqualTo(new RestartSchedule.Restart(Duration.ofMillis(100), 1));
    }
}
