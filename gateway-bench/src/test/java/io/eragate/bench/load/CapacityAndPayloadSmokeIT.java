package io.eragate.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.bench.report.ResultsJson;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The capacity and large-payload runs at smoke size, as {@code bench/run.sh --smoke} runs them: the legacy fixture
 * serves the session GET stream so the bridge acknowledges listen streams, and the fixtures produce the large answers
 * the requests ask for. It asserts that streams were held and answers went through, never how fast or how big, nor
 * how many fit in a window: each payload case runs until its answers have come.
 */
class CapacityAndPayloadSmokeIT {

    /** Answers each payload case must carry, however long past its 400 ms window they take (bounded). */
    private static final int ANSWERS_PER_CASE = 2;

    @TempDir
    Path out;

    private TargetSettings settings() {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return new TargetSettings(out, TargetSettings.currentJava(), classpath,
                List.of("-cp", classpath, "io.eragate.netty.cli.Main"), List.of("-Xmx256m"), Optional.empty(), 1);
    }

    @Test
    void theCapacityRunHoldsEveryStreamAndMeasuresEragatesMemory() throws Exception {
        CapacityResult result = new CapacityRun(settings(), "smoke", 20).run();

        assertThat(result.streamsHeld()).as(String.valueOf(result.firstFailure())).isEqualTo(20);
        assertThat(result.failures()).isZero();
        assertThat(result.baseline().liveHeapBytes()).isPositive();
        assertThat(result.loaded().nativeOutsideHeapBytes()).as("native memory tracking is on").isPositive();
        assertThat(result.loaded().residentBytes()).isPositive();
        assertThat(result.settings()).containsEntry("subscriptions.maxListenersPerSession",
                Integer.toString(20 + EragateConfig.CAPACITY_HEADROOM));
        assertThat(out.resolve("eragate-capacity.yaml")).content().contains("maxListeners: 120");
        ResultsJson.writeValue(result, out.resolve(LoadHarness.CAPACITY_FILE));
        assertThat(ResultsJson.readValue(out.resolve(LoadHarness.CAPACITY_FILE), CapacityResult.class))
                .isEqualTo(result);
    }

    @Test
    void theSessionsRunHoldsEveryLegacySessionsGetStreamWithItsUpstreamListen() throws Exception {
        CapacityResult result = new CapacityRun(settings(), "smoke", 20, CapacityResult.LEGACY_SESSIONS).run();

        assertThat(result.streamsHeld()).as(String.valueOf(result.firstFailure())).isEqualTo(20);
        assertThat(result.failures()).isZero();
        assertThat(result.legacySessions()).isTrue();
        assertThat(result.baseline().liveHeapBytes()).isPositive();
        assertThat(result.loaded().residentBytes()).isPositive();
        assertThat(result.settings()).containsEntry("legacyClients.maxSessions",
                Integer.toString(20 + EragateConfig.CAPACITY_HEADROOM));
        assertThat(out.resolve("eragate-sessions.yaml")).content().contains("maxUpstreamConnectionsPerEventLoop: 120");
        ResultsJson.writeValue(result, out.resolve(LoadHarness.SESSIONS_FILE));
        assertThat(ResultsJson.readValue(out.resolve(LoadHarness.SESSIONS_FILE), CapacityResult.class))
                .isEqualTo(result);
    }

    @Test
    void theLargePayloadRunCarriesBothAnswersThroughEveryHop() throws Exception {
        PayloadRun.Shape shape = new PayloadRun.Shape(256 * 1024, 50, 1, 100, 400, ANSWERS_PER_CASE);
        PayloadResult result = new PayloadRun(settings(), "smoke", shape).run();

        assertThat(result.cases()).extracting(c -> c.payload() + "/" + c.hop()).containsExactly(
                "json-1mib/direct", "json-1mib/eragate", "json-1mib/bridge-pooled",
                "sse-events/direct", "sse-events/eragate", "sse-events/bridge-pooled");
        for (PayloadCase row : result.cases()) {
            assertThat(row.answers()).as(row.payload() + " " + row.hop() + ": " + row.firstError())
                    .isGreaterThanOrEqualTo(ANSWERS_PER_CASE);
            assertThat(row.errors()).as(row.payload() + " " + row.hop() + ": " + row.firstError()).isZero();
            if (!row.hop().equals(Scenario.DIRECT.key())) {
                assertThat(row.baselineLiveHeapBytes()).isPositive();
                assertThat(row.peakResidentBytes()).isPositive();
            }
        }
        assertThat(result.cases()).filteredOn(c -> c.payload().equals(PayloadRun.SSE_PAYLOAD))
                .allSatisfy(c -> assertThat(c.eventsPerSecond()).isPositive());
    }
}
