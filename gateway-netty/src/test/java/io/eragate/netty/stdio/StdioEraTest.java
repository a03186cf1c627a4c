package io.eragate.netty.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.core.mcp.Era;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The era of a stdio upstream: pinned by configuration, or probed on a real throw-away process. */
class StdioEraTest {
    private final StdioRuntime runtime = new StdioRuntime(Duration.ofSeconds(20), Duration.ofSeconds(5), "test");

    @AfterEach
    void stop() {
        runtime.shutdown();
    }

    private StdioEra era(EraSetting setting, String... command) {
        return new StdioEra(UpstreamConfig.stdio("s", List.of(command), setting), runtime);
    }

    /** Runs a probe on the supervisor thread, as the upstream does, and returns what it reported. */
    private static CompletableFuture<Object> probe(StdioEra era, StdioRuntime runtime) {
        CompletableFuture<Object> reported = new CompletableFuture<>();
        runtime.supervisor().execute(() -> era.probe(line -> reported.complete(line == null ? "no answer" : line),
                reported::complete));
        return reported;
    }

    @Test
    void aPinnedEraIsKnownFromTheStartAndSaysItCameFromTheConfiguration() {
        StdioEra era = era(EraSetting.LEGACY, "true");

        assertThat(era.era()).isEqualTo(Era.LEGACY);
        ObjectNode line = JsonNodeFactory.instance.objectNode();
        era.describeInto(line);
        assertThat(line.path("era").asText()).isEqualTo("legacy");
        assertThat(line.path("learnedBy").asText()).isEqualTo("config");
        assertThat(line.path("detail").asText()).isEqualTo("era: legacy");
        assertThat(line.path("learnedAt").isTextual()).isTrue();
    }

    @Test
    void aForgottenEraIsUnknownAgainAndSaysWhy() {
        StdioEra era = era(EraSetting.LEGACY, "true");

        era.forget("initialize was refused with -32022; probing again");

        assertThat(era.era()).isNull();
        ObjectNode line = JsonNodeFactory.instance.objectNode();
        era.describeInto(line);
        assertThat(line.get("era").isNull()).isTrue();
        assertThat(line.path("detail").asText()).isEqualTo("initialize was refused with -32022; probing again");
    }

    @Test
    void theProbeReportsTheLineThatAnsweredItsDiscoverRequest() throws Exception {
        StdioEra era = era(EraSetting.AUTO, "sh", "-c", "read request; echo '{\"jsonrpc\":\"2.0\",\"id\":\"other\","
                + "\"result\":{}}'; echo '{\"jsonrpc\":\"2.0\",\"id\":\"eragate-discover-probe-1\",\"result\":{}}';"
                + " sleep 30");
        assertThat(era.era()).isNull();

        Object reported = probe(era, runtime).get(20, TimeUnit.SECONDS);

        assertThat(reported).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":\"eragate-discover-probe-1\",\"result\":{}}");
        assertThat(runtime.supervisor().submit(era::isProbing).get(5, TimeUnit.SECONDS)).isFalse();
    }

    @Test
    void aProcessThatExitsWithoutAnsweringReportsNoAnswer() throws Exception {
        StdioEra era = era(EraSetting.AUTO, "sh", "-c", "exit 3");

        assertThat(probe(era, runtime).get(20, TimeUnit.SECONDS)).isEqualTo("no answer");
    }

    @Test
    void aCommandThatCannotStartIsReportedAsSuch() throws Exception {
        StdioEra era = era(EraSetting.AUTO, "/nonexistent/eragate-no-such-program");

        assertThat(probe(era, runtime).get(20, TimeUnit.SECONDS)).isInstanceOf(IOException.class);
        assertThat(runtime.supervisor().submit(era::isProbing).get(5, TimeUnit.SECONDS)).isFalse();
    }
}
