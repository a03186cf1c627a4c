package io.eragate.bench.report;

import io.eragate.bench.load.LatencySummary;
import io.eragate.bench.load.LoadResults;
import io.eragate.bench.load.ProfileResult;
import io.eragate.bench.load.ResourceSummary;
import io.eragate.bench.load.RoundResult;
import io.eragate.bench.load.Scenario;
import io.eragate.bench.load.ScenarioResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Harness results with round numbers, so every ratio in the report can be checked by hand. */
final class SampleResults {

    private SampleResults() {
    }

    /**
     * serial: direct 4,000 req/s p50 100 µs, nginx 3,000 p50 150, Eragate 2,500 p50 200; concurrent: direct 40,000,
     * nginx 20,000, Eragate 19,000 (0.95× nginx); bridge scenarios pending.
     */
    static LoadResults typical() {
        List<ProfileResult> profiles = List.of(
                profile("serial", "CLOSED", 1, 0, new double[][] {{4_000, 100}, {3_000, 150}, {2_500, 200}}),
                profile("concurrent", "CLOSED", 16, 0,
                        new double[][] {{40_000, 300}, {20_000, 700}, {19_000, 800}}),
                profile("open", "OPEN", 16, 9_500, new double[][] {{9_500, 150}, {9_500, 250}, {9_500, 300}}));
        Map<String, String> descriptions = new LinkedHashMap<>();
        for (Scenario scenario : Scenario.values()) {
            descriptions.put(scenario.key(), scenario.description());
        }
        return new LoadResults("full", "2026-12-02T12:00:00Z", 3, 5, 2_000_000,
                Map.of("Eragate", "java -jar eragate.jar --config x.yaml"), descriptions, profiles);
    }

    /**
     * As {@link #typical()}, with the bridge scenarios measured: pooled 6,000 req/s and per-call 1,500 in every profile
     * (4× apart).
     */
    static LoadResults withBridge() {
        LoadResults typical = typical();
        List<ProfileResult> profiles = new ArrayList<>();
        for (ProfileResult p : typical.profiles()) {
            List<ScenarioResult> scenarios = new ArrayList<>(p.scenarios().stream().filter(ScenarioResult::measured)
                    .toList());
            scenarios.add(measured(Scenario.ERAGATE_BRIDGE_POOLED, 6_000, 400));
            scenarios.add(measured(Scenario.ERAGATE_BRIDGE_PER_CALL, 1_500, 1_600));
            profiles.add(new ProfileResult(p.name(), p.title(), p.mode(), p.connections(), p.ratePerSecond(),
                    p.warmupSeconds(), p.measureSeconds(), scenarios));
        }
        return new LoadResults(typical.plan(), typical.startedAt(), typical.rounds(), typical.initialWarmupSeconds(),
                typical.maxRequestsPerRound(), typical.commands(), typical.scenarioDescriptions(), profiles);
    }

    /**
     * As {@link #typical()}, with the exchanges measured against a line in every profile: the legacy-client front at
     * {@code legacyShare} of the pass-through's throughput, the tools/list pass-through at 10,000 req/s, the cached
     * federated list at 9,500 (0.95×) and the uncached one at 2,000 (0.20×).
     */
    static LoadResults withExchanges(double legacyShare) {
        LoadResults typical = typical();
        List<ProfileResult> profiles = new ArrayList<>();
        for (ProfileResult p : typical.profiles()) {
            List<ScenarioResult> scenarios = new ArrayList<>(p.scenarios().stream().filter(ScenarioResult::measured)
                    .toList());
            double passThrough = p.measured(Scenario.ERAGATE_PASS_THROUGH).orElseThrow().throughput();
            scenarios.add(measured(Scenario.LEGACY_FRONT, passThrough * legacyShare, 900));
            scenarios.add(measured(Scenario.LIST_PASS_THROUGH, 10_000, 500));
            scenarios.add(measured(Scenario.FEDERATED_LIST_CACHED, 9_500, 520));
            scenarios.add(measured(Scenario.FEDERATED_LIST_UNCACHED, 2_000, 2_400));
            profiles.add(new ProfileResult(p.name(), p.title(), p.mode(), p.connections(), p.ratePerSecond(),
                    p.warmupSeconds(), p.measureSeconds(), scenarios));
        }
        return new LoadResults(typical.plan(), typical.startedAt(), typical.rounds(), typical.initialWarmupSeconds(),
                typical.maxRequestsPerRound(), typical.commands(), typical.scenarioDescriptions(), profiles);
    }

