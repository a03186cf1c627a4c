package io.eragate.bench.report;

import io.eragate.bench.load.CapacityResult;
import io.eragate.bench.load.LoadResults;
import io.eragate.bench.load.PayloadResult;
import io.eragate.bench.load.ProfileResult;
import io.eragate.bench.load.Scenario;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Writes {@code docs/benchmarks.md} from a harness run ({@code load-results.json}) and a JMH run ({@code -rf json}):
 * summary against the targets, machine, method, commands, load tables with the chart, microbenchmark table, and what
 * is not measured yet. The whole file is generated; {@code bench/run.sh} rewrites it.
 */
@Command(name = "benchmark-report", mixinStandardHelpOptions = true,
        description = "Writes docs/benchmarks.md from harness and JMH results.")
public final class BenchmarkReport implements Callable<Integer> {

    @Option(names = "--load", paramLabel = "FILE", description = "load-results.json of the harness (required "
            + "unless --update).")
    private Path load;

    @Option(names = "--update", description = "Only put the --capacity, --sessions and --payload results into the "
            + "report "
            + "--out already holds, keeping its load and JMH parts.")
    private boolean update;

    @Option(names = "--capacity", paramLabel = "FILE",
            description = "capacity-results.json of the harness (left out when the file is missing).")
    private Path capacity;

    @Option(names = "--sessions", paramLabel = "FILE",
            description = "legacy-sessions-results.json of the harness (left out when the file is missing).")
    private Path sessions;

    @Option(names = "--payload", paramLabel = "FILE",
            description = "payload-results.json of the harness (left out when the file is missing).")
    private Path payload;

    @Option(names = "--jmh", paramLabel = "FILE", description = "JMH JSON results (-rf json).")
    private Path jmh;

