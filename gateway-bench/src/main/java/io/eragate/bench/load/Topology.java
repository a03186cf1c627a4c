package io.eragate.bench.load;

import io.eragate.bench.McpSamples;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every process of one run, started once and kept warm across rounds, each on a free loopback port: the modern fixture
 * upstream (its own JVM) behind direct, nginx and the Eragate pass-through (its own JVM); the legacy fixture (its own
 * JVM) behind one Eragate JVM per bridge scenario, so the pooled and the per-call strategy never share a process;
 * the legacy-client front and the {@code tools/list} pass-through each in an Eragate JVM of its own in front of the
 * modern fixture; the federated lists (cached, uncached) each in one over the modern fixture, a second modern fixture
 * and the legacy fixture. Scenarios that cannot run here are listed with the reason.
 */
final class Topology implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Topology.class);
    static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private final List<ChildProcess> processes = new ArrayList<>();
    private final Map<Scenario, Target> targets = new EnumMap<>(Scenario.class);
    private final Map<Scenario, String> unavailable = new EnumMap<>(Scenario.class);
    private final Map<String, String> commands = new LinkedHashMap<>();
    private ChildProcess upstream;
    private int upstreamPort;
    private ChildProcess legacyUpstream;
    private int legacyPort;
    private ChildProcess secondUpstream;

    /**
     * Sessions the harness opens on the legacy-client front before the rounds: one per connection of the largest
     * load (an open loop opens at most this many), so that no two connections share a session.
     */
    static final int LEGACY_SESSIONS = LoadProfile.MAX_OPEN_LOOP_CONNECTIONS;
    /** The merged-page cache lifetimes of the federated scenarios. */
    static final String CACHED_TTL = "30s";
    static final String UNCACHED_TTL = "0ms";

    private Topology() {
    }

    /** Starts what {@code wanted} needs; on failure stops whatever it had started. */
    static Topology start(TargetSettings settings, Set<Scenario> wanted) throws InterruptedException {
        Topology topology = new Topology();
        try {
            topology.startAll(settings, wanted);
            return topology;
        } catch (RuntimeException | InterruptedException e) {
            topology.close();
            throw e;
        }
    }

    private void startAll(TargetSettings settings, Set<Scenario> wanted) throws InterruptedException {
        Path dir = settings.workDirectory();
        createDirectories(dir);
        for (Scenario scenario : wanted) {
            Optional<String> pending = scenario.pendingReason();
            if (pending.isPresent()) {
                unavailable.put(scenario, pending.get());
            }
        }
        if (wanted.stream().anyMatch(s -> !s.isBridge())) {
            startModernScenarios(settings, wanted, dir);
        }
        List<Scenario> bridges = wanted.stream().filter(Scenario::isBridge)
                .filter(s -> !unavailable.containsKey(s)).sorted().toList();
        if (!bridges.isEmpty()) {
            for (Scenario bridge : bridges) {
                // The baseline bridge runs from the --compare jar, the others from this build.
                List<String> launch = launchOf(settings, bridge);
                if (launch.isEmpty()) {
                    unavailable.put(bridge, missingLaunch(bridge));
                    continue;
                }
                startLegacyFixture(settings, dir);
                EragateConfig.SessionStrategy strategy = bridge == Scenario.ERAGATE_BRIDGE_PER_CALL
                        ? EragateConfig.SessionStrategy.PER_CALL : EragateConfig.SessionStrategy.POOLED;
                int port = freePort();
                startEragate(settings, launch, dir, bridge, "Eragate " + bridge.key(), "eragate-" + bridge.key(),
                        port, EragateConfig.bridge(port, freePort(), legacyPort, strategy));
            }
        }
        startFederated(settings, wanted, dir);
    }

    private void startLegacyFixture(TargetSettings settings, Path dir) throws InterruptedException {
        if (legacyUpstream == null) {
            legacyUpstream = startFixture(settings, dir, FixtureMain.LEGACY, "legacy fixture upstream");
            legacyPort = readPort(legacyUpstream);
            legacyUpstream.awaitListening(legacyPort, START_TIMEOUT);
        }
    }

    /**
     * The federated {@code tools/list} hops, cached and uncached: each its own Eragate JVM over the modern fixture,
     * a second modern fixture and the legacy fixture.
     */
    private void startFederated(TargetSettings settings, Set<Scenario> wanted, Path dir)
            throws InterruptedException {
        List<Scenario> federated = wanted.stream().filter(Scenario::isFederated).sorted().toList();
        if (federated.isEmpty()) {
            return;
        }
        if (settings.eragateLaunch().isEmpty()) {
            federated.forEach(s -> unavailable.put(s, missingLaunch(s)));
            return;
        }
        startLegacyFixture(settings, dir);
        secondUpstream = startFixture(settings, dir, FixtureMain.MODERN, "second fixture upstream (federation)",
                "fixture-second");
        int secondPort = readPort(secondUpstream);
        secondUpstream.awaitListening(secondPort, START_TIMEOUT);
        List<String> merged = EragateConfig.FEDERATED_UPSTREAMS.stream().map(name -> name + "_" + McpSamples.TOOL)
                .toList();
        for (Scenario scenario : federated) {
            List<String> launch = launchOf(settings, scenario);
            if (launch.isEmpty()) {
                unavailable.put(scenario, missingLaunch(scenario));
                continue;
            }
            int port = freePort();
            String ttl = scenario == Scenario.FEDERATED_LIST_UNCACHED ? UNCACHED_TTL : CACHED_TTL;
            int processesBefore = processes.size();
            try {
                startEragate(settings, launch, dir, scenario, "Eragate " + scenario.key(), "eragate-"
                        + scenario.key(), port, EragateConfig.federated(port, freePort(), upstreamPort, secondPort,
                        legacyPort, ttl));
                reshape(scenario, endpoint -> RequestShape.toolsList(endpoint, merged));
                Target target = targets.get(scenario);
                FirstAnswer.await(target.endpoint(), McpSamples.toolsListHeaders(), McpSamples.toolsListBody(),
                        target.shape().expected(), START_TIMEOUT);
            } catch (IllegalStateException e) {
                if (!scenario.isBaseline()) {
                    throw e;
                }
                // A baseline jar from before federation refuses the configuration, or lists without it: its row
                // says so, and its process (stopped) must not count as one of the run that died.
                while (processes.size() > processesBefore) {
                    processes.remove(processes.size() - 1).close();
                }
                notServed(scenario, e);
            }
        }
    }

    /** Gives the started {@code scenario} the request shape {@code shape} makes of its endpoint. */
    private void reshape(Scenario scenario, Function<Endpoint, RequestShape> shape) {
        targets.computeIfPresent(scenario, (key, target) -> new Target(key, target.endpoint(), target.hop(),
                target.hopIsJvm(), shape.apply(target.endpoint())));
    }

    private void startModernScenarios(TargetSettings settings, Set<Scenario> wanted, Path dir)
            throws InterruptedException {
        upstream = startFixture(settings, dir, FixtureMain.MODERN, "fixture upstream");
        upstreamPort = readPort(upstream);
        upstream.awaitListening(upstreamPort, START_TIMEOUT);
        if (wanted.contains(Scenario.DIRECT)) {
            targets.put(Scenario.DIRECT, new Target(Scenario.DIRECT,
                    Endpoint.loopback(upstreamPort, McpSamples.PATH), Optional.empty(), false));
        }
        if (wanted.contains(Scenario.NGINX)) {
            if (settings.nginx().isPresent()) {
                startNginx(settings.nginx().get(), dir.resolve("nginx"), upstreamPort);
            } else {
                unavailable.put(Scenario.NGINX, "nginx is not installed (bench/run.sh installs it)");
            }
        }
        if (wanted.contains(Scenario.ERAGATE_PASS_THROUGH)) {
            if (!settings.eragateLaunch().isEmpty()) {
                int port = freePort();
                startEragate(settings, dir, Scenario.ERAGATE_PASS_THROUGH, "Eragate", "eragate", port,
                        EragateConfig.passThrough(port, freePort(), upstreamPort));
            } else {
                unavailable.put(Scenario.ERAGATE_PASS_THROUGH, "no Eragate jar or classpath was given");
            }
        }
        if (wanted.contains(Scenario.ERAGATE_IO_URING)) {
            if (!settings.eragateLaunch().isEmpty()) {
                int port = freePort();
                startEragate(settings, dir, Scenario.ERAGATE_IO_URING, "Eragate io_uring", "eragate-io-uring", port,
                        EragateConfig.passThrough(port, freePort(), upstreamPort, "io-uring"));
            } else {
                unavailable.put(Scenario.ERAGATE_IO_URING, "no Eragate jar or classpath was given");
            }
        }
        if (wanted.contains(Scenario.LEGACY_FRONT) || wanted.contains(Scenario.LIST_PASS_THROUGH)
                || wanted.contains(Scenario.LEGACY_FRONT_BASELINE)) {
            startSessionAndListHops(settings, wanted, dir);
        }
        if (wanted.contains(Scenario.ERAGATE_BASELINE)) {
            if (!settings.baselineLaunch().isEmpty()) {
                int port = freePort();
                startEragate(settings, settings.baselineLaunch(), dir, Scenario.ERAGATE_BASELINE, "Eragate baseline",
                        "eragate-baseline", port, EragateConfig.passThrough(port, freePort(), upstreamPort));
            } else {
                unavailable.put(Scenario.ERAGATE_BASELINE, "no baseline jar was given (--compare JAR)");
            }
        }
    }

    /**
     * The legacy-client front (the pass-through's configuration: a 2025-11-25 client on a route to a modern-only
     * upstream is served by the front), with {@link #LEGACY_SESSIONS} sessions opened on it, and the pass-through of
     * {@code tools/list}; each its own Eragate JVM in front of the modern fixture.
     */
    private void startSessionAndListHops(TargetSettings settings, Set<Scenario> wanted, Path dir)
            throws InterruptedException {
        for (Scenario scenario : List.of(Scenario.LEGACY_FRONT, Scenario.LIST_PASS_THROUGH,
                Scenario.LEGACY_FRONT_BASELINE)) {
            if (!wanted.contains(scenario)) {
                continue;
            }
            List<String> launch = launchOf(settings, scenario);
            if (launch.isEmpty()) {
                unavailable.put(scenario, missingLaunch(scenario));
                continue;
            }
            int port = freePort();
            startEragate(settings, launch, dir, scenario, "Eragate " + scenario.key(), "eragate-" + scenario.key(),
                    port, EragateConfig.passThrough(port, freePort(), upstreamPort));
            if (scenario == Scenario.LIST_PASS_THROUGH) {
                reshape(scenario, endpoint -> RequestShape.toolsList(endpoint, List.of(McpSamples.TOOL)));
                continue;
            }
            try {
                List<String> sessions = LegacyClientSessions.open(targets.get(scenario).endpoint(), LEGACY_SESSIONS);
                reshape(scenario, endpoint -> RequestShape.legacyToolsCall(endpoint, sessions));
            } catch (IllegalStateException e) {
                // A baseline jar from before the front has none: its row says so instead of failing the run.
                notServed(scenario, e);
            }
        }
    }

    /** How {@code scenario}'s Eragate is started: this build, or the {@code --compare} jar for a baseline. */
    private static List<String> launchOf(TargetSettings settings, Scenario scenario) {
        return scenario.isBaseline() ? settings.baselineLaunch() : settings.eragateLaunch();
    }

    private static String missingLaunch(Scenario scenario) {
        return scenario.isBaseline() ? "no baseline jar was given (--compare JAR)"
                : "no Eragate jar or classpath was given";
    }

    /** {@code scenario}'s hop started but cannot serve its requests: it is left out, with the reason. */
    private void notServed(Scenario scenario, IllegalStateException why) {
        log.warn("{} cannot be measured: {}", scenario.key(), why.getMessage());
        targets.remove(scenario);
        unavailable.put(scenario, "the hop does not serve it: " + why.getMessage());
    }

    private ChildProcess startFixture(TargetSettings settings, Path dir, String era, String label) {
        return startFixture(settings, dir, era, label, FixtureMain.MODERN.equals(era) ? "fixture" : "fixture-" + era);
    }

    private ChildProcess startFixture(TargetSettings settings, Path dir, String era, String label,
            String fileName) {
        List<String> command = new ArrayList<>();
        command.add(settings.java());
        command.addAll(settings.fixtureJvmOptions());
        command.addAll(List.of("-cp", settings.benchClasspath(), FixtureMain.class.getName(),
                Integer.toString(settings.fixtureIoThreads()), era));
        ChildProcess process = track(ChildProcess.start(fileName, command, dir.resolve(fileName + ".log"), true));
        commands.put(label, abbreviate(command));
        return process;
    }

    private void startNginx(Path nginx, Path dir, int upstreamPort) throws InterruptedException {
        createDirectories(dir);
        try {
            // nginx workers drop root privileges; they must still reach their temp directories.
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (IOException | UnsupportedOperationException e) {
            log.debug("cannot open up {}: {}", dir, e.getMessage());
        }
        int port = freePort();
        Path config = dir.resolve("nginx.conf");
        write(config, NginxConfig.render(dir, port, upstreamPort));
        List<String> command = List.of(nginx.toString(), "-e", dir.resolve("error.log").toString(),
                "-p", dir.toString(), "-c", config.toString());
        ChildProcess process = track(ChildProcess.start("nginx", command, dir.resolve("stdout.log"), false));
        commands.put("nginx", abbreviate(command));
        process.awaitListening(port, START_TIMEOUT);
        targets.put(Scenario.NGINX, new Target(Scenario.NGINX, Endpoint.loopback(port, McpSamples.PATH),
                Optional.of(process), false));
    }

    /** Starts an Eragate JVM on {@code yaml}, which makes it listen on {@code port}. */
    private void startEragate(TargetSettings settings, Path dir, Scenario scenario, String label, String fileName,
            int port, String yaml) throws InterruptedException {
        startEragate(settings, settings.eragateLaunch(), dir, scenario, label, fileName, port, yaml);
    }

    /** Starts an Eragate JVM with {@code launch} ({@code -jar JAR} or {@code -cp CP MAIN}) on {@code yaml}. */
    private void startEragate(TargetSettings settings, List<String> launch, Path dir, Scenario scenario, String label,
            String fileName, int port, String yaml) throws InterruptedException {
        Path config = dir.resolve(fileName + ".yaml");
        write(config, yaml);
        List<String> command = new ArrayList<>();
        command.add(settings.java());
        command.addAll(settings.jvmOptions());
        command.addAll(launch);
        command.addAll(List.of("--config", config.toString()));
        ChildProcess process = track(ChildProcess.start(fileName, command, dir.resolve(fileName + ".log"), false));
        commands.put(label, abbreviate(command));
        process.awaitListening(port, START_TIMEOUT);
        targets.put(scenario, new Target(scenario, Endpoint.loopback(port, McpSamples.PATH), Optional.of(process),
                true));
    }

    private ChildProcess track(ChildProcess process) {
        processes.add(process);
        return process;
    }

    /** Waits for the fixture's port line, then keeps draining its stdout so it can never block on a full pipe. */
    static int readPort(ChildProcess fixture) throws InterruptedException {
        BufferedReader reader = new BufferedReader(
                new InputStreamReader(fixture.process().getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> line = new CompletableFuture<>();
        Thread drainer = new Thread(() -> {
            try {
                for (String next = reader.readLine(); next != null; next = reader.readLine()) {
                    if (!line.isDone() && next.startsWith(FixtureMain.PORT_PREFIX)) {
                        line.complete(next);
                    } else {
                        log.debug("fixture: {}", next);
                    }
                }
                line.completeExceptionally(new IllegalStateException("the fixture closed stdout without a port"));
            } catch (IOException e) {
                line.completeExceptionally(e);
            }
        }, "fixture-stdout");
        drainer.setDaemon(true);
        drainer.start();
        try {
            String text = line.get(START_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            return Integer.parseInt(text.substring(FixtureMain.PORT_PREFIX.length()).trim());
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the fixture upstream did not report its port: " + e.getMessage()
                    + "; its log ends with:\n" + fixture.logTail(), e);
        }
    }

    /** The runnable scenarios among those wanted, in declaration order. */
    Map<Scenario, Target> targets() {
        return targets;
    }

    /** Scenarios that were wanted but cannot run, with the reason. */
    Map<Scenario, String> unavailable() {
        return unavailable;
    }

    /** The command line of each started process, for the report. */
    Map<String, String> commands() {
        return commands;
    }

    /**
     * The processes of the fixture upstreams behind {@code scenario}: the legacy one for the bridge scenarios, all
     * three for the federated ones.
     */
    List<ProcessHandle> upstreamProcesses(Scenario scenario) {
        List<ChildProcess> fixtures = scenario.isFederated() ? Arrays.asList(upstream, secondUpstream,
                legacyUpstream) : Arrays.asList(scenario.isBridge() ? legacyUpstream : upstream);
        return fixtures.stream().filter(Objects::nonNull).flatMap(f -> f.tree().stream()).toList();
    }

    /** Whether every started process is still running. */
    Optional<String> deadProcess() {
        return processes.stream().filter(p -> !p.process().isAlive())
                .map(p -> p.name() + " exited with " + p.process().exitValue() + "; its log ends with:\n"
                        + p.logTail())
                .findFirst();
    }

    @Override
    public void close() {
        for (int i = processes.size() - 1; i >= 0; i--) {
            processes.get(i).close();
        }
        processes.clear();
    }

    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free loopback port", e);
        }
    }

    /** A command line with long classpaths shortened, for humans. */
    static String abbreviate(List<String> command) {
        return abbreviate(command, Path.of("").toAbsolutePath());
    }

    /**
     * A command line as the report shows it: long classpaths shortened, paths under {@code workingDirectory} (the
     * repository root, where {@code bench/run.sh} runs) relative to it, and a JDK's {@code .../bin/java} as
     * {@code java}, so that a published report names no path of the machine that ran it.
     */
    static String abbreviate(List<String> command, Path workingDirectory) {
        String root = workingDirectory.toString().endsWith("/") ? workingDirectory.toString()
                : workingDirectory + "/";
        List<String> shown = new ArrayList<>();
        for (int i = 0; i < command.size(); i++) {
            String part = command.get(i);
            if (i > 0 && "-cp".equals(command.get(i - 1)) && part.length() > 80) {
                shown.add("<classpath>");
            } else if (i == 0 && part.endsWith("/bin/java")) {
                shown.add("java");
            } else {
                shown.add(part.replace(root, ""));
            }
        }
        return String.join(" ", shown);
    }

    private static void createDirectories(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + dir, e);
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
