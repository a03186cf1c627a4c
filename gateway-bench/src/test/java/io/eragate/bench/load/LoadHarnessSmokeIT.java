package io.eragate.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.bench.report.ResultsJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness's smoke plan end to end, as CI runs it: both fixtures and the three Eragate hops in JVMs of their
 * own, nginx too when it is installed. It asserts that requests went through and that the report files exist, never
 * how fast anything was.
 */
class LoadHarnessSmokeIT {

    @TempDir
    Path out;

    @Test
    void theSmokePlanRunsEveryAvailableScenarioAndWritesTheReport() throws Exception {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Optional<Path> nginx = LoadHarness.findNginx();
        List<String> eragate = List.of("-cp", classpath, "io.eragate.netty.cli.Main");
        // The same build stands in for the baseline: the run proves a --compare run starts and measures both.
        TargetSettings settings = new TargetSettings(out, TargetSettings.currentJava(), classpath, eragate,
                List.of("-Xmx256m"), nginx, 1, eragate);
        Set<Scenario> wanted = EnumSet.allOf(Scenario.class);

        LoadResults results = new LoadRunner(LoadPlan.smoke(), settings, wanted).run();
        Path chart = out.resolve("chart.svg");
        LoadHarness.write(results, out, chart);

        assertThat(results.profiles()).extracting(ProfileResult::name).containsExactly("concurrent", "open");
        // eragate-io-uring runs everywhere: where the kernel refuses io_uring, Eragate falls back to epoll or NIO.
        Set<String> mustRun = new java.util.HashSet<>(Set.of("direct", "eragate", "eragate-io-uring",
                "eragate-baseline", "bridge-pooled", "bridge-per-call", "legacy-front", "list-pass-through",
                "federated-list-cached", "federated-list-uncached", "legacy-front-baseline",
                "federated-list-cached-baseline", "bridge-pooled-baseline"));
        nginx.ifPresent(binary -> mustRun.add("nginx"));
        for (ProfileResult profile : results.profiles()) {
            assertThat(profile.scenarios()).filteredOn(ScenarioResult::measured)
                    .extracting(ScenarioResult::scenario).containsExactlyInAnyOrderElementsOf(mustRun);
            for (ScenarioResult scenario : profile.scenarios()) {
                if (scenario.measured()) {
                    assertThat(scenario.succeeded()).as(profile.name() + " " + scenario.scenario())
                            .isGreaterThanOrEqualTo(LoadPlan.SMOKE_MIN_ANSWERS);
                    // A closed loop never overloads a scenario. The open loop's fixed rate does overload the slow
                    // ones (an uncached federated list, an initialize per call) on a busy machine, and an overloaded
                    // gateway may refuse some requests, as the report then shows; how many depends on the machine.
                    // A slow scenario may also complete no answer inside the open loop's short window (its answers
                    // come in the overtime), which leaves its allocation per request unknown.
                    if (profile.name().equals("concurrent")) {
                        assertThat(scenario.errors()).as(profile.name() + " " + scenario.scenario()).isZero();
                    }
                    if (profile.name().equals("concurrent") && !scenario.scenario().equals("direct")
                            && !scenario.scenario().equals("nginx")) {
                        assertThat(scenario.resources().hopAllocatedBytesPerRequest())
                                .as("heap allocated per request by " + scenario.scenario()).isPositive();
                    }
                }
            }
            assertThat(profile.scenarios()).filteredOn(s -> s.status().equals(ScenarioResult.PENDING)).isEmpty();
        }
        assertThat(results.commands()).containsKeys("fixture upstream", "Eragate", "legacy fixture upstream",
                "Eragate bridge-pooled", "Eragate bridge-per-call", "Eragate legacy-front", "Eragate list-pass-through",
                "second fixture upstream (federation)", "Eragate federated-list-cached",
                "Eragate federated-list-uncached");
        assertThat(Files.readString(out.resolve("eragate-federated-list-cached.yaml")))
                .contains("upstreams: [alpha, beta, gamma]").contains("listCacheTtl: 30s");
        assertThat(Files.readString(out.resolve("eragate-federated-list-uncached.yaml"))).contains("listCacheTtl: 0ms");
        assertThat(Files.readString(out.resolve(LoadHarness.SUMMARY_FILE)))
                .contains("| Legacy-client front ≥ 0.9× the pass-through (closed loop, 2 connections) |")
                .contains("Eragate federated tools/list, uncached");
        assertThat(ResultsJson.read(out.resolve(LoadHarness.RESULTS_FILE))).isEqualTo(results);
        assertThat(Files.readString(out.resolve(LoadHarness.SUMMARY_FILE))).contains("Eragate pass-through");
        assertThat(Files.readString(chart)).startsWith("<svg").contains("Eragate pass-through");
        assertThat(out.resolve("eragate.yaml")).exists();
        assertThat(Files.readString(out.resolve("eragate-io-uring.yaml"))).contains("transport: io-uring");
        assertThat(results.loadAverage()).contains("at the start").contains("at the end");
        assertThat(Files.readString(out.resolve("eragate-bridge-per-call.yaml"))).contains("era: legacy")
                .contains("sessionStrategy: per-call");
        assertThat(Files.readString(out.resolve("eragate-bridge-pooled.yaml"))).contains("era: legacy")
                .contains("sessionStrategy: pooled");
    }
}
