package io.eragate.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class LoadRunnerTest {

    @Test
    void everyScenarioTakesEveryPlaceInTurn() {
        List<String> order = List.of("direct", "nginx", "eragate");
        assertThat(LoadRunner.rotated(order, 0)).containsExactly("direct", "nginx", "eragate");
        assertThat(LoadRunner.rotated(order, 1)).containsExactly("nginx", "eragate", "direct");
        assertThat(LoadRunner.rotated(order, 2)).containsExactly("eragate", "direct", "nginx");
        assertThat(LoadRunner.rotated(order, 3)).containsExactly("direct", "nginx", "eragate");
    }

    @Test
    void theAutomaticRateIsHalfTheSlowestMeasuredScenarioRoundedDown() {
        ProfileResult closed = new ProfileResult("concurrent", "c", "CLOSED", 16, 0, 1, 1, List.of(
                result(Scenario.DIRECT, 40_123),
                result(Scenario.ERAGATE_PASS_THROUGH, 12_867),
                ScenarioResult.notMeasured(Scenario.ERAGATE_BRIDGE_POOLED, ScenarioResult.PENDING, "later")));
        assertThat(LoadRunner.autoRate(closed)).isEqualTo(6_430);
    }

    @Test
    void theAutomaticRateFollowsTheWorstRoundNotTheAverage() {
        LatencySummary any = new LatencySummary(1, 1, 1, 1, 1, 1, 1);
        ScenarioResult uneven = new ScenarioResult(Scenario.ERAGATE_PASS_THROUGH.key(), "e", ScenarioResult.MEASURED,
                null, 12_000, any, 1, 1, 0, 0, 0, 0, List.of(
                        new RoundResult(1, 0, 5, 1, 1, 0, 0, 0, 0, 7_090, any),
                        new RoundResult(2, 1, 5, 1, 1, 0, 0, 0, 0, 15_000, any)), null);
        ProfileResult closed = new ProfileResult("concurrent", "c", "CLOSED", 16, 0, 1, 1,
                List.of(result(Scenario.DIRECT, 40_000), uneven));
        assertThat(LoadRunner.autoRate(closed)).isEqualTo(3_540);
    }

    @Test
    void theScenariosMeasuredAgainstALineOfTheirOwnDoNotSetTheRate() {
        ProfileResult closed = new ProfileResult("concurrent", "c", "CLOSED", 16, 0, 1, 1, List.of(
                result(Scenario.DIRECT, 40_000),
                result(Scenario.ERAGATE_PASS_THROUGH, 12_000),
                result(Scenario.LEGACY_FRONT, 4_000),
                result(Scenario.FEDERATED_LIST_UNCACHED, 60)));
        assertThat(LoadRunner.autoRate(closed)).isEqualTo(6_000);
    }

    @Test
    void theAutomaticRateNeverDropsToZero() {
        ProfileResult closed = new ProfileResult("concurrent", "c", "CLOSED", 16, 0, 1, 1,
                List.of(result(Scenario.DIRECT, 3)));
        assertThat(LoadRunner.autoRate(closed)).isEqualTo(10);
    }

    private static ScenarioResult result(Scenario scenario, double throughput) {
        return new ScenarioResult(scenario.key(), scenario.label(), ScenarioResult.MEASURED, null, throughput,
                new LatencySummary(1, 1, 1, 1, 1, 1, 1), 1, 1, 0, 0, 0, 0, List.of(), null);
    }
}