    /**
     * A run that meets every throughput and latency target: serial p50 direct 100 µs, nginx 150, Eragate 140 (+40
     * against nginx's +50); at 16 and 64 connections nginx 20,000 req/s, Eragate 21,000 (1.05×), the warm bridged
     * call 20,500 (0.98× the pass-through); open loop p50 nginx 250 µs, Eragate 260 (p99 1.04× nginx's).
     */
    static LoadResults meetingTargets() {
        List<ProfileResult> profiles = new ArrayList<>();
        profiles.add(new ProfileResult("serial", "Profile serial", "CLOSED", 1, 0, 2, 5, List.of(
                measured(Scenario.DIRECT, 4_000, 100), measured(Scenario.NGINX, 3_000, 150),
                measured(Scenario.ERAGATE_PASS_THROUGH, 3_100, 140))));
        for (int connections : new int[] {16, 64}) {
            profiles.add(new ProfileResult(connections == 16 ? "concurrent" : "concurrent64",
                    "Profile " + connections, "CLOSED", connections, 0, 2, 5, List.of(
                            measured(Scenario.DIRECT, 40_000, 300), measured(Scenario.NGINX, 20_000, 700),
                            measured(Scenario.ERAGATE_PASS_THROUGH, 21_000, 680),
                            measured(Scenario.ERAGATE_BRIDGE_POOLED, 20_500, 690))));
        }
        profiles.add(new ProfileResult("open", "Profile open", "OPEN", 16, 9_500, 2, 5, List.of(
                measured(Scenario.DIRECT, 9_500, 150), measured(Scenario.NGINX, 9_500, 250),
                measured(Scenario.ERAGATE_PASS_THROUGH, 9_500, 260))));
        LoadResults typical = typical();
        return new LoadResults(typical.plan(), typical.startedAt(), typical.rounds(), typical.initialWarmupSeconds(),
                typical.maxRequestsPerRound(), typical.commands(), typical.scenarioDescriptions(), profiles);
    }

    private static ProfileResult profile(String name, String mode, int connections, double rate, double[][] rows) {
        Scenario[] measured = {Scenario.DIRECT, Scenario.NGINX, Scenario.ERAGATE_PASS_THROUGH};
        List<ScenarioResult> scenarios = new ArrayList<>();
        for (int i = 0; i < measured.length; i++) {
            scenarios.add(measured(measured[i], rows[i][0], rows[i][1]));
        }
        scenarios.add(ScenarioResult.notMeasured(Scenario.ERAGATE_BRIDGE_POOLED, ScenarioResult.PENDING,
                "the legacy bridge has not landed yet"));
        scenarios.add(ScenarioResult.notMeasured(Scenario.ERAGATE_BRIDGE_PER_CALL, ScenarioResult.PENDING,
                "the legacy bridge has not landed yet"));
        return new ProfileResult(name, "Profile " + name, mode, connections, rate, 2, 5, scenarios);
    }

    private static ScenarioResult measured(Scenario scenario, double throughput, double p50) {
        LatencySummary latency = new LatencySummary(1000, p50, p50 * 2, p50 * 4, p50 * 8, p50 * 10, p50 * 1.2);
        long completed = Math.round(throughput * 15);
        List<RoundResult> rounds = List.of(
                new RoundResult(1, 0, 5, completed / 3, completed / 3, 0, 0, 0, 0, throughput, latency),
                new RoundResult(2, 1, 5, completed / 3, completed / 3, 0, 0, 0, 0, throughput, latency),
                new RoundResult(3, 2, 5, completed / 3, completed / 3, 0, 0, 0, 0, throughput, latency));
        ResourceSummary resources = scenario == Scenario.DIRECT
                ? new ResourceSummary(40.0, 60.0, null, null, 5.0, 0.0, null, null)
                : new ResourceSummary(40.0, 50.0, 70.0, 35.0, 5.0, 0.0, 100L * 1024 * 1024,
                        scenario == Scenario.ERAGATE_PASS_THROUGH ? 8L * 1024 * 1024 : null,
                        scenario == Scenario.ERAGATE_PASS_THROUGH ? 3210.4 : null);
        return new ScenarioResult(scenario.key(), scenario.label(), ScenarioResult.MEASURED, null, throughput,
                latency, completed, completed, 0, 0, 0, 0, rounds, resources);
    }
}
