package io.eragate.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.bench.load.LoadResults;
import io.eragate.bench.load.ProfileResult;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadTablesTest {
    private final LoadResults results = SampleResults.typical();

    @Test
    void aRowPutsItsCellsBetweenPipesAndEndsTheLine() {
        assertThat(LoadTables.row("a", "1.00×", "")).isEqualTo("| a | 1.00× |  |\n");
    }

    @Test
    void aHeaderIsTheColumnsRowAndOneSeparatorPerColumn() {
        assertThat(LoadTables.header("Scenario", "req/s")).isEqualTo("| Scenario | req/s |\n|---|---|\n");
    }

    @Test
    void targetsQuoteTheRatiosAndSayWhetherTheyAreMet() {
        String targets = LoadTables.targets(results);

        assertThat(targets).contains("| Pass-through throughput ≥ 1.0× nginx (closed loop, 16 connections) | 0.95× "
                + "| **no** |");
        assertThat(targets).contains("| Pass-through throughput ≥ 1.0× nginx (closed loop, concurrent64 profile) "
                + "| not measured in this run |");
        assertThat(targets).contains("| Serial p50 added over direct ≤ nginx's (closed loop, 1 connection) "
                + "| +100 µs (nginx: +50 µs) | **no** |");
        assertThat(targets).contains("| Pass-through p99 ≤ 1.1× nginx's (open loop at 9,500 req/s) | 1.20× | **no** |");
        assertThat(targets).contains("| Warm bridged call ≥ 0.95× the pass-through (closed loop, 16 connections) "
                + "| not measured: the legacy bridge has not landed yet |");
        assertThat(targets).contains("≤ 10 KiB heap per idle listen stream | not measured");
        assertThat(targets).contains("≤ 10 KiB heap per idle legacy-client session (with its GET stream) "
                + "| not measured");
        assertThat(targets).doesNotContain("1.3× direct", "per-call-initialize");
    }

    @Test
    void aRunThatMeetsTheIssuesTargetsIsSaidToMeetEachOfThem() {
        String targets = LoadTables.targets(SampleResults.meetingTargets());

        assertThat(targets)
                .contains("| Pass-through throughput ≥ 1.0× nginx (closed loop, 16 connections) | 1.05× | yes |")
                .contains("| Pass-through throughput ≥ 1.0× nginx (closed loop, 64 connections) | 1.05× | yes |")
                .contains("| Serial p50 added over direct ≤ nginx's (closed loop, 1 connection) "
                        + "| +40 µs (nginx: +50 µs) | yes |")
                .contains("| Pass-through p99 ≤ 1.1× nginx's (open loop at 9,500 req/s) | 1.04× | yes |")
                .contains("| Warm bridged call ≥ 0.95× the pass-through (closed loop, 16 connections) | 0.98× | yes |")
                .contains("| Warm bridged call ≥ 0.95× the pass-through (closed loop, 64 connections) | 0.98× | yes |");
    }

    @Test
    void ratiosPerProfileComeFromTheMeasuredRows() {
        String ratios = LoadTables.ratios(results);

        assertThat(ratios).contains("| closed loop, 1 connection | 0.83× | 0.63× | 1.33× | 2.00× | 1.33× | 2.00× "
                + "| +50 | +100 | — |");
        assertThat(ratios).contains("| closed loop, 16 connections | 0.95× | 0.48× |");
        assertThat(ratios).contains("| open loop at 9,500 req/s | 1.00× | 1.00× |");
    }

    @Test
    void measuredBridgeRowsGiveThePooledOverPerCallRatioAndTheTargetVerdict() {
        LoadResults bridged = SampleResults.withBridge();

        assertThat(LoadTables.targets(bridged))
                .contains("| Warm bridged call ≥ 0.95× the pass-through (closed loop, 16 connections) | 0.32× "
                        + "| **no** |");
        assertThat(LoadTables.ratios(bridged)).contains("| closed loop, 16 connections | 0.95× | 0.48× |")
                .containsPattern("\\| closed loop, 16 connections \\|.*\\| 4\\.00× \\|\n");
        assertThat(LoadTables.results(bridged.profile("concurrent").orElseThrow()))
                .contains("| Eragate bridge, warm pooled session | 6,000 |")
                .contains("| Eragate bridge, initialize per call | 1,500 |");
    }

    @Test
    void pendingScenariosAreListedWithTheirReasonAndNoNumbers() {
        ProfileResult serial = results.profile("serial").orElseThrow();
        String table = LoadTables.results(serial);

        assertThat(table).contains("| Eragate bridge, warm pooled session | pending: the legacy bridge has not "
                + "landed yet | | | | | | | | |");
        assertThat(table).contains("| Eragate pass-through | 2,500 | 2,500 / 2,500 / 2,500 | 200 | 400 | 800 |");
    }

    @Test
    void resourcesShowNothingForAHopThatDoesNotExist() {
        String table = LoadTables.resources(results.profile("serial").orElseThrow());

        assertThat(table).contains("| direct | — | — | — | 60 | 40 | 5 | 0 | — | — |");
        assertThat(table).contains("| nginx proxy_pass | 70 | 35 | — | 50 | 40 | 5 | 0 | 100.0 | — |");
        assertThat(table).contains("| Eragate pass-through | 70 | 35 | 3,210 | 50 | 40 | 5 | 0 | 100.0 | 8.0 |");
    }

    @Test
    void withoutTheProfilesATargetIsNotMeasuredRatherThanGuessed() {
        LoadResults none = new LoadResults("smoke", "now", 1, 0, 1, java.util.Map.of(), java.util.Map.of(),
                List.of());
        assertThat(LoadTables.targets(none))
                .contains("| Serial p50 added over direct ≤ nginx's (closed loop, 1 connection) | not measured in this "
                        + "run |")
                .contains("| Pass-through p99 ≤ 1.1× nginx's (open loop at a fixed rate) | not measured in this run |");
    }
}
