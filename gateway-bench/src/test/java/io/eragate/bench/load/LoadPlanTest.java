package io.eragate.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadPlanTest {
    private static final Duration SECOND = Duration.ofSeconds(1);

    @Test
    void anAutomaticOpenLoopRateNeedsAClosedLoopProfileBeforeIt() {
        LoadProfile open = new LoadProfile("open", "open", LoadMode.OPEN, 4, 0, SECOND, SECOND);
        assertThatThrownBy(() -> new LoadPlan("bad", List.of(open), 1, SECOND, 10))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("closed-loop");
    }

    @Test
    void aClosedLoopProfileHasNoRate() {
        assertThatThrownBy(() -> new LoadProfile("c", "c", LoadMode.CLOSED, 4, 100, SECOND, SECOND))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void connectionsAreBounded() {
        assertThatThrownBy(() -> new LoadProfile("c", "c", LoadMode.CLOSED,
                LoadProfile.MAX_OPEN_LOOP_CONNECTIONS + 1, 0, SECOND, SECOND))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void thePublishedPlanMeasuresSerialConcurrentAndOpenLoopsInThatOrder() {
        LoadPlan full = LoadPlan.full();
        assertThat(full.profiles()).extracting(LoadProfile::name)
                .containsExactly("serial", "concurrent", "open", "concurrent64");
        assertThat(full.profiles()).extracting(LoadProfile::connections).containsExactly(1, 16, 16, 64);
        assertThat(full.profiles().get(2).rateIsAuto()).isTrue();
        assertThat(full.rounds()).isGreaterThan(1);
    }

    @Test
    void theSmokePlanTakesSecondsAndUsesBothModes() {
        LoadPlan smoke = LoadPlan.smoke();
        Duration total = smoke.initialWarmup();
        for (LoadProfile profile : smoke.profiles()) {
            total = total.plus(profile.warmup()).plus(profile.measure());
        }
        assertThat(total).isLessThanOrEqualTo(Duration.ofSeconds(3));
        assertThat(smoke.profiles()).extracting(LoadProfile::mode).containsExactly(LoadMode.CLOSED, LoadMode.OPEN);
    }
}
