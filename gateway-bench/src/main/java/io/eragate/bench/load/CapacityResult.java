package io.eragate.bench.load;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the capacity run measured: Eragate bridging idle {@code subscriptions/listen} streams to the legacy fixture.
 * Written as {@code capacity-results.json} and read back by the report writer.
 *
 * @param plan {@code full} or {@code smoke}
 * @param startedAt ISO-8601 instant the run began
 * @param streamsWanted streams the run tried to hold
 * @param streamsHeld streams acknowledged and open when the loaded snapshot was taken
 * @param failures streams refused, failed or closed before their acknowledgement
 * @param firstFailure why the first one failed, or {@code null}
 * @param openSeconds time to open and acknowledge all of them
 * @param maxOpenFiles the soft limit on open files of the harness process (the client holds one per stream), or -1
 * @param settings the Eragate configuration keys the run set, with their values
 * @param jvmOptions options of the Eragate JVM
 * @param baseline after a warm-up of streams opened and closed, before the run's streams
 * @param loaded with every stream held, each having received its acknowledgement
 * @param afterClose once every stream was closed again
 * @param histogramGrowth the classes whose live bytes grew most from baseline to loaded
 * @param commands the command line of each process the run started
 * @param subject what one held stream is: {@link #LISTEN_STREAMS} (a {@code subscriptions/listen} stream through the
 *     bridge; also when a results file predates this field) or {@link #LEGACY_SESSIONS} (a legacy-client session of
 *     the front with its GET stream)
 */
public record CapacityResult(String plan, String startedAt, int streamsWanted, int streamsHeld, int failures,
        String firstFailure, double openSeconds, long maxOpenFiles, Map<String, String> settings, String jvmOptions,
        MemorySnapshot baseline, MemorySnapshot loaded, MemorySnapshot afterClose,
        List<ClassHistogram.Row> histogramGrowth, Map<String, String> commands, String subject) {
    /** Idle 2026-07-28 {@code subscriptions/listen} streams through the bridge. */
    public static final String LISTEN_STREAMS = "listen-streams";
    /** Idle legacy-client sessions of the front, each holding its GET stream. */
    public static final String LEGACY_SESSIONS = "legacy-sessions";

    /** A run of idle listen streams through the bridge. */
    public CapacityResult(String plan, String startedAt, int streamsWanted, int streamsHeld, int failures,
            String firstFailure, double openSeconds, long maxOpenFiles, Map<String, String> settings,
            String jvmOptions, MemorySnapshot baseline, MemorySnapshot loaded, MemorySnapshot afterClose,
            List<ClassHistogram.Row> histogramGrowth, Map<String, String> commands) {
        this(plan, startedAt, streamsWanted, streamsHeld, failures, firstFailure, openSeconds, maxOpenFiles, settings,
                jvmOptions, baseline, loaded, afterClose, histogramGrowth, commands, LISTEN_STREAMS);
    }

    public CapacityResult {
        Objects.requireNonNull(plan, "plan");
        subject = subject == null ? LISTEN_STREAMS : subject;
        if (!subject.equals(LISTEN_STREAMS) && !subject.equals(LEGACY_SESSIONS)) {
            throw new IllegalArgumentException("unknown capacity subject " + subject);
        }
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        histogramGrowth = List.copyOf(histogramGrowth);
        commands = Collections.unmodifiableMap(new LinkedHashMap<>(commands));
    }

    /** Whether the held streams are legacy-client sessions with their GET streams. */
    public boolean legacySessions() {
        return LEGACY_SESSIONS.equals(subject);
    }

    /** Live heap per held stream in bytes, or {@code NaN} when not measured. */
    public double heapBytesPerStream() {
        return perStream(baseline.liveHeapBytes(), loaded.liveHeapBytes());
    }

    /** Committed native memory outside the heap per held stream, or {@code NaN} when not measured. */
    public double nativeBytesPerStream() {
        return perStream(baseline.nativeOutsideHeapBytes(), loaded.nativeOutsideHeapBytes());
    }

    /** Resident memory per held stream, or {@code NaN} when not measured. */
    public double residentBytesPerStream() {
        return perStream(baseline.residentBytes(), loaded.residentBytes());
    }

    private double perStream(long before, long after) {
        if (streamsHeld == 0 || before < 0 || after < 0) {
            return Double.NaN;
        }
        return (double) (after - before) / streamsHeld;
    }
}
