package io.eragate.bench.load;

import io.eragate.bench.report.CapacityTables;
import io.eragate.bench.report.ExchangeTables;
import io.eragate.bench.report.LoadChart;
import io.eragate.bench.report.LoadTables;
import io.eragate.bench.report.PayloadTables;
import io.eragate.bench.report.ResultsJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The load harness command: starts the fixture upstreams, nginx and the Eragate hops on loopback, runs every profile
 * of the plan in alternating rounds, and writes {@code load-results.json}, {@code load-summary.md} and the SVG chart.
 * Exits 1 when any measured scenario had errors (after writing the files), 2 on bad usage.
 *
 * <p>Usage: {@code java -cp benchmarks.jar io.eragate.bench.load.LoadHarness --eragate-jar eragate.jar [--smoke]}
 */
@Command(name = "eragate-load", mixinStandardHelpOptions = true,
        description = "Compares direct calls, nginx proxy_pass, the Eragate pass-through and the Eragate bridge "
                + "(pooled and per-call sessions) side by side, in alternating rounds.")
public final class LoadHarness implements Callable<Integer> {
    /** The file names written into the output directory. */
    public static final String RESULTS_FILE = "load-results.json";
    public static final String SUMMARY_FILE = "load-summary.md";
    public static final String CHART_FILE = "load-chart.svg";
    public static final String CAPACITY_FILE = "capacity-results.json";
    public static final String PAYLOAD_FILE = "payload-results.json";
    public static final String SESSIONS_FILE = "legacy-sessions-results.json";
    /** The parts of a run, for {@code --parts}. */
    public static final String LOAD = "load";
    public static final String CAPACITY = "capacity";
    public static final String PAYLOAD = "payload";
    public static final String SESSIONS = "sessions";
    /** Idle listen streams the full capacity run holds (the target), and the smoke run. */
    static final int FULL_STREAMS = 10_000;
    static final int SMOKE_STREAMS = 100;

