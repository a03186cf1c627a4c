package io.eragate.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eragate.bench.load.CapacityResult;
import io.eragate.bench.load.PayloadResult;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ReportUpdateTest {
    private static final MachineInfo MACHINE = new MachineInfo("cpu", 1, "1 GiB", "os", "java");
    private final CapacityResult capacity = CapacityTablesTest.sample(5_304, 10_000);
    private final PayloadResult payload = PayloadTablesTest.sample();
    private final List<JmhResults.Row> jmh = List.of(new JmhResults.Row("a.B.c", "", 1, 1, "ns/op", 8));

    @Test
    void anOlderReportGetsTheSameSectionsAndTargetRowAsAFullRender() {
        String before = BenchmarkReport.render(SampleResults.typical(), jmh, "", MACHINE, "nginx", List.of(), "c.svg",
                "Notes.");
        String full = BenchmarkReport.render(SampleResults.typical(), Optional.of(capacity), Optional.of(payload),
                jmh, "", MACHINE, "nginx", List.of(), "c.svg", "Notes.");

        assertThat(ReportUpdate.update(before, Optional.of(capacity), Optional.of(payload))).isEqualTo(full);
    }

    @Test
    void updatingTwiceReplacesTheSectionsInsteadOfAddingThemAgain() {
        String before = BenchmarkReport.render(SampleResults.typical(), jmh, "", MACHINE, "nginx", List.of(), "c.svg",
                "");
        String once = ReportUpdate.update(before, Optional.of(capacity), Optional.of(payload));
        CapacityResult worse = CapacityTablesTest.sample(12_000, 10_000);

        String twice = ReportUpdate.update(once, Optional.of(worse), Optional.of(payload));

        assertThat(twice.split("## Capacity", -1)).hasSize(2);
        assertThat(twice.split("## Large payloads", -1)).hasSize(2);
        assertThat(twice).contains(CapacityTables.summary(worse)).doesNotContain(CapacityTables.summary(capacity))
                .contains("per stream (10,000 bridged streams held) | **no** |");
    }

    @Test
    void onlyThePartsGivenChange() {
        String before = BenchmarkReport.render(SampleResults.typical(), jmh, "", MACHINE, "nginx", List.of(), "c.svg",
                "");

        String updated = ReportUpdate.update(before, Optional.of(capacity), Optional.empty());

        assertThat(updated).contains("## Capacity").doesNotContain("## Large payloads")
                .contains("- **Large-payload run**").doesNotContain("- **Capacity run**");
    }

    @Test
    void aNewAnalysisReplacesTheOldOne() {
        String before = BenchmarkReport.render(SampleResults.typical(), jmh, "", MACHINE, "nginx", List.of(), "c.svg",
                "Old notes.");
        String full = BenchmarkReport.render(SampleResults.typical(), Optional.of(capacity), Optional.empty(), jmh,
                "", MACHINE, "nginx", List.of(), "c.svg", "New notes.");

        assertThat(ReportUpdate.update(before, Optional.of(capacity), Optional.empty(), Optional.of("New notes.\n")))
                .isEqualTo(full);
    }

    @Test
    void theSessionsRunGetsItsRowSectionAndBulletAsInAFullRender() {
        CapacityResult sessions = CapacityTablesTest.sessions(6_144, 9_800);
        String before = BenchmarkReport.render(SampleResults.typical(), jmh, "", MACHINE, "nginx", List.of(), "c.svg",
                "");
        String full = BenchmarkReport.render(SampleResults.typical(), Optional.empty(), Optional.of(sessions),
                Optional.empty(), jmh, "", MACHINE, "nginx", List.of(), "c.svg", "");

        String updated = ReportUpdate.update(before, Optional.empty(), Optional.of(sessions), Optional.empty(),
                Optional.empty());

        assertThat(updated).isEqualTo(full);
        assertThat(updated).contains(LegacySessionsReport.HEADING).doesNotContain(ReportUpdate.SESSIONS_BULLET)
                .contains("per session (9,800 sessions held, each with its GET stream) | yes |")
                .as("the listen-stream bullet stays: that run was not given").contains("- **Capacity run**");
        String twice = ReportUpdate.update(updated, Optional.empty(), Optional.of(sessions), Optional.empty(),
                Optional.empty());
        assertThat(twice.split(LegacySessionsReport.HEADING, -1)).hasSize(2);
    }

    @Test
    void aReportOlderThanTheSessionsRowGetsItAfterTheListenStreamRow() {
        CapacityResult sessions = CapacityTablesTest.sessions(6_144, 9_800);
        String render = BenchmarkReport.render(SampleResults.typical(), jmh, "", MACHINE, "nginx", List.of(), "c.svg",
                "");
        String older = render.replace(CapacityTables.targetRow(Optional.empty(), CapacityResult.LEGACY_SESSIONS), "");
        assertThat(older).doesNotContain(CapacityTables.SESSIONS_TARGET);

        String updated = ReportUpdate.update(older, Optional.empty(), Optional.of(sessions), Optional.empty(),
                Optional.empty());

        assertThat(updated).contains(CapacityTables.targetRow(Optional.empty(), CapacityResult.LISTEN_STREAMS)
                + CapacityTables.targetRow(Optional.of(sessions), CapacityResult.LEGACY_SESSIONS));
    }

    @Test
    void somethingElseIsRefused() {
        assertThatThrownBy(() -> ReportUpdate.update("# Notes\n", Optional.of(capacity), Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
