package io.eragate.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.bench.load.CapacityResult;
import io.eragate.bench.load.LoadResults;
import io.eragate.bench.load.PayloadResult;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BenchmarkReportTest {

    @Test
    void theReportHasEverySectionTheMachineTheCommandsAndTheChart() {
        LoadResults results = SampleResults.typical();
        MachineInfo machine = new MachineInfo("AMD EPYC", 2, "23.5 GiB", "Debian 12", "OpenJDK 17");
        List<JmhResults.Row> rows = List.of(new JmhResults.Row("frontdoor.FrontDoorBenchmark.acceptToolsCall", "",
                7000, 100, "ns/op", 9000));

        String md = BenchmarkReport.render(results, rows, "-f 1 -wi 2 -i 3 -w 1s -r 2s -prof gc", machine,
                "nginx/1.22.1", List.of("bench/run.sh"), "benchmarks-load.svg", "Where the time goes.\n");

        assertThat(md).contains("# Benchmarks", "## Summary", "## Machine", "## Method", "## Commands",
                "## Load results", "## Microbenchmarks (JMH)", "## Not measured yet");
        assertThat(md).contains("AMD EPYC, 2 processors (`nproc`)", "nginx: nginx/1.22.1", "bench/run.sh",
                "![Throughput and latency per scenario](benchmarks-load.svg)",
                "`-f 1 -wi 2 -i 3 -w 1s -r 2s -prof gc`", "java -jar eragate.jar --config x.yaml",
                "### Profile open (9,500 req/s)", "each profile runs 3 round(s)");
        assertThat(md).contains(LoadTables.targets(results), LoadTables.ratios(results));
        assertThat(md).endsWith("## Analysis\n\nWhere the time goes.\n");
    }

    @Test
    void withoutJmhResultsTheSectionSaysSo() {
        String md = BenchmarkReport.render(SampleResults.typical(), List.of(), "", new MachineInfo("cpu", 1, "1 GiB",
                "os", "java"), "not installed", List.of(), "c.svg", " ");
        assertThat(md).contains("No JMH results in this run.").doesNotContain("## Analysis");
    }

    @Test
    void capacityAndPayloadResultsGetSectionsAndFillTheHeapTarget() {
        LoadResults results = SampleResults.typical();
        CapacityResult capacity = CapacityTablesTest.sample(5_304, 10_000);
        PayloadResult payload = PayloadTablesTest.sample();
        CapacityResult sessions = CapacityTablesTest.sessions(6_144, 9_800);

        String md = BenchmarkReport.render(results, Optional.of(capacity), Optional.of(sessions), Optional.of(payload),
                List.of(), "", new MachineInfo("cpu", 1, "1 GiB", "os", "java"), "not installed", List.of(), "c.svg",
                "");

        assertThat(md).contains(CapacityTables.targetRow(Optional.of(capacity)))
                .doesNotContain("heap per idle listen stream | not measured");
        assertThat(md).contains(CapacityTables.targetRow(Optional.of(sessions), CapacityResult.LEGACY_SESSIONS))
                .contains(LegacySessionsReport.HEADING, CapacityTables.summary(sessions),
                        "`legacyClients.maxSessions: 10100`", "bench/run.sh --only sessions");
        assertThat(md.indexOf("## Capacity")).isLessThan(md.indexOf(LegacySessionsReport.HEADING));
        assertThat(md).contains("## Capacity: idle listen streams through the bridge",
                CapacityTables.summary(capacity), CapacityTables.histogram(capacity),
                "`subscriptions.maxListeners: 10100`", "bench/run.sh --only capacity");
        assertThat(md).contains("## Large payloads: memory stays flat", PayloadTables.results(payload),
                "bench/run.sh --only payload");
        assertThat(md.indexOf("## Load results")).isLessThan(md.indexOf("## Capacity"));
        assertThat(md.indexOf("## Large payloads")).isLessThan(md.indexOf("## Microbenchmarks"));
        assertThat(md).as("everything was measured").doesNotContain("## Not measured yet");
    }

    @Test
    void withoutThemTheHeapTargetAndTheNotMeasuredSectionSaySo() {
        String md = BenchmarkReport.render(SampleResults.typical(), List.of(), "", new MachineInfo("cpu", 1, "1 GiB",
                "os", "java"), "not installed", List.of(), "c.svg", "");

        assertThat(md).contains("| ≤ 10 KiB heap per idle listen stream | not measured in this run | — |")
                .doesNotContain("## Capacity", "## Large payloads");
        assertThat(md.substring(md.indexOf("## Not measured yet"))).contains("bench/run.sh --only capacity",
                "bench/run.sh --only sessions", "bench/run.sh --only payload");
        assertThat(md).contains("| ≤ 10 KiB heap per idle legacy-client session (with its GET stream) | not "
                + "measured in this run | — |");
    }
}
