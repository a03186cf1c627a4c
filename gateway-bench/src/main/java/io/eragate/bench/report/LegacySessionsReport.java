package io.eragate.bench.report;

import io.eragate.bench.load.CapacityResult;
import java.util.Locale;
import java.util.Objects;

/**
 * The section of {@code docs/benchmarks.md} on idle legacy-client sessions: what one idle session of the legacy-client
 * front costs Eragate while its client holds the GET stream, as a TypeScript SDK v1 client does once initialized.
 */
final class LegacySessionsReport {
    /** The section's heading (not a prefix of the capacity section's, so that an update replaces each alone). */
    static final String HEADING = "## Memory: idle legacy-client sessions";

    private LegacySessionsReport() {
    }

    static String section(CapacityResult result) {
        Objects.requireNonNull(result, "result");
        StringBuilder md = new StringBuilder(HEADING).append(" of the front\n\n");
        md.append(String.format(Locale.ROOT, "A %s run started %s. Eragate's legacy-client front holds %,d idle "
                + "2025-11-25 sessions in front of the modern fixture. Each session is opened as the TypeScript SDK v1 "
                + "client opens it (`initialize`, then `notifications/initialized` with its `Mcp-Session-Id`), "
                + "then holds what an idle SDK v1 client holds: its GET stream (`Accept: text/event-stream`, the "
                + "session id), which the front feeds from an upstream `subscriptions/listen` (for the session's "
                + "list changes and resource updates), served inside the gateway and shared by the sessions whose "
                + "listens are identical (here all of them: one client, one principal). The session id itself is "
                + "sealed and costs no memory; what is measured is the GET stream, the session's share of the "
                + "listen and the session's state.%n%n",
                result.plan(), result.startedAt(), result.streamsWanted()));
        md.append("Method: the modern fixture (its own JVM) acknowledges each listen and holds it open, idle; Eragate "
                + "(its own JVM, `").append(result.jvmOptions()).append("`) runs with these keys raised above "
                        + "their defaults so that the run measures memory rather than a limit: ");
        StringBuilder keys = new StringBuilder();
        result.settings().forEach((key, value) -> keys.append(keys.length() > 0 ? ", " : "").append('`').append(key)
                .append(": ").append(value).append('`'));
        md.append(keys).append(" (defaults: `limits.maxConnections` 10000, "
                + "`limits.maxUpstreamConnectionsPerEventLoop` 128, `limits.maxPendingUpstreamAcquires` 1024, "
                + "`legacyClients.maxSessions` 10000). The harness opens the sessions first (8 at a time), opens "
                + "and closes the GET streams of 50 of them (warm-up), takes Eragate's memory (**baseline**), then "
                + "opens the other sessions' GET streams, at most 256 being set up at a time, holds each whose "
                + "`200` head arrived, waits until Eragate has the shared listen's upstream connection established "
                + "(`/proc/PID/net/tcp`; a session joins that listen while its GET is answered), and takes the "
                + "memory again (**loaded**), and once more after closing them. Measures as in the capacity "
                + "section: live heap after a full collection, NMT committed memory, RSS; per session is (loaded − "
                + "baseline) / sessions held. Eragate holds one socket per idle session, its GET stream (the "
                + "listen needs no loopback connection, and the shared one a single upstream connection); so the "
                + "number of sessions a run holds is bounded by the hard limit on open files, less a thousand."
                + "\n\n");
        md.append(CapacityTables.summary(result)).append('\n');
        if (result.firstFailure() != null) {
            md.append("First GET stream that failed: ").append(result.firstFailure()).append("\n\n");
        }
        String categories = CapacityTables.nativeCategories(result);
        if (!categories.isEmpty()) {
            md.append("Native memory by tracking category:\n\n").append(categories).append('\n');
        }
        String histogram = CapacityTables.histogram(result);
        if (!histogram.isEmpty()) {
            md.append("Where the heap goes (`jcmd PID GC.class_histogram`, growth from baseline to loaded, shallow "
                    + "sizes):\n\n").append(histogram).append('\n');
        }
        md.append("Reproduce this part alone: `bench/run.sh --only sessions` (`--streams N` through "
                + "`LoadHarness --parts sessions --streams N`). Processes it started:\n\n");
        result.commands().forEach((name, command) ->
                md.append("- ").append(name).append(": `").append(command).append("`\n"));
        return md.append('\n').toString();
    }
}
