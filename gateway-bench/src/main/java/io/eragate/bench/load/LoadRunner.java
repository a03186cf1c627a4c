package io.eragate.bench.load;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a {@link LoadPlan}: starts the processes once, warms every scenario up, then for each profile runs the rounds,
 * the scenarios taking turns in an order that rotates from round to round so that drift on a shared machine spreads
 * over all of them instead of favouring one.
 */
public final class LoadRunner {
    private static final Logger log = LoggerFactory.getLogger(LoadRunner.class);
    /** The automatic open-loop rate is this share of the slowest scenario's closed-loop throughput. */
    static final double AUTO_RATE_SHARE = 0.5;

    private final LoadPlan plan;
    private final TargetSettings settings;
    private final Set<Scenario> wanted;
    private final Map<Scenario, AllocationProbe> allocations = new EnumMap<>(Scenario.class);

    public LoadRunner(LoadPlan plan, TargetSettings settings, Set<Scenario> wanted) {
        this.plan = Objects.requireNonNull(plan, "plan");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.wanted = Set.copyOf(wanted);
        if (this.wanted.isEmpty()) {
            throw new IllegalArgumentException("no scenario to run");
        }
    }

    /** Runs the plan; every process it started is stopped before it returns or throws. */
    public LoadResults run() throws InterruptedException {
        String startedAt = Instant.now().toString();
        String loadAtStart = ResourceSampler.loadAverage();
        ResourceSampler sampler = ResourceSampler.create();
        boolean sampleCpu = ResourceSampler.procAvailable();
        try (Topology topology = Topology.start(settings, wanted); LoadClient client = new LoadClient()) {
            List<Target> targets = new ArrayList<>(topology.targets().values());
            log.info("scenarios: {}; not measured: {}", targets.stream().map(t -> t.scenario().key()).toList(),
                    topology.unavailable());
            warmUp(client, targets);
            for (Target target : targets) {
                if (target.hopIsJvm() && sampleCpu) {
                    allocations.put(target.scenario(), new AllocationProbe(target.hop().orElseThrow().handle().pid()));
                }
            }
            List<ProfileResult> profiles = new ArrayList<>();
            double autoRate = 0;
            for (LoadProfile configured : plan.profiles()) {
                LoadProfile profile = configured.rateIsAuto() ? configured.atRate(autoRate) : configured;
                ProfileResult result = runProfile(client, topology, targets, profile, sampler, sampleCpu);
                profiles.add(result);
                if (profile.mode() == LoadMode.CLOSED) {
                    autoRate = autoRate(result);
                }
            }
            Map<String, String> descriptions = new LinkedHashMap<>();
            for (Scenario scenario : Scenario.values()) {
                descriptions.put(scenario.key(), scenario.description());
            }
            return new LoadResults(plan.name(), startedAt, plan.rounds(), plan.initialWarmup().toMillis() / 1e3,
                    plan.maxRequestsPerRound(), topology.commands(), descriptions, profiles,
                    loadAtStart + " at the start, " + ResourceSampler.loadAverage() + " at the end");
        } finally {
            allocations.values().forEach(AllocationProbe::close);
            allocations.clear();
        }
    }

    private void warmUp(LoadClient client, List<Target> targets) throws InterruptedException {
        if (plan.initialWarmup().isZero()) {
            return;
        }
        int connections = plan.profiles().stream().filter(p -> p.mode() == LoadMode.CLOSED)
                .mapToInt(LoadProfile::connections).max().orElse(1);
        LoadProfile warmup = new LoadProfile("warmup", "Initial warm-up", LoadMode.CLOSED, connections, 0,
                Duration.ZERO, plan.initialWarmup());
        for (Target target : targets) {
            RoundMeasurement m = client.run(target.endpoint(), target.shape(), warmup, plan.maxRequestsPerRound(),
                    PhaseListener.NONE);
            log.info("warm-up {}: {} answers, {} errors", target.scenario().key(), m.completed(), m.errors());
        }
    }

