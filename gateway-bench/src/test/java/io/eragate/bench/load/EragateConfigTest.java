package io.eragate.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.bench.McpSamples;
import io.eragate.core.config.BridgeConfig;
import io.eragate.core.config.ConfigLoader;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.GatewayConfig;
import java.net.URI;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class EragateConfigTest {

    @Test
    void thePassThroughConfigLoadsWithEragatesOwnValidation() throws Exception {
        GatewayConfig config = ConfigLoader.parse(EragateConfig.passThrough(18080, 19090, 33333), "bench.yaml");

        assertThat(config.listen().host()).isEqualTo("127.0.0.1");
        assertThat(config.listen().port()).isEqualTo(18080);
        assertThat(config.admin().port()).isEqualTo(19090);
        assertThat(config.upstreams()).singleElement().satisfies(upstream -> {
            assertThat(upstream.url()).isEqualTo(URI.create("http://127.0.0.1:33333" + McpSamples.PATH));
            assertThat(upstream.era()).as("pinned, so no probe runs during the benchmark")
                    .isEqualTo(EraSetting.MODERN);
        });
        assertThat(config.routes()).singleElement()
                .satisfies(route -> assertThat(route.path()).isEqualTo(McpSamples.PATH));
    }

    @ParameterizedTest
    @CsvSource({"POOLED, POOLED", "PER_CALL, PER_CALL"})
    void theBridgeConfigPinsALegacyUpstreamWithTheStrategyUnderTest(EragateConfig.SessionStrategy strategy,
            BridgeConfig.SessionStrategy loaded) throws Exception {
        GatewayConfig config = ConfigLoader.parse(EragateConfig.bridge(18080, 19090, 33333, strategy), "bench.yaml");

        assertThat(config.listen().port()).isEqualTo(18080);
        assertThat(config.admin().port()).isEqualTo(19090);
        assertThat(config.upstreams()).singleElement().satisfies(upstream -> {
            assertThat(upstream.url()).isEqualTo(URI.create("http://127.0.0.1:33333" + McpSamples.PATH));
            assertThat(upstream.era()).as("pinned, so no probe runs during the benchmark")
                    .isEqualTo(EraSetting.LEGACY);
        });
        assertThat(config.routes()).singleElement()
                .satisfies(route -> assertThat(route.path()).isEqualTo(McpSamples.PATH));
        assertThat(config.bridge().sessionStrategy()).isEqualTo(loaded);
    }

    @Test
    void theCapacityConfigMakesRoomForEveryStreamOnOnePooledSession() throws Exception {
        GatewayConfig config = ConfigLoader.parse(EragateConfig.capacity(18080, 19090, 33333, 10_000), "bench.yaml");

        int room = 10_000 + EragateConfig.CAPACITY_HEADROOM;
        assertThat(config.subscriptions().maxListeners()).isEqualTo(room);
        assertThat(config.subscriptions().maxListenersPerSession()).isEqualTo(room);
        assertThat(config.limits().maxConnections()).isEqualTo(room);
        assertThat(config.bridge().sessionStrategy()).isEqualTo(BridgeConfig.SessionStrategy.POOLED);
        assertThat(config.upstreams()).singleElement()
                .satisfies(upstream -> assertThat(upstream.era()).isEqualTo(EraSetting.LEGACY));
    }

    @Test
    void theFederatedConfigPutsThreeUpstreamsOfBothErasBehindOneRouteWithTheCacheUnderTest() throws Exception {
        GatewayConfig cached = ConfigLoader.parse(EragateConfig.federated(18080, 19090, 31111, 32222, 33333, "30s"),
                "bench.yaml");
        GatewayConfig uncached = ConfigLoader.parse(EragateConfig.federated(18080, 19090, 31111, 32222, 33333,
                "0ms"), "bench.yaml");

        assertThat(cached.upstreams()).extracting(u -> u.name() + " " + u.url().getPort() + " " + u.era())
                .containsExactly("alpha 31111 MODERN", "beta 32222 MODERN", "gamma 33333 LEGACY");
        assertThat(cached.routes()).singleElement().satisfies(route -> {
            assertThat(route.path()).isEqualTo(McpSamples.PATH);
            assertThat(route.upstreams()).containsExactlyElementsOf(EragateConfig.FEDERATED_UPSTREAMS);
            assertThat(route.fanOutTimeout()).isEqualTo(java.time.Duration.ofSeconds(30));
        });
        assertThat(cached.bridge().listCacheTtl()).isEqualTo(java.time.Duration.ofSeconds(30));
        assertThat(uncached.bridge().listCacheTtl()).isZero();
    }

    @Test
    void theLegacySessionConfigMakesRoomForEverySessionsGetStreamAndItsUpstreamListen() throws Exception {
        GatewayConfig config = ConfigLoader.parse(EragateConfig.legacySessions(18080, 19090, 33333, 10_000),
                "bench.yaml");

        int room = 10_000 + EragateConfig.CAPACITY_HEADROOM;
        assertThat(config.limits().maxConnections()).isEqualTo(room);
        assertThat(config.limits().maxUpstreamConnectionsPerEventLoop()).isEqualTo(EragateConfig.MAX_POOL);
        assertThat(config.limits().maxPendingUpstreamAcquires()).isEqualTo(room);
        assertThat(config.legacyClients().maxSessions()).isEqualTo(room);
        assertThat(config.upstreams()).singleElement()
                .satisfies(upstream -> assertThat(upstream.era()).isEqualTo(EraSetting.MODERN));
        assertThat(EragateConfig.legacySessionKeys(10_000)).containsEntry("legacyClients.maxSessions",
                Integer.toString(room)).containsKeys("limits.maxConnections",
                "limits.maxUpstreamConnectionsPerEventLoop", "limits.maxPendingUpstreamAcquires");
    }
}
