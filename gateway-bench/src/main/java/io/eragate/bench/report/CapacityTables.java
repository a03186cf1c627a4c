package io.eragate.bench.report;

import io.eragate.bench.load.CapacityResult;
import io.eragate.bench.load.ClassHistogram;
import io.eragate.bench.load.MemorySnapshot;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.ToLongFunction;

/** The markdown of the capacity run: its summary row, its memory tables and where the bytes go. */
public final class CapacityTables {
    /** The target: heap per idle listen stream. */
    public static final double TARGET_HEAP_BYTES_PER_STREAM = 10 * 1024;
    private static final String NONE = "—";
    private static final String TARGET = "≤ 10 KiB heap per idle listen stream";
    /** The target row's text for idle legacy-client sessions. */
    static final String SESSIONS_TARGET = "≤ 10 KiB heap per idle legacy-client session (with its GET stream)";

    private CapacityTables() {
    }

    /** The summary row of the heap-per-stream target. */
    public static String targetRow(Optional<CapacityResult> capacity) {
        return targetRow(capacity, CapacityResult.LISTEN_STREAMS);
    }

    /** The summary row of the heap target of {@code subject} ({@code capacity}, when present, is of that subject). */
    public static String targetRow(Optional<CapacityResult> capacity, String subject) {
        boolean sessions = CapacityResult.LEGACY_SESSIONS.equals(subject);
        String target = sessions ? SESSIONS_TARGET : TARGET;
        if (capacity.isEmpty()) {
            return "| " + target + " | not measured in this run | " + NONE + " |\n";
        }
        CapacityResult result = capacity.get();
        double perStream = result.heapBytesPerStream();
        if (Double.isNaN(perStream)) {
            return "| " + target + " | not measured: " + (result.streamsHeld() == 0
                    ? "no " + (sessions ? "session's GET stream" : "listen stream") + " was held ("
                            + result.firstFailure() + ")" : "jcmd could not read the heap")
                    + " | " + NONE + " |\n";
        }
        return "| " + target + " | " + kib(perStream) + (sessions ? " per session (" : " per stream (")
                + count(result.streamsHeld()) + (sessions ? " sessions held, each with its GET stream) | "
                        : " bridged streams held) | ")
                + (perStream <= TARGET_HEAP_BYTES_PER_STREAM ? "yes" : "**no**") + " |\n";
    }

    /** The memory table: each measure at baseline, loaded and after closing, and per stream. */
    public static String summary(CapacityResult result) {
        Objects.requireNonNull(result, "result");
        StringBuilder md = new StringBuilder();
        String what = result.legacySessions() ? "legacy-client sessions' GET streams" : "listen streams";
        md.append(String.format(Locale.ROOT, "%s of %s %s held (%s refused or failed), opened in %.1f s."
                        + "%n%n", count(result.streamsHeld()), count(result.streamsWanted()), what,
                count(result.failures()), result.openSeconds()));
        String unit = result.legacySessions() ? "session" : "stream";
        md.append("| Eragate memory | baseline MiB | ").append(count(result.streamsHeld())).append(' ').append(unit)
                .append("s MiB | after closing them MiB | per ").append(unit).append(" |\n|---|---|---|---|---|\n");
        row(md, "live heap (after a full GC)", result, MemorySnapshot::liveHeapBytes);
        row(md, "native memory outside the heap (NMT committed)", result, MemorySnapshot::nativeOutsideHeapBytes);
        row(md, "all native memory (NMT committed, heap included)", result, MemorySnapshot::nativeCommittedBytes);
        row(md, "RSS", result, MemorySnapshot::residentBytes);
        return md.toString();
    }

    /** Which native memory tracking categories grew, per stream. */
    public static String nativeCategories(CapacityResult result) {
        Map<String, Long> before = result.baseline().nativeByCategory();
        Map<String, Long> after = result.loaded().nativeByCategory();
        if (after.isEmpty() || result.streamsHeld() == 0) {
            return "";
        }
        StringBuilder md = new StringBuilder("| NMT category | committed growth MiB | per stream |\n|---|---|---|\n");
        after.forEach((category, bytes) -> {
            long delta = bytes - before.getOrDefault(category, 0L);
            if (delta != 0) {
                md.append("| ").append(category).append(" | ").append(mib(delta)).append(" | ")
                        .append(kib((double) delta / result.streamsHeld())).append(" |\n");
            }
        });
        return md.toString();
    }

    /** The classes whose live bytes grew most while the streams were held. */
    public static String histogram(CapacityResult result) {
        if (result.histogramGrowth().isEmpty() || result.streamsHeld() == 0) {
            return "";
        }
        StringBuilder md = new StringBuilder(
                "| Class (`jcmd PID GC.class_histogram`) | instances added | per stream | bytes per stream |\n"
                        + "|---|---|---|---|\n");
        for (ClassHistogram.Row row : result.histogramGrowth()) {
            md.append("| `").append(row.className()).append("` | ").append(count(row.instances())).append(" | ")
                    .append(String.format(Locale.ROOT, "%.2f", (double) row.instances() / result.streamsHeld()))
                    .append(" | ").append(String.format(Locale.ROOT, "%,.0f", (double) row.bytes()
                            / result.streamsHeld())).append(" |\n");
        }
        return md.toString();
    }

    private static void row(StringBuilder md, String measure, CapacityResult result,
            ToLongFunction<MemorySnapshot> value) {
        long before = value.applyAsLong(result.baseline());
        long loaded = value.applyAsLong(result.loaded());
        long after = value.applyAsLong(result.afterClose());
        String perStream = before < 0 || loaded < 0 || result.streamsHeld() == 0 ? NONE
                : kib((double) (loaded - before) / result.streamsHeld());
        md.append("| ").append(measure).append(" | ").append(mib(before)).append(" | ").append(mib(loaded))
                .append(" | ").append(mib(after)).append(" | ").append(perStream).append(" |\n");
    }

    /** Bytes as KiB with the exact bytes, e.g. {@code 6.25 KiB (6,400 B)}. */
    static String kib(double bytes) {
        return String.format(Locale.ROOT, "%.2f KiB (%,.0f B)", bytes / 1024, bytes);
    }

    /** Bytes as MiB with one decimal, {@code —} for -1 (not measured). */
    static String mib(long bytes) {
        return bytes == -1 ? NONE : String.format(Locale.ROOT, "%.1f", bytes / (1024.0 * 1024.0));
    }

    private static String count(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }
}
