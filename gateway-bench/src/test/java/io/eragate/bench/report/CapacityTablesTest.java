package io.eragate.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.bench.load.CapacityResult;
import io.eragate.bench.load.ClassHistogram;
import io.eragate.bench.load.MemorySnapshot;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CapacityTablesTest {
    private static final long MIB = 1024 * 1024;

    static CapacityResult sample(long heapPerStream, int held) {
        MemorySnapshot baseline = new MemorySnapshot(10 * MIB, 150 * MIB, 640 * MIB, 128 * MIB,
                Map.of("Java Heap", 512 * MIB, "Other", MIB));
        MemorySnapshot loaded = new MemorySnapshot(10 * MIB + heapPerStream * held, 230 * MIB, 642 * MIB, 130 * MIB,
                Map.of("Java Heap", 512 * MIB, "Other", 3 * MIB));
        MemorySnapshot closed = new MemorySnapshot(10 * MIB, 231 * MIB, 642 * MIB, 130 * MIB, Map.of());
        return new CapacityResult("full", "2026-12-02T18:00:00Z", 10_000, held, 10_000 - held,
                held < 10_000 ? "status 503 Service Unavailable" : null, 7.1, 20_000,
                Map.of("subscriptions.maxListeners", "10100"), "-Xms512m -Xmx512m -XX:NativeMemoryTracking=summary",
                baseline, loaded, closed,
                List.of(new ClassHistogram.Row("[B", 90_000, 6_912_000),
                        new ClassHistogram.Row("io.eragate.netty.bridge.ListenExchange", 10_000, 720_000)),
                Map.of("Eragate", "java -jar eragate.jar"));
    }

    /** {@link #sample} as a run of idle legacy-client sessions. */
    static CapacityResult sessions(long heapPerSession, int held) {
        CapacityResult r = sample(heapPerSession, held);
        return new CapacityResult(r.plan(), r.startedAt(), r.streamsWanted(), r.streamsHeld(), r.failures(),
                r.firstFailure(), r.openSeconds(), r.maxOpenFiles(), Map.of("legacyClients.maxSessions", "10100"),
                r.jvmOptions(), r.baseline(), r.loaded(), r.afterClose(), r.histogramGrowth(), r.commands(),
                CapacityResult.LEGACY_SESSIONS);
    }

    @Test
    void theSessionsTargetRowSpeaksOfSessionsAndTheirGetStreams() {
        assertThat(CapacityTables.targetRow(Optional.of(sessions(6_144, 9_800)), CapacityResult.LEGACY_SESSIONS))
                .isEqualTo("| ≤ 10 KiB heap per idle legacy-client session (with its GET stream) | 6.00 KiB "
                        + "(6,144 B) per session (9,800 sessions held, each with its GET stream) | yes |\n");
        assertThat(CapacityTables.targetRow(Optional.of(sessions(10_241, 10_000)), CapacityResult.LEGACY_SESSIONS))
                .endsWith("| **no** |\n");
        assertThat(CapacityTables.targetRow(Optional.empty(), CapacityResult.LEGACY_SESSIONS)).isEqualTo(
                "| ≤ 10 KiB heap per idle legacy-client session (with its GET stream) | not measured in this run "
                        + "| — |\n");
        assertThat(CapacityTables.targetRow(Optional.of(sessions(5_000, 0)), CapacityResult.LEGACY_SESSIONS))
                .contains("not measured: no session's GET stream was held");
        assertThat(CapacityTables.summary(sessions(6_144, 9_800)))
                .startsWith("9,800 of 10,000 legacy-client sessions' GET streams held (200 refused or failed)")
                .contains("| Eragate memory | baseline MiB | 9,800 sessions MiB | after closing them MiB "
                        + "| per session |");
    }

    @Test
    void aResultsFileFromBeforeTheSubjectFieldReadsAsListenStreams() throws Exception {
        CapacityResult listen = sample(5_304, 10_000);
        java.nio.file.Path file = java.nio.file.Files.createTempFile("capacity", ".json");
        try {
            ResultsJson.writeValue(listen, file);
            String old = java.nio.file.Files.readString(file)
                    .replaceAll(",\\s*\"subject\"\\s*:\\s*\"listen-streams\"", "");
            assertThat(old).doesNotContain("subject");
            java.nio.file.Files.writeString(file, old);

            CapacityResult read = ResultsJson.readValue(file, CapacityResult.class);

            assertThat(read).isEqualTo(listen);
            assertThat(read.legacySessions()).isFalse();
            ResultsJson.writeValue(sessions(6_144, 9_800), file);
            assertThat(ResultsJson.readValue(file, CapacityResult.class).legacySessions()).isTrue();
        } finally {
            java.nio.file.Files.delete(file);
        }
    }

    @Test
    void theTargetRowComparesHeapPerStreamWithTenKibibytes() {
        assertThat(CapacityTables.targetRow(Optional.of(sample(5_304, 10_000))))
                .isEqualTo("| ≤ 10 KiB heap per idle listen stream | 5.18 KiB (5,304 B) per stream (10,000 bridged "
                        + "streams held) | yes |\n");
        assertThat(CapacityTables.targetRow(Optional.of(sample(12_000, 10_000)))).endsWith("| **no** |\n");
        assertThat(CapacityTables.targetRow(Optional.empty()))
                .isEqualTo("| ≤ 10 KiB heap per idle listen stream | not measured in this run | — |\n");
        assertThat(CapacityTables.targetRow(Optional.of(sample(5_000, 0))))
                .contains("not measured: no listen stream was held (status 503 Service Unavailable)");
    }

    @Test
    void theSummaryGivesEachMeasureAtEveryMomentAndPerStream() {
        String md = CapacityTables.summary(sample(5_304, 10_000));

        assertThat(md).startsWith("10,000 of 10,000 listen streams held (0 refused or failed), opened in 7.1 s.");
        assertThat(md).contains("| live heap (after a full GC) | 10.0 | 60.6 | 10.0 | 5.18 KiB (5,304 B) |");
        assertThat(md).contains("| native memory outside the heap (NMT committed) | 128.0 | 130.0 | 130.0 | "
                + "0.20 KiB (210 B) |");
        assertThat(md).contains("| RSS | 150.0 | 230.0 | 231.0 | 8.19 KiB (8,389 B) |");
    }

    @Test
    void categoriesAndHistogramAreGivenPerStream() {
        CapacityResult result = sample(5_304, 10_000);

        assertThat(CapacityTables.nativeCategories(result)).contains("| Other | 2.0 | 0.20 KiB (210 B) |")
                .doesNotContain("Java Heap");
        assertThat(CapacityTables.histogram(result))
                .contains("| `[B` | 90,000 | 9.00 | 691 |",
                        "| `io.eragate.netty.bridge.ListenExchange` | 10,000 | 1.00 | 72 |");
    }

    @Test
    void anUnmeasuredValueIsADash() {
        MemorySnapshot none = new MemorySnapshot(-1, -1, -1, -1, Map.of());
        CapacityResult result = new CapacityResult("smoke", "t", 10, 10, 0, null, 0.1, -1, Map.of(), "", none, none,
                none, List.of(), Map.of());

        assertThat(CapacityTables.summary(result)).contains("| live heap (after a full GC) | — | — | — | — |");
        assertThat(CapacityTables.targetRow(Optional.of(result))).contains("jcmd could not read the heap");
        assertThat(CapacityTables.histogram(result)).isEmpty();
        assertThat(CapacityTables.nativeCategories(result)).isEmpty();
    }
}
