package io.eragate.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.bench.load.LoadResults;
import io.eragate.bench.load.ProfileResult;
import io.eragate.bench.load.Scenario;
import io.eragate.bench.load.ScenarioResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExchangeTablesTest {

    @Test
    void eachRatioIsTheScenariosThroughputOverItsLinesInTheSameProfile() {
        ProfileResult concurrent = SampleResults.withExchanges(0.9).profile("concurrent").orElseThrow();

        assertThat(ExchangeTables.ratio(concurrent, comparison(Scenario.LEGACY_FRONT)).getAsDouble())
                .as("legacy front 17,100 over pass-through 19,000").isEqualTo(0.9, org.assertj.core.data.Offset
                        .offset(1e-9));
        assertThat(ExchangeTables.ratio(concurrent, comparison(Scenario.FEDERATED_LIST_CACHED)).getAsDouble())
                .as("cached federated 9,500 over list pass-through 10,000").isEqualTo(0.95);
        assertThat(ExchangeTables.ratio(concurrent, comparison(Scenario.FEDERATED_LIST_UNCACHED)).getAsDouble())
                .as("uncached federated 2,000 over 10,000").isEqualTo(0.2);
    }

    private static ExchangeTables.Comparison comparison(Scenario scenario) {
        return ExchangeTables.COMPARISONS.stream().filter(c -> c.scenario() == scenario).findFirst().orElseThrow();
    }

    @Test
    void aCompareRunsBaselineRowsStandAgainstTheirOwnLines() {
        assertThat(comparison(Scenario.LEGACY_FRONT_BASELINE).line()).isEqualTo(Scenario.ERAGATE_BASELINE);
        assertThat(comparison(Scenario.FEDERATED_LIST_CACHED_BASELINE).line()).isEqualTo(Scenario.LIST_PASS_THROUGH);
        assertThat(comparison(Scenario.BRIDGE_POOLED_BASELINE).line()).isEqualTo(Scenario.ERAGATE_BASELINE);
        assertThat(ExchangeTables.COMPARISONS).filteredOn(c -> c.scenario().isBaseline())
                .noneMatch(ExchangeTables.Comparison::hasTarget);
        assertThat(Scenario.values()).filteredOn(Scenario::isBaseline).containsExactly(Scenario.ERAGATE_BASELINE,
                Scenario.LEGACY_FRONT_BASELINE, Scenario.FEDERATED_LIST_CACHED_BASELINE,
                Scenario.BRIDGE_POOLED_BASELINE).noneMatch(Scenario::runsByDefault);
    }

    @Test
    void theTargetRowsSayWhetherEachTargetIsMetAtSixteenConnections() {
        assertThat(ExchangeTables.targetRows(SampleResults.withExchanges(0.95))).isEqualTo(
                "| Legacy-client front ≥ 0.9× the pass-through (closed loop, 16 connections) | 0.95× | yes |\n"
                        + "| Cached federated tools/list (3 upstreams) ≥ 0.9× a single pass-through tools/list "
                        + "(closed loop, 16 connections) | 0.95× | yes |\n");
        assertThat(ExchangeTables.targetRows(SampleResults.withExchanges(0.5)))
                .startsWith("| Legacy-client front ≥ 0.9× the pass-through (closed loop, 16 connections) | 0.50× "
                        + "| **no** |\n");
    }

    @Test
    void aComparisonThatDidNotRunSaysWhyInsteadOfARatio() {
        LoadResults results = SampleResults.withExchanges(0.9);
        List<ProfileResult> profiles = new ArrayList<>();
        for (ProfileResult p : results.profiles()) {
            List<ScenarioResult> scenarios = new ArrayList<>(p.scenarios().stream()
                    .filter(s -> !s.scenario().equals(Scenario.LEGACY_FRONT.key())).toList());
            scenarios.add(ScenarioResult.notMeasured(Scenario.LEGACY_FRONT, ScenarioResult.UNAVAILABLE,
                    "no Eragate jar or classpath was given"));
            profiles.add(new ProfileResult(p.name(), p.title(), p.mode(), p.connections(), p.ratePerSecond(),
                    p.warmupSeconds(), p.measureSeconds(), scenarios));
        }
        LoadResults without = new LoadResults(results.plan(), results.startedAt(), results.rounds(),
                results.initialWarmupSeconds(), results.maxRequestsPerRound(), results.commands(),
                results.scenarioDescriptions(), profiles);

        assertThat(ExchangeTables.targetRows(without)).startsWith("| Legacy-client front ≥ 0.9× the pass-through "
                + "| not measured: legacy-front: no Eragate jar or classpath was given | — |\n");
        assertThat(ExchangeTables.targetRows(SampleResults.typical()))
                .contains("not measured: legacy-front and eragate were not both in this run")
                .contains("not measured: federated-list-cached and list-pass-through were not both in this run");
    }

    @Test
    void theTableListsEachLineOnceAboveTheScenariosMeasuredAgainstIt() {
        String table = ExchangeTables.table(SampleResults.withExchanges(0.9));

        assertThat(table).contains("| closed loop, 16 connections | Eragate pass-through | (the line) | 19,000 | — "
                + "| 800 | 3,200 | 35 | 3,210 |\n| closed loop, 16 connections | Eragate legacy-client front | "
                + "Eragate pass-through | 17,100 | 0.90× | 900 |");
        assertThat(table).contains("| closed loop, 16 connections | Eragate pass-through, tools/list | (the line) "
                + "| 10,000 | — |");
        assertThat(table).contains("| closed loop, 16 connections | Eragate federated tools/list, cached | Eragate "
                + "pass-through, tools/list | 9,500 | 0.95× |");
        assertThat(table).contains("| closed loop, 16 connections | Eragate federated tools/list, uncached | Eragate "
                + "pass-through, tools/list | 2,000 | 0.20× |");
        assertThat(table.split("\\| closed loop, 16 connections \\| Eragate pass-through, tools/list \\|", -1))
                .as("the list line once per profile, though two comparisons share it").hasSize(2);
        assertThat(ExchangeTables.table(SampleResults.typical())).isEmpty();
    }

    @Test
    void theReportAndTheSummaryCarryTheTargetsAndTheTable() {
        String report = BenchmarkReport.render(SampleResults.withExchanges(0.9), List.of(), "",
                new MachineInfo("cpu", 1, "1 GiB", "os", "java"), "nginx", List.of(), "c.svg", "");

        assertThat(report).contains("| Legacy-client front ≥ 0.9× the pass-through (closed loop, 16 connections) "
                + "| 0.90× | yes |")
                .contains("### Legacy-client front and federated lists, side by side in the same rounds")
                .contains(ExchangeTables.table(SampleResults.withExchanges(0.9)))
                .contains("one session per connection");
    }
}
