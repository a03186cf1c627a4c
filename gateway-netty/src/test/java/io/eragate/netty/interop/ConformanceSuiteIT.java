package io.eragate.netty.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.netty.testing.NodePeers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The official MCP conformance suite grades the jar this build just packaged, through
 * {@code interop/run-conformance.sh}: 2026-07-28 requirements with Eragate in front of the SDK v1 legacy fixture,
 * 2025-11-25 requirements with Eragate in front of the SDK v2 modern fixture, and the scenario
 * {@code http-custom-header-server-validation} (which no requirement set scores yet) in front of the legacy fixture,
 * where only Eragate checks {@code Mcp-Param-*}. The script exits 0 only when both
 * runs match their expected-failures baselines in {@code interop/baselines/}, so a new failure fails the build, and
 * so does a baselined failure that now passes (its entry must go).
 *
 * <p>Runs in {@code verify}, after {@code package} has written {@code target/eragate.jar}. Each run's logs, console
 * output and per-scenario {@code checks.json} stay in {@code target/conformance/}.
 */
class ConformanceSuiteIT {
    /** Both runs take about 15 s on a 2-core machine; the bound only stops a hung run. */
    private static final Duration SUITE_TIMEOUT = Duration.ofMinutes(10);

    @Test
    void bothRunsThroughEragateMatchTheirBaselines() {
        NodePeers peers = NodePeers.locate();
        Path repo = peers.interopDir().getParent();
        Path jar = repo.resolve("gateway-netty").resolve("target").resolve("eragate.jar");
        assertThat(jar).as("the packaged gateway; run mvn verify (or package) first").isRegularFile();
        Path results = repo.resolve("gateway-netty").resolve("target").resolve("conformance");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();

        NodePeers.Result result = peers.runBash(SUITE_TIMEOUT, Map.of("JAVA", java,
                        // The jar turns leak detection off by default; like every test JVM, these run it at paranoid.
                        "JAVA_TOOL_OPTIONS", "-Dio.netty.leakDetection.level=paranoid"), "run-conformance.sh",
                "--jar", jar.toString(), "--out", results.toString());

        assertThat(result.exitCode())
                .as("run-conformance.sh found results that differ from interop/baselines/ (details in %s):%n%s%n%s",
                        results, result.stdout(), result.stderr())
                .isZero();
        assertThat(result.stdout()).contains("== eragate-legacy-2026: suite exit code 0")
                .contains("== eragate-legacy-2026-relayable: suite exit code 0")
                .contains("== eragate-modern-2025: suite exit code 0")
                .contains("== eragate-legacy-2025: suite exit code 0")
                .contains("== eragate-legacy-custom-headers: suite exit code 0");
        assertThat(Files.isRegularFile(results.resolve("runs.tsv"))).isTrue();
    }
}
