package io.eragate.bench.report;

import io.eragate.bench.load.CapacityResult;
import java.util.Locale;
import java.util.Objects;

/** The capacity section of {@code docs/benchmarks.md}: method, tables, where the bytes go, how to reproduce. */
final class CapacityReport {

    private CapacityReport() {
    }

    static String section(CapacityResult result) {
        Objects.requireNonNull(result, "result");
        StringBuilder md = new StringBuilder("## Capacity: idle listen streams through the bridge\n\n");
        md.append(String.format(Locale.ROOT, "A %s run started %s. Eragate holds %,d idle 2026-07-28 "
                + "`subscriptions/listen` streams (asking for `toolsListChanged`) in front of the legacy "
                + "2025-11-25 fixture: each client stream is a long-lived SSE answer whose first event is "
                + "`notifications/subscriptions/acknowledged`; upstream, all of them share one GET SSE stream of "
                + "one pooled session (every stream has the same client capabilities, so the same session key). "
                + "The bridge is the interesting case: a modern upstream would hold its listen streams itself, and "
                + "Eragate would only relay the bytes.%n%n", result.plan(), result.startedAt(),
                result.streamsWanted()));
        md.append("Method: the legacy fixture (its own JVM) serves the session's GET stream; Eragate (its own JVM, `")
                .append(result.jvmOptions()).append("`) runs with pooled sessions and these keys raised above "
                        + "their defaults so that the run measures memory rather than a limit: ");
        StringBuilder keys = new StringBuilder();
        result.settings().forEach((key, value) -> keys.append(keys.length() > 0 ? ", " : "").append('`').append(key)
                .append(": ").append(value).append('`'));
        md.append(keys).append(" (defaults: `subscriptions.maxListeners` 10000, "
                + "`subscriptions.maxListenersPerSession` 1024, `limits.maxConnections` 10000). The load client (a "
                + "Netty client on one event loop in the harness JVM) first opens and closes ")
                .append("a few streams so the listen path is loaded and warm, then Eragate's memory is taken (the "
                        + "**baseline**), then it opens the streams, at most 256 being set up at a time, and holds "
                        + "every one whose acknowledgement has arrived; then the memory is taken again (**loaded**), "
                        + "and once more after the client closed them all. Live heap is the heap in use right after "
                        + "a full collection (`jcmd PID GC.run`, then `GC.heap_info`); native memory is "
                        + "`jcmd PID VM.native_memory summary` (committed, the JVM started with "
                        + "`-XX:NativeMemoryTracking=summary`), shown without the Java heap (its committed size is "
                        + "fixed by `-Xms`) and with it; RSS is from `/proc/PID/status`, with the heap pre-touched "
                        + "(`-XX:+AlwaysPreTouch`) so that it grows only with memory outside the heap. Per stream "
                        + "is (loaded − "
                        + "baseline) / streams held. The client holds one socket per stream and Eragate one more; "
                        + "each JVM raises its soft open-files limit to the hard one, and `bench/run.sh` raises the "
                        + "shell's");
        if (result.maxOpenFiles() > 0) {
            md.append(String.format(Locale.ROOT, " (the harness ran with %,d)", result.maxOpenFiles()));
        }
        md.append(".\n\n").append(CapacityTables.summary(result)).append('\n');
        if (result.firstFailure() != null) {
            md.append("First stream that failed: ").append(result.firstFailure()).append("\n\n");
        }
        String categories = CapacityTables.nativeCategories(result);
        if (!categories.isEmpty()) {
            md.append("Native memory by tracking category (Netty's direct buffers count under \"Other\"):\n\n")
                    .append(categories).append('\n');
        }
        String histogram = CapacityTables.histogram(result);
        if (!histogram.isEmpty()) {
            md.append("Where the heap goes: the classes whose live bytes grew most from baseline to loaded "
                    + "(`jcmd PID GC.class_histogram`, shallow sizes):\n\n").append(histogram).append('\n');
        }
        md.append("Reproduce this part alone: `bench/run.sh --only capacity` (`--streams N` through "
                + "`LoadHarness --parts capacity --streams N`). Processes it started:\n\n");
        result.commands().forEach((name, command) ->
                md.append("- ").append(name).append(": `").append(command).append("`\n"));
        return md.append('\n').toString();
    }
}
