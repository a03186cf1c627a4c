package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.config.EraSetting;
import io.eragate.netty.testing.Await;
import io.eragate.netty.testing.LegacyFixtureUpstream;
import io.eragate.netty.testing.ModernFixtureUpstream;
import io.eragate.netty.testing.RecordedRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The era of each upstream origin: probed once with server/discover, cached, persisted, pinned, re-probed. */
class EraDetectionIT {
    private static final ModernRequest ECHO = ModernRequest.toolCall(1, "echo", "{\"message\":\"hi\"}");
    private static final String MODERN_DISCOVER_RESULT = "{\"supportedVersions\":[\"2026-07-28\"],"
            + "\"capabilities\":{\"tools\":{}},\"resultType\":\"complete\",\"ttlMs\":0,\"cacheScope\":\"private\"}";

    private static long discovers(List<RecordedRequest> requests) {
        return requests.stream().filter(r -> "server/discover".equals(r.rpcMethod())).count();
    }

    private static JsonNode erasReport(BridgeGateway gateway) {
        return ModernRequest.parse(gateway.client("x").get(gateway.admin("/admin/eras")));
    }

    private static JsonNode originEntry(JsonNode report, String origin) {
        return StreamSupport.stream(report.path("origins").spliterator(), false)
                .filter(entry -> origin.equals(entry.path("origin").asText()))
                .findFirst().orElseThrow(() -> new AssertionError("no " + origin + " in " + report));
    }