    @Option(names = "--jmh-options", paramLabel = "TEXT", defaultValue = "",
            description = "The JMH options used, quoted in the report.")
    private String jmhOptions;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "The markdown file to write.")
    private Path out;

    @Option(names = "--chart", paramLabel = "PATH", defaultValue = "benchmarks-load.svg",
            description = "The chart's path relative to the markdown file (default: ${DEFAULT-VALUE}).")
    private String chart;

    @Option(names = "--nginx-version", paramLabel = "TEXT", defaultValue = "not installed",
            description = "What nginx -v printed.")
    private String nginxVersion;

    @Option(names = "--command", paramLabel = "TEXT", description = "A command the run used, shown in the report.")
    private List<String> commands = List.of();

    @Option(names = "--redraw-chart", paramLabel = "FILE",
            description = "Also redraw the harness's chart from the results into FILE (for --report-only runs).")
    private Path redrawChart;

    @Option(names = "--analysis", paramLabel = "FILE",
            description = "Hand-written markdown on where the time goes, included as the Analysis section.")
    private Path analysis;

    public static void main(String[] args) {
        System.exit(new CommandLine(new BenchmarkReport()).execute(args));
    }

    @Override
    public Integer call() throws IOException {
        Optional<CapacityResult> capacityResult = capacity != null && Files.exists(capacity)
                ? Optional.of(ResultsJson.readValue(capacity, CapacityResult.class)) : Optional.empty();
        Optional<PayloadResult> payloadResult = payload != null && Files.exists(payload)
                ? Optional.of(ResultsJson.readValue(payload, PayloadResult.class)) : Optional.empty();
        Optional<CapacityResult> sessionsResult = sessions != null && Files.exists(sessions)
                ? Optional.of(ResultsJson.readValue(sessions, CapacityResult.class)) : Optional.empty();
        if (update) {
            Optional<String> notes = analysis != null && Files.exists(analysis)
                    ? Optional.of(Files.readString(analysis, StandardCharsets.UTF_8)) : Optional.empty();
            Files.writeString(out, ReportUpdate.update(Files.readString(out, StandardCharsets.UTF_8), capacityResult,
                    sessionsResult, payloadResult, notes), StandardCharsets.UTF_8);
            System.out.println("updated " + out);
            return 0;
        }
        if (load == null) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--load is required unless --update");
        }
        LoadResults results = ResultsJson.read(load);
        List<JmhResults.Row> rows = jmh != null && Files.exists(jmh) ? JmhResults.read(jmh) : List.of();
        String notes = analysis != null && Files.exists(analysis) ? Files.readString(analysis, StandardCharsets.UTF_8)
                : "";
        String markdown = render(results, capacityResult, sessionsResult, payloadResult, rows, jmhOptions,
                MachineInfo.current(), nginxVersion, commands, chart, notes);
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(out, markdown, StandardCharsets.UTF_8);
        if (redrawChart != null) {
            Files.writeString(redrawChart, LoadChart.render(results), StandardCharsets.UTF_8);
        }
        System.out.println("wrote " + out);
        return 0;
    }

    /** The whole report without capacity and large-payload runs. */
    public static String render(LoadResults results, List<JmhResults.Row> jmhRows, String jmhOptions,
            MachineInfo machine, String nginxVersion, List<String> commands, String chartPath, String analysis) {
        return render(results, Optional.empty(), Optional.empty(), jmhRows, jmhOptions, machine, nginxVersion,
                commands, chartPath, analysis);
    }

    /** The whole report without the legacy-session run. */
    public static String render(LoadResults results, Optional<CapacityResult> capacity,
            Optional<PayloadResult> payload, List<JmhResults.Row> jmhRows, String jmhOptions, MachineInfo machine,
            String nginxVersion, List<String> commands, String chartPath, String analysis) {
        return render(results, capacity, Optional.empty(), payload, jmhRows, jmhOptions, machine, nginxVersion,
                commands, chartPath, analysis);
    }

    /**
     * The whole report; {@code sessions} is the run of idle legacy-client sessions; {@code analysis} (hand-written
     * markdown, may be blank) becomes its last section.
     */
    public static String render(LoadResults results, Optional<CapacityResult> capacity,
            Optional<CapacityResult> sessions, Optional<PayloadResult> payload, List<JmhResults.Row> jmhRows,
            String jmhOptions, MachineInfo machine, String nginxVersion, List<String> commands, String chartPath,
            String analysis) {
        Objects.requireNonNull(results, "results");
        Objects.requireNonNull(machine, "machine");
        StringBuilder md = new StringBuilder(16_384);
        md.append("# Benchmarks\n\n")
                .append("Generated by `bench/run.sh` (").append(results.plan()).append(" run started ")
                .append(results.startedAt()).append("). Do not edit by hand: rerun the script.\n\n")
                .append("Absolute numbers on a small machine shared by the load client, the upstream and the hop "
                        + "drift from run to run; the ratios between scenarios measured side by side in one run are "
                        + "what this report is for.\n\n");
        md.append("## Summary\n\n").append(LoadTables.targets(results, capacity, sessions)).append('\n')
                .append(LoadTables.ratios(results)).append('\n')
                .append("A ratio of throughputs above 1 favours Eragate; a ratio of latencies below 1 favours "
                        + "Eragate. \"p50 added\" is Eragate's median minus the other scenario's, in "
                        + "microseconds.\n\n");
        if (results.loadAverage() != null) {
            md.append("Load average of the machine (1, 5, 15 minutes): ").append(results.loadAverage())
                    .append(".\n\n");
        }
        String variants = LoadTables.variants(results);
        if (!variants.isEmpty()) {
            md.append("### Pass-through variants, side by side in the same rounds\n\n").append(variants)
                    .append("\n\"hop B/request\" is the heap the Eragate JVM allocated per answer in the measured "
                            + "windows (all its threads, read through its management agent); nginx allocates no "
                            + "heap. A baseline row appears in a run with `--compare JAR`.\n\n");
        }
        String exchanges = ExchangeTables.table(results);
        if (!exchanges.isEmpty()) {
            md.append("### Legacy-client front and federated lists, side by side in the same rounds\n\n")
                    .append(exchanges)
                    .append("\nEach scenario is measured against its line in the same rounds: the legacy-client "
                            + "front (a 2025-11-25 client in a session, SDK v1 shape) against the 2026-07-28 "
                            + "pass-through of the same `tools/call` to the same fixture, and the federated "
                            + "`tools/list` over three upstreams against one `tools/list` passed through to the "
                            + "modern fixture. Every Eragate row is a JVM of its own.\n\n");
        }
        machine(md, machine, nginxVersion);
        method(md, results);
        md.append("## Commands\n\n```sh\n");
        for (String command : commands) {
            md.append(command).append('\n');
        }
        md.append("```\n\nProcesses the harness started:\n\n");
        results.commands().forEach((name, command) ->
                md.append("- ").append(name).append(": `").append(command).append("`\n"));
        md.append("\n## Load results\n\n").append("![Throughput and latency per scenario](").append(chartPath)
                .append(")\n\n");
        for (ProfileResult profile : results.profiles()) {
            md.append("### ").append(profile.title());
            if ("OPEN".equals(profile.mode())) {
                md.append(String.format(Locale.ROOT, " (%,.0f req/s)", profile.ratePerSecond()));
            }
            md.append("\n\n").append(LoadTables.results(profile)).append('\n')
                    .append(LoadTables.resources(profile)).append('\n');
        }
        capacity.ifPresent(result -> md.append(CapacityReport.section(result)));
        sessions.ifPresent(result -> md.append(LegacySessionsReport.section(result)));
        payload.ifPresent(result -> md.append(PayloadReport.section(result)));
        microbenchmarks(md, jmhRows, jmhOptions);
        notYetMeasured(md, capacity.isPresent(), sessions.isPresent(), payload.isPresent());
        if (analysis != null && !analysis.isBlank()) {
            if (md.charAt(md.length() - 2) != '\n') {
                md.append('\n');
            }
            md.append("## Analysis\n\n").append(analysis.strip()).append('\n');
        }
        return md.toString();
    }

    private static void machine(StringBuilder md, MachineInfo machine, String nginxVersion) {
        md.append("## Machine\n\n")
                .append("- CPU: ").append(machine.cpuModel()).append(", ").append(machine.processors())
                .append(" processors (`nproc`)\n")
                .append("- Memory: ").append(machine.memory()).append('\n')
                .append("- OS: ").append(machine.os()).append('\n')
                .append("- Java: ").append(machine.java()).append('\n')
                .append("- nginx: ").append(nginxVersion).append("\n\n");
    }

    private static void method(StringBuilder md, LoadResults results) {
        md.append("## Method\n\n");
        md.append("Every scenario receives the same request, byte for byte: a 2026-07-28 `tools/call` of the `echo` "
                + "tool with the full `_meta` envelope and the mirrored `MCP-Protocol-Version`, `Mcp-Method` and "
                + "`Mcp-Name` headers (about 400 bytes), answered by the modern echo fixture of gateway-netty's "
                + "tests in JSON mode (the bridge scenarios: by its legacy 2025-11-25 echo fixture, also in JSON "
                + "mode). An answer counts only if it is a 200 carrying `Echo: bench`. Three kinds of scenario send "
                + "something else, each measured against its own line: the legacy-client front gets the same "
                + "call as a 2025-11-25 client sends it (no `_meta` envelope, `MCP-Protocol-Version: 2025-11-25` "
                + "and the `Mcp-Session-Id` of a session the harness opened before the rounds with `initialize` "
                + "and `notifications/initialized`, one session per connection); the `tools/list` pass-through "
                + "and the federated lists get a 2026-07-28 `tools/list` (its answer must name `echo`; a federated "
                + "answer must name `alpha_echo`, `beta_echo` and `gamma_echo`, one tool of each upstream).\n\n");
        md.append("Scenarios:\n\n");
        for (Map.Entry<String, String> scenario : results.scenarioDescriptions().entrySet()) {
            md.append("- **").append(Scenario.byKey(scenario.getKey()).label()).append("**: ")
                    .append(scenario.getValue()).append('\n');
        }
        md.append('\n');
        md.append("Processes: the modern fixture runs in a JVM of its own, Eragate runs from its fat jar in "
                + "another JVM with every limit at its default and the upstream pinned `era: modern`, and nginx "
                + "runs with `worker_processes auto`, a keepalive upstream pool and no access log. The bridge "
                + "scenarios have a JVM each for the legacy fixture and for two more Eragate processes, both with "
                + "the upstream pinned `era: legacy`, one with `bridge.sessionStrategy: pooled` (the default) and "
                + "one with `per-call`; all of them run for the whole run, idle while another scenario has its "
                + "turn. The load client is "
                + "a Netty HTTP/1.1 client on one event loop in the harness JVM; it writes pre-encoded request bytes "
                + "and aggregates each answer. All processes share the machine, so every scenario pays for the "
                + "client and the upstream in the same way, and only the hop differs.\n\n");
        md.append("Loads:\n\n")
                .append("- **Closed loop**: a fixed number of keep-alive connections, each sending its next request "
                        + "as soon as the previous answer arrives; latency from the actual send.\n")
                .append("- **Open loop**: requests due at a fixed rate whatever the answers do; a due request takes "
                        + "an idle connection or waits for one (more are opened, up to 256). Latency is measured from "
                        + "the **intended** send time, so a stall is charged to every request it delayed (no "
                        + "coordinated omission). The rate is half the slowest scenario's 16-connection "
                        + "throughput measured earlier in the same run, so every scenario can sustain it. The "
                        + "client's own send lag (a pacing thread wakes the event loop) is included and is the same "
                        + "for all scenarios.\n\n");
        md.append(String.format(Locale.ROOT, "Rounds: every scenario is first warmed up for %.0f s; then each "
                        + "profile runs %d round(s), and in each round every scenario takes one turn (warm-up, then the "
                        + "measured window), the order rotating from round to round so that drift on the shared "
                        + "machine spreads over all scenarios. Throughput is the total of answers over the total "
                        + "measured time; percentiles come from the merged HdrHistogram (3 significant digits). At "
                        + "most %,d requests are sent per round.%n%n",
                results.initialWarmupSeconds(), results.rounds(), results.maxRequestsPerRound()));
        md.append("Resources: CPU is read from `/proc/PID/stat` (user + system) of each process group at the "
                + "opening and the closing of every measured window, and given in percent of one core; for nginx "
                + "the master and its workers are summed; the upstream column is the fixture behind the scenario (the "
                + "legacy one for the bridge rows). RSS comes from `/proc/PID/status` after each round. For "
                + "the Eragate JVM, \"live heap\" is the heap in use right after a full collection "
                + "(`jcmd PID GC.run`, then `GC.heap_info`) following its round; nginx has no heap.\n\n");
    }

    private static void microbenchmarks(StringBuilder md, List<JmhResults.Row> rows, String options) {
        md.append("## Microbenchmarks (JMH)\n\n");
        if (rows.isEmpty()) {
            md.append("No JMH results in this run.\n\n");
            return;
        }
        md.append("Short runs sized for a 2-core machine (`").append(options).append("`): the error margins are "
                + "wide, and the numbers say where time and allocation go rather than what they are to the "
                + "nanosecond. B/op is `gc.alloc.rate.norm` from `-prof gc`: bytes allocated per operation.\n\n")
                .append(JmhResults.table(rows)).append('\n');
        md.append("What each measures: `FrontDoorBenchmark.acceptToolsCall` is the whole validation ladder on the "
                + "sample `tools/call` (one body parse included), `rejectMismatchedName` the same request with a "
                + "disagreeing `Mcp-Name`; `HeaderSentinelBenchmark` decodes a plain and a Base64-sentinel header "
                + "value; `JsonRpcCodecBenchmark` parses the request and the echo answer and writes the answer; "
                + "`IdRewriterBenchmark` is one bridged exchange's id (and progress token) bookkeeping from begin "
                + "to release; `SseParseBenchmark` parses (or only scans for event boundaries) a streamed answer "
                + "of four events, fed whole or in 64-byte reads; `SseEncodeBenchmark` writes a result event and "
                + "a keep-alive; `RequestStateBenchmark` seals and opens one MRTR `requestState` (AES-256-GCM).\n\n");
    }

    private static void notYetMeasured(StringBuilder md, boolean capacity, boolean sessions, boolean payload) {
        if (capacity && sessions && payload) {
            return;
        }
        md.append("## Not measured yet\n\n");
        if (!capacity) {
            md.append("- **Capacity run** (idle `subscriptions/listen` streams, heap and native memory per stream): "
                    + "no results in this run (`bench/run.sh --only capacity`).\n");
        }
        if (!sessions) {
            md.append(ReportUpdate.SESSIONS_BULLET).append(" (idle legacy-client sessions with their GET streams, "
                    + "heap and native memory per session): no results in this run (`bench/run.sh --only "
                    + "sessions`).\n");
        }
        if (!payload) {
            md.append("- **Large-payload run** (1 MiB results, long SSE answers): no results in this run "
                    + "(`bench/run.sh --only payload`).\n");
        }
    }
}
