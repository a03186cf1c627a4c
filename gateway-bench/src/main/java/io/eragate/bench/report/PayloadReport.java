package io.eragate.bench.report;

import io.eragate.bench.load.PayloadResult;
import java.util.Locale;
import java.util.Objects;

/** The large-payload section of {@code docs/benchmarks.md}: method, tables, how to reproduce. */
final class PayloadReport {

    private PayloadReport() {
    }

    static String section(PayloadResult result) {
        Objects.requireNonNull(result, "result");
        StringBuilder md = new StringBuilder("## Large payloads: memory stays flat\n\n");
        md.append(String.format(Locale.ROOT, "A %s run started %s. Two answers, chosen by the request's tool "
                        + "arguments: `blob` answers a `tools/call` with a JSON result whose text is %,d bytes; "
                        + "`burst` answers with an SSE stream of %,d `notifications/progress` (for the request's "
                        + "progress token) and then the result. Each goes straight to the fixture (direct), through "
                        + "the Eragate pass-through (modern fixture) and through the bridge (legacy 2025-11-25 "
                        + "fixture, pooled session); fixtures and Eragate JVMs (`%s`) run apart, as in the load "
                        + "run.%n%n", result.plan(), result.startedAt(), result.resultBytes(), result.sseEvents(),
                result.jvmOptions()));
        md.append(String.format(Locale.ROOT, "Method: a closed loop on %d keep-alive connections, %.0f s warm-up "
                        + "then %.0f s measured per hop and payload. The client never aggregates an answer: it "
                        + "counts body bytes and SSE events as they stream in, and an answer counts when it is a 200 "
                        + "with at least the expected bytes (the JSON) or events (the SSE). For each Eragate JVM: "
                        + "the live heap (after `jcmd PID GC.run`) before and after each case; the heap occupancy "
                        + "before and after every collection during it, from the GC log the JVM writes "
                        + "(`-Xlog:gc:file=...`): \"peak heap in use\" is the most heap any collection found in use "
                        + "when it started, or that was in use at the window's end (garbage included), \"peak heap "
                        + "after a GC\" the most it left behind (what Eragate retained "
                        + "while answers were in flight); and RSS sampled every 50 ms (the heap is pre-touched, "
                        + "`-XX:+AlwaysPreTouch`, so RSS grows only with memory outside it). Flat memory means the "
                        + "live "
                        + "heap after equals the one before, and the heap left after each GC stays near the "
                        + "baseline rather than growing with the answers' size.%n%n", result.connections(),
                result.warmupSeconds(), result.measureSeconds()));
        md.append(PayloadTables.results(result));
        md.append("Reproduce this part alone: `bench/run.sh --only payload`. Processes it started:\n\n");
        result.commands().forEach((name, command) ->
                md.append("- ").append(name).append(": `").append(command).append("`\n"));
        return md.append('\n').toString();
    }
}