    @Test
    void aLegacyOriginIsBridgedAndAModernOneIsPassedThroughOnceProbed() {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start();
             ModernFixtureUpstream modern = ModernFixtureUpstream.start();
             BridgeGateway gateway = BridgeGateway.builder()
                     .upstream("legacy", legacy.uri(), EraSetting.AUTO)
                     .upstream("modern", modern.uri(), EraSetting.AUTO).start()) {

            ModernAnswer bridged = gateway.client("legacy").send(ECHO);
            ModernAnswer passed = gateway.client("modern").send(ECHO);

            assertThat(bridged.status()).as(bridged.toString()).isEqualTo(200);
            assertThat(bridged.result().path("content").get(0).path("text").asText()).isEqualTo("Echo: hi");
            assertThat(bridged.result().path("_meta").path(ModernRequest.SERVER_INFO_KEY).path("name").asText())
                    .isEqualTo(LegacyFixtureUpstream.SERVER_NAME);
            assertThat(legacy.initializeCount()).as("a legacy origin gets a session").isEqualTo(1);
            assertThat(discovers(legacy.requests())).as("probed once").isEqualTo(1);

            assertThat(passed.status()).as(passed.toString()).isEqualTo(200);
            assertThat(passed.result().path("content").get(0).path("text").asText()).isEqualTo("Echo: hi");
            assertThat(discovers(modern.requests())).as("probed once").isEqualTo(1);
            RecordedRequest forwarded = modern.requests().stream()
                    .filter(r -> "tools/call".equals(r.rpcMethod())).findFirst().orElseThrow();
            assertThat(forwarded.json()).as("a modern origin gets the original request, envelope and id included")
                    .isEqualTo(ECHO.body());
        }
    }

    @Test
    void aBurstOfFirstRequestsCausesOneProbe() {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start();
             BridgeGateway gateway = BridgeGateway.builder()
                     .upstream("legacy", legacy.uri(), EraSetting.AUTO).start()) {
            ModernClient client = gateway.client("legacy");

            List<CompletableFuture<ModernAnswer>> burst = IntStream.range(0, 16)
                    .mapToObj(i -> client.sendAsync(ModernRequest.toolCall(i, "echo", "{\"message\":\"m" + i + "\"}")))
                    .toList();

            for (int i = 0; i < burst.size(); i++) {
                ModernAnswer answer = burst.get(i).join();
                assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
                assertThat(answer.result().path("content").get(0).path("text").asText()).isEqualTo("Echo: m" + i);
            }
            assertThat(discovers(legacy.requests())).as("single-flight probe").isEqualTo(1);
        }
    }

    @ParameterizedTest(name = "probe answered {0}")
    @CsvSource({"503, 503", "401, 502", "500, 502"})
    void anInconclusiveProbeFailsTheRequestAndIsNotCached(int probeStatus, int clientStatus) {
        try (ScriptedUpstream upstream = ScriptedUpstream.start(exchange -> exchange.json(probeStatus,
                "{\"error\":\"not now\"}", Map.of()));
             BridgeGateway gateway = BridgeGateway.builder()
                     .upstream("flaky", upstream.uri(), EraSetting.AUTO).start()) {
            ModernClient client = gateway.client("flaky");

            ModernAnswer refused = client.send(ECHO);
            upstream.script(new LegacyScript(exchange -> LegacyScript.textResult(exchange, "Echo: hi")));
            ModernAnswer served = client.send(ECHO);

            assertThat(refused.status()).as(refused.toString()).isEqualTo(clientStatus);
            assertThat(refused.error().path("code").asInt()).isEqualTo(-32603);
            assertThat(refused.response().path("id").asInt()).isEqualTo(1);
            assertThat(served.status()).as(served.toString()).isEqualTo(200);
            assertThat(served.result().path("content").get(0).path("text").asText()).isEqualTo("Echo: hi");
            assertThat(upstream.count("server/discover")).as("the second request probed again").isEqualTo(2);
            assertThat(originEntry(erasReport(gateway), upstream.uri().toString()).path("learnedBy").asText())
                    .isEqualTo("probe");
        }
    }

    @Test
    void aPinnedEraIsNeverProbed() {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start();
             ModernFixtureUpstream modern = ModernFixtureUpstream.start();
             BridgeGateway gateway = BridgeGateway.builder()
                     .upstream("legacy", legacy.uri(), EraSetting.LEGACY)
                     .upstream("modern", modern.uri(), EraSetting.MODERN).start()) {

            ModernAnswer bridged = gateway.client("legacy").send(ECHO);
            ModernAnswer passed = gateway.client("modern").send(ECHO);

            assertThat(bridged.status()).as(bridged.toString()).isEqualTo(200);
            assertThat(passed.status()).as(passed.toString()).isEqualTo(200);
            assertThat(discovers(legacy.requests())).isZero();
            assertThat(discovers(modern.requests())).isZero();
            assertThat(legacy.initializeCount()).as("pinned legacy is bridged").isEqualTo(1);
            JsonNode report = erasReport(gateway);
            assertThat(originEntry(report, legacy.uri().toString()).path("learnedBy").asText()).isEqualTo("config");
            assertThat(originEntry(report, modern.uri().toString()).path("era").asText()).isEqualTo("modern");
        }
    }

    @Test
    void persistedVerdictsSpareARestartTheProbe(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("eras.json");
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start()) {
            BridgeGateway gateway = BridgeGateway.builder().erasFile(file)
                    .upstream("legacy", legacy.uri(), EraSetting.AUTO).start();
            try {
                assertThat(gateway.client("legacy").send(ECHO).status()).isEqualTo(200);
                Await.until("the verdict is saved", () -> Files.exists(file) && read(file).contains("\"legacy\""),
                        () -> Files.exists(file) ? read(file) : "(no file)");

                gateway = gateway.restart();
                ModernAnswer afterRestart = gateway.client("legacy").send(ECHO);

                assertThat(afterRestart.status()).as(afterRestart.toString()).isEqualTo(200);
                assertThat(discovers(legacy.requests())).as("no probe after the restart").isEqualTo(1);
                JsonNode entry = originEntry(erasReport(gateway), legacy.uri().toString());
                assertThat(entry.path("era").asText()).isEqualTo("legacy");
                assertThat(entry.path("learnedBy").asText()).isEqualTo("persisted");
            } finally {
                gateway.close();
            }
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    @Test
    void adminErasListsEveryOriginWithItsEraAndHowAndWhenItWasLearned() {
        Instant before = Instant.now();
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start();
             ModernFixtureUpstream modern = ModernFixtureUpstream.start();
             LegacyFixtureUpstream pinned = LegacyFixtureUpstream.start();
             BridgeGateway gateway = BridgeGateway.builder()
                     .upstream("legacy", legacy.uri(), EraSetting.AUTO)
                     .upstream("modern", modern.uri(), EraSetting.AUTO)
                     .upstream("pinned", pinned.uri(), EraSetting.LEGACY).start()) {
            gateway.client("legacy").send(ECHO);
            gateway.client("modern").send(ECHO);

            JsonNode report = erasReport(gateway);

            assertThat(report.path("origins").size()).isEqualTo(3);
            JsonNode legacyEntry = originEntry(report, legacy.uri().toString());
            JsonNode modernEntry = originEntry(report, modern.uri().toString());
            JsonNode pinnedEntry = originEntry(report, pinned.uri().toString());
            assertThat(List.of(legacyEntry.path("era").asText(), modernEntry.path("era").asText(),
                    pinnedEntry.path("era").asText())).containsExactly("legacy", "modern", "legacy");
            assertThat(List.of(legacyEntry.path("learnedBy").asText(), modernEntry.path("learnedBy").asText(),
                    pinnedEntry.path("learnedBy").asText())).containsExactly("probe", "probe", "config");
            for (JsonNode entry : List.of(legacyEntry, modernEntry, pinnedEntry)) {
                assertThat(Instant.parse(entry.path("learnedAt").asText())).isAfterOrEqualTo(before.minusSeconds(1));
                assertThat(entry.path("lastContradiction").isNull()).isTrue();
            }
        }
    }

    @Test
    void aLegacyOriginWhoseInitializeIsRefusedTheModernWayIsProbedAgain() {
        String refusal = "{\"jsonrpc\":\"2.0\",\"id\":%s,\"error\":{\"code\":-32022,\"message\":\"Unsupported "
                + "protocol version\",\"data\":{\"supported\":[\"2026-07-28\"],\"requested\":\"2025-11-25\"}}}";
        AtomicBoolean upgraded = new AtomicBoolean();
        LegacyScript legacy = new LegacyScript(exchange -> exchange.json(500, "{}", Map.of()));
        // Probed legacy, then upgraded before the first initialize: it refuses the 2025 handshake the modern way.
        ScriptedUpstream.Script script = exchange -> {
            if (upgraded.get()) {
                modernServer(exchange);
            } else if ("initialize".equals(exchange.request().rpcMethod())) {
                exchange.json(400, refusal.formatted(exchange.request().json().get("id")), Map.of());
                upgraded.set(true);
            } else {
                legacy.answer(exchange);
            }
        };
        try (ScriptedUpstream upstream = ScriptedUpstream.start(script);
             BridgeGateway gateway = BridgeGateway.builder()
                     .upstream("upgraded", upstream.uri(), EraSetting.AUTO).start()) {
            ModernClient client = gateway.client("upgraded");

            ModernAnswer refused = client.send(ECHO);
            JsonNode afterRefusal = originEntry(erasReport(gateway), upstream.uri().toString());
            ModernAnswer served = client.send(ECHO);

            assertThat(refused.status()).as(refused.toString()).isEqualTo(502);
            assertThat(refused.error().path("message").asText()).contains("-32022");
            assertThat(afterRefusal.path("lastContradiction").path("what").asText()).contains("-32022");
            assertThat(served.status()).as(served.toString()).isEqualTo(200);
            assertThat(served.result().path("content").get(0).path("text").asText()).isEqualTo("modern: hi");
            assertThat(upstream.count("server/discover")).as("re-probed after the contradiction").isEqualTo(2);
            JsonNode entry = originEntry(erasReport(gateway), upstream.uri().toString());
            assertThat(entry.path("era").asText()).isEqualTo("modern");
            assertThat(entry.path("learnedBy").asText()).isEqualTo("contradiction");
        }
    }

    @Test
    void aModernOriginThatAnswersLikeALegacyServerIsProbedAgainAndThenBridged() {
        AtomicBoolean downgraded = new AtomicBoolean();
        LegacyScript legacy = new LegacyScript(exchange -> LegacyScript.textResult(exchange, "legacy: hi"));
        // Probed modern, then replaced by a legacy server: it refuses the session-less request the legacy way.
        ScriptedUpstream.Script script = exchange -> {
            if (!downgraded.get() && "server/discover".equals(exchange.request().rpcMethod())) {
                modernServer(exchange);
                downgraded.set(true);
            } else {
                legacy.answer(exchange);
            }
        };
        try (ScriptedUpstream upstream = ScriptedUpstream.start(script);
             BridgeGateway gateway = BridgeGateway.builder()
                     .upstream("downgraded", upstream.uri(), EraSetting.AUTO).start()) {
            ModernClient client = gateway.client("downgraded");

            ModernAnswer refused = client.send(ECHO);
            JsonNode afterRefusal = originEntry(erasReport(gateway), upstream.uri().toString());
            ModernAnswer served = client.send(ECHO);

            assertThat(refused.status()).as(refused.toString()).isGreaterThanOrEqualTo(400);
            assertThat(afterRefusal.path("lastContradiction").path("what").asText()).contains("2026-07-28 request");
            assertThat(served.status()).as(served.toString()).isEqualTo(200);
            assertThat(upstream.count("server/discover")).as("re-probed after the contradiction").isEqualTo(2);
            assertThat(originEntry(erasReport(gateway), upstream.uri().toString()).path("era").asText())
                    .isEqualTo("legacy");
        }
    }

    /** A 2026-07-28 server: a DiscoverResult for server/discover, an echo for anything else. */
    private static void modernServer(ScriptedUpstream.Exchange exchange) {
        JsonNode request = exchange.request().json();
        String result = "server/discover".equals(exchange.request().rpcMethod()) ? MODERN_DISCOVER_RESULT
                : "{\"content\":[{\"type\":\"text\",\"text\":\"modern: "
                        + request.path("params").path("arguments").path("message").asText() + "\"}],"
                        + "\"resultType\":\"complete\"}";
        exchange.json(200, "{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + ",\"result\":" + result + "}",
                Map.of());
    }
}