    @Option(names = "--smoke", description = "Run the few-second smoke plan instead of the full one.")
    private boolean smoke;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "target/bench",
            description = "Directory for results, configs and process logs (default: ${DEFAULT-VALUE}).")
    private Path out;

    @Option(names = "--chart", paramLabel = "FILE", description = "Where to write the SVG chart (default: DIR/"
            + CHART_FILE + ").")
    private Path chart;

    @Option(names = "--eragate-jar", paramLabel = "JAR", description = "Eragate's fat jar (gateway-netty/target/"
            + "eragate.jar), started as java -jar JAR --config FILE.")
    private Path eragateJar;

    @Option(names = "--eragate-classpath", paramLabel = "CP",
            description = "Instead of a jar: a classpath holding io.eragate.netty.cli.Main.")
    private String eragateClasspath;

    @Option(names = "--bench-classpath", paramLabel = "CP",
            description = "Classpath of the fixture JVM (default: this JVM's classpath).")
    private String benchClasspath;

    @Option(names = "--nginx", paramLabel = "BINARY",
            description = "The nginx binary (default: nginx on PATH or /usr/sbin/nginx; none means no nginx rows).")
    private Path nginx;

    @Option(names = "--scenarios", split = ",", paramLabel = "KEY",
            description = "Scenarios to run: direct, nginx, eragate, eragate-io-uring, eragate-baseline, "
                    + "bridge-pooled, bridge-per-call, legacy-front, list-pass-through, federated-list-cached, "
                    + "federated-list-uncached, legacy-front-baseline, federated-list-cached-baseline, "
                    + "bridge-pooled-baseline (default: all "
                    + "but the *-baseline ones, which --compare adds).")
    private List<String> scenarios;

    @Option(names = "--compare", paramLabel = "JAR",
            description = "Another Eragate fat jar (the build before a change), run as the eragate-baseline "
                    + "pass-through side by side with --eragate-jar in the same rounds.")
    private Path compareJar;

    @Option(names = "--parts", split = ",", paramLabel = "PART", defaultValue = "load,capacity,sessions,payload",
            description = "What to run: load (the side-by-side scenarios), capacity (idle listen streams), sessions "
                    + "(idle legacy-client sessions with their GET streams), payload (large results and long SSE "
                    + "answers) (default: ${DEFAULT-VALUE}).")
    private List<String> parts;

    @Option(names = "--streams", paramLabel = "N",
            description = "Listen streams the capacity run holds, and legacy sessions the sessions run holds "
                    + "(default: " + FULL_STREAMS + ", smoke: " + SMOKE_STREAMS + ").")
    private Integer streams;

    @Option(names = "--rounds", paramLabel = "N", description = "Rounds per profile (default: the plan's).")
    private Integer rounds;

    // Issue 16 measures the gateway as users start it: java -jar eragate.jar, no JVM flags.
    @Option(names = "--jvm-options", paramLabel = "OPTS", defaultValue = "",
            description = "Options of the Eragate JVMs (default: none, as users start the jar).")
    private String jvmOptions;

    @Option(names = "--fixture-jvm-options", paramLabel = "OPTS", defaultValue = "-Xms512m -Xmx512m",
            description = "Options of the fixture upstream JVMs (default: ${DEFAULT-VALUE}).")
    private String fixtureJvmOptions;

    @Option(names = "--fixture-threads", paramLabel = "N", defaultValue = "2",
            description = "Event-loop threads of the fixture upstream (default: ${DEFAULT-VALUE}).")
    private int fixtureThreads;

    public static void main(String[] args) {
        System.exit(new CommandLine(new LoadHarness()).execute(args));
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        for (String part : parts) {
            if (!List.of(LOAD, CAPACITY, SESSIONS, PAYLOAD).contains(part.trim())) {
                throw new CommandLine.ParameterException(new CommandLine(this), "unknown part " + part
                        + " (known: load, capacity, sessions, payload)");
            }
        }
        TargetSettings settings = settings();
        boolean failed = false;
        if (wants(LOAD)) {
            failed |= runLoad(settings) != 0;
        }
        if (wants(CAPACITY)) {
            failed |= !runCapacity(settings, CapacityResult.LISTEN_STREAMS, CAPACITY_FILE);
        }
        if (wants(SESSIONS)) {
            failed |= !runCapacity(settings, CapacityResult.LEGACY_SESSIONS, SESSIONS_FILE);
        }
        if (wants(PAYLOAD)) {
            PayloadResult payload = new PayloadRun(settings, smoke ? "smoke" : "full",
                    smoke ? PayloadRun.Shape.smoke() : PayloadRun.Shape.full()).run();
            ResultsJson.writeValue(payload, out.resolve(PAYLOAD_FILE));
            System.out.println("payload: " + out.resolve(PAYLOAD_FILE));
            System.out.print(PayloadTables.results(payload));
            long errors = payload.cases().stream().mapToLong(PayloadCase::errors).sum();
            if (errors > 0) {
                System.err.println("eragate-load: " + errors + " large answers failed; see "
                        + out.resolve(PAYLOAD_FILE));
                failed = true;
            }
        }
        return failed ? 1 : 0;
    }

    /** Runs the capacity run of {@code subject} into {@code file}; whether any stream was held. */
    private boolean runCapacity(TargetSettings settings, String subject, String file)
            throws IOException, InterruptedException {
        int count = streams != null ? streams : smoke ? SMOKE_STREAMS : FULL_STREAMS;
        if (CapacityResult.LEGACY_SESSIONS.equals(subject) && streams == null) {
            int allowed = CapacityRun.sessionsTheLimitAllows(count, CapacityRun.hardMaxOpenFiles());
            if (allowed < count) {
                System.err.println("eragate-load: the hard limit on open files (" + CapacityRun.hardMaxOpenFiles()
                        + ") leaves room for " + allowed + " legacy sessions (" + CapacityRun.SOCKETS_PER_SESSION
                        + " sockets each in Eragate), not "
                        + count);
                count = allowed;
            }
        }
        CapacityResult capacity = new CapacityRun(settings, smoke ? "smoke" : "full", count, subject).run();
        ResultsJson.writeValue(capacity, out.resolve(file));
        System.out.println(subject + ": " + out.resolve(file));
        System.out.print(CapacityTables.summary(capacity));
        if (capacity.streamsHeld() == 0) {
            System.err.println("eragate-load: no " + subject + " stream was held: " + capacity.firstFailure());
            return false;
        }
        return true;
    }

    private boolean wants(String part) {
        return parts.stream().anyMatch(p -> p.trim().equals(part));
    }

    private TargetSettings settings() {
        List<String> launch = new ArrayList<>();
        if (eragateJar != null) {
            launch.addAll(List.of("-jar", eragateJar.toAbsolutePath().toString()));
        } else if (eragateClasspath != null) {
            launch.addAll(List.of("-cp", eragateClasspath, "io.eragate.netty.cli.Main"));
        }
        List<String> baseline = compareJar == null ? List.of()
                : List.of("-jar", compareJar.toAbsolutePath().toString());
        return new TargetSettings(out.toAbsolutePath(), TargetSettings.currentJava(),
                benchClasspath != null ? benchClasspath : System.getProperty("java.class.path"), launch,
                words(jvmOptions), nginx != null ? Optional.of(nginx) : findNginx(), fixtureThreads, baseline,
                words(fixtureJvmOptions));
    }

    private static List<String> words(String options) {
        return Arrays.stream(options.trim().split("\\s+")).filter(s -> !s.isEmpty()).toList();
    }

    private int runLoad(TargetSettings settings) throws IOException, InterruptedException {
        LoadPlan plan = smoke ? LoadPlan.smoke() : LoadPlan.full();
        if (rounds != null) {
            plan = new LoadPlan(plan.name(), plan.profiles(), rounds, plan.initialWarmup(),
                    plan.maxRequestsPerRound());
        }
        LoadResults results = new LoadRunner(plan, settings, wantedScenarios()).run();
        Path chartFile = chart != null ? chart : out.resolve(CHART_FILE);
        write(results, out, chartFile);
        long errors = results.profiles().stream().flatMap(p -> p.scenarios().stream())
                .mapToLong(s -> s.errors()).sum();
        System.out.println("results: " + out.resolve(RESULTS_FILE) + ", chart: " + chartFile);
        System.out.print(LoadTables.ratios(results));
        System.out.print(LoadTables.variants(results));
        System.out.print(ExchangeTables.table(results));
        System.out.println("load average: " + results.loadAverage());
        if (errors > 0) {
            System.err.println("eragate-load: " + errors + " requests failed; see " + out.resolve(SUMMARY_FILE));
            return 1;
        }
        return 0;
    }

    /** Writes the JSON results, the markdown summary and the chart. */
    public static void write(LoadResults results, Path directory, Path chartFile) throws IOException {
        Files.createDirectories(directory);
        ResultsJson.write(results, directory.resolve(RESULTS_FILE));
        StringBuilder summary = new StringBuilder("# Load harness: " + results.plan() + " run, "
                + results.startedAt() + "\n\n");
        summary.append(LoadTables.targets(results)).append('\n').append(LoadTables.ratios(results))
                .append('\n').append(ExchangeTables.table(results));
        for (ProfileResult profile : results.profiles()) {
            summary.append("\n## ").append(profile.title()).append("\n\n").append(LoadTables.results(profile))
                    .append('\n').append(LoadTables.resources(profile));
        }
        Files.writeString(directory.resolve(SUMMARY_FILE), summary, StandardCharsets.UTF_8);
        Path parent = chartFile.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(chartFile, LoadChart.render(results), StandardCharsets.UTF_8);
    }

    private Set<Scenario> wantedScenarios() {
        if (scenarios == null || scenarios.isEmpty()) {
            Set<Scenario> all = EnumSet.noneOf(Scenario.class);
            Arrays.stream(Scenario.values()).filter(Scenario::runsByDefault).forEach(all::add);
            if (compareJar != null) {
                Arrays.stream(Scenario.values()).filter(Scenario::isBaseline).forEach(all::add);
            }
            return all;
        }
        Set<Scenario> wanted = EnumSet.noneOf(Scenario.class);
        for (String key : scenarios) {
            wanted.add(Scenario.byKey(key.trim()));
        }
        return wanted;
    }

    /** {@code nginx} on the PATH, else Debian's {@code /usr/sbin/nginx}, else none. */
    static Optional<Path> findNginx() {
        List<Path> candidates = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(":")) {
                if (!dir.isEmpty()) {
                    candidates.add(Path.of(dir, "nginx"));
                }
            }
        }
        candidates.add(Path.of("/usr/sbin/nginx"));
        return candidates.stream().filter(Files::isExecutable).findFirst();
    }
}