    private ProfileResult runProfile(LoadClient client, Topology topology, List<Target> targets, LoadProfile profile,
            ResourceSampler sampler, boolean sampleCpu) throws InterruptedException {
        log.info("profile {}: {}{}", profile.name(), profile.title(),
                profile.mode() == LoadMode.OPEN ? String.format(" (%.0f req/s)", profile.ratePerSecond()) : "");
        Map<Scenario, ScenarioAccumulator> accumulators = new EnumMap<>(Scenario.class);
        for (Target target : targets) {
            accumulators.put(target.scenario(), new ScenarioAccumulator(target.scenario(), target.hop().isPresent()));
        }
        for (int round = 1; round <= plan.rounds(); round++) {
            List<Target> order = rotated(targets, round - 1);
            for (int position = 0; position < order.size(); position++) {
                Target target = order.get(position);
                topology.deadProcess().ifPresent(dead -> {
                    throw new IllegalStateException("a process of the run died: " + dead);
                });
                CpuWindow cpu = sampleCpu ? new CpuWindow(sampler, Map.of(
                        ScenarioAccumulator.CLIENT, List.of(ProcessHandle.current()),
                        ScenarioAccumulator.UPSTREAM, topology.upstreamProcesses(target.scenario()),
                        ScenarioAccumulator.HOP, target.hopProcesses()), allocations.get(target.scenario())) : null;
                RoundMeasurement m = client.run(target.endpoint(), target.shape(), profile, plan.maxRequestsPerRound(),
                        cpu == null ? PhaseListener.NONE : cpu);
                OptionalLong rss = sampleCpu && target.hop().isPresent()
                        ? sampler.residentBytes(target.hopProcesses()) : OptionalLong.empty();
                OptionalLong heap = target.hopIsJvm()
                        ? sampler.liveHeapBytes(target.hop().orElseThrow().handle().pid()) : OptionalLong.empty();
                accumulators.get(target.scenario()).add(round, position, m, cpu, rss, heap);
                LatencySummary latency = LatencySummary.of(m.latency());
                log.info("round {} {}: {} req/s, p50 {} us, p99 {} us, {} errors", round, target.scenario().key(),
                        Math.round(m.throughput()), Math.round(latency.p50Micros()),
                        Math.round(latency.p99Micros()), m.errors());
            }
        }
        List<ScenarioResult> scenarios = new ArrayList<>();
        for (Scenario scenario : Scenario.values()) {
            if (accumulators.containsKey(scenario)) {
                scenarios.add(accumulators.get(scenario).result());
            } else if (topology.unavailable().containsKey(scenario)) {
                String status = scenario.pendingReason().isPresent()
                        ? ScenarioResult.PENDING : ScenarioResult.UNAVAILABLE;
                scenarios.add(ScenarioResult.notMeasured(scenario, status, topology.unavailable().get(scenario)));
            }
        }
        return new ProfileResult(profile.name(), profile.title(), profile.mode().name(), profile.connections(),
                profile.ratePerSecond(), profile.warmup().toMillis() / 1e3, profile.measure().toMillis() / 1e3,
                scenarios);
    }

    /**
     * Half the slowest round of any measured scenario sending the sample {@code tools/call}, rounded down to a multiple
     * of 10 and at least 10 req/s: a rate every such scenario sustained even in its worst round, so the open loop
     * measures latency rather than overload. The scenarios measured against a line of their own (the legacy-client
     * front, the lists) do not set it: an uncached federated list is an order of magnitude slower, and would turn the
     * pass-through's open loop against nginx into a trickle; at this rate they may be overloaded, which their rows
     * then show.
     */
    static double autoRate(ProfileResult closedLoop) {
        double slowest = closedLoop.scenarios().stream().filter(ScenarioResult::measured)
                .filter(s -> Scenario.byKey(s.scenario()).call() == Scenario.Call.TOOLS_CALL)
                .flatMap(s -> s.rounds().isEmpty() ? Stream.of(s.throughput())
                        : s.rounds().stream().map(RoundResult::throughput))
                .mapToDouble(Double::doubleValue).min().orElse(0);
        return Math.max(10, Math.floor(slowest * AUTO_RATE_SHARE / 10) * 10);
    }

    /** {@code items} rotated left by {@code by}. */
    static <T> List<T> rotated(List<T> items, int by) {
        List<T> out = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            out.add(items.get((i + by) % items.size()));
        }
        return out;
    }
}
