package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.auth.Admission;
import io.eragate.core.config.BridgeConfig;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.ErasConfig;
import io.eragate.core.config.MrtrConfig;
import io.eragate.core.config.SubscriptionsConfig;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.listen.ListCacheKey;
import io.eragate.core.listen.ListResultCache;
import io.eragate.core.mcp.Era;
import io.eragate.core.security.StateSealer;
import io.eragate.core.session.SessionKey;
import io.eragate.core.session.UpstreamSession;
import io.eragate.core.testing.MutableClock;
import io.eragate.netty.server.GatewayVersion;
import io.eragate.netty.testing.Await;
import io.eragate.netty.testing.LegacyFixtureUpstream;
import io.eragate.netty.upstream.UpstreamPoolSettings;
import io.eragate.netty.upstream.UpstreamPools;
import io.eragate.netty.upstream.UpstreamTarget;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link EraDirectory} and {@link LegacyBridge} read time from the clock they are given: moving a hand-moved clock
 * expires a cached era, a session's list cache and an idle pooled session, with no waiting (a real legacy upstream
 * on a loopback socket answers the probes and handshakes).
 */
class BridgeClocksIT {
    private static final Instant START = Instant.parse("2026-08-01T10:00:00Z");
    private static final Duration ERA_TTL = Duration.ofHours(1);
    private static final long WAIT_SECONDS = 30;

    private final MutableClock clock = new MutableClock(START);
    private EventLoopGroup loop;
    private UpstreamPools pools;
    private LegacyFixtureUpstream upstream;
    private UpstreamTarget target;
    private EraDirectory eras;
    private LegacyBridge bridge;

    @BeforeEach
    void start() {
        loop = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        pools = new UpstreamPools(loop, NioSocketChannel.class, NioDatagramChannel.class,
                new UpstreamPoolSettings(4, 4, Duration.ofSeconds(5), Duration.ofMinutes(5)), 8192);
        upstream = LegacyFixtureUpstream.start();
        target = UpstreamTarget.of("legacy", upstream.uri());
        UpstreamConfig config = new UpstreamConfig("legacy", upstream.uri(), EraSetting.AUTO);
        eras = new EraDirectory(new ErasConfig(ERA_TTL, 10, "", Duration.ofSeconds(10)), List.of(config), pools,
                GatewayVersion.current(), clock);
        bridge = new LegacyBridge(BridgeConfig.defaults(), MrtrConfig.defaults(), SubscriptionsConfig.defaults(),
                Map.of("legacy", target), pools, eras, GatewayVersion.current(), StateSealer.random(),
                Admission.OPEN.policies(), clock);
    }

    @AfterEach
    void stop() {
        bridge.close();
        upstream.close();
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @Test
    void aCachedEraExpiresWhenTheDirectorysClockPassesItsTtl() throws Exception {
        assertThat(eras.eraOf(target).get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(Era.LEGACY);
        assertThat(eras.eraOf(target).get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(Era.LEGACY);
        assertThat(eras.probes("legacy")).isEqualTo(1);

        clock.advance(ERA_TTL.plusSeconds(1));

        // The cache settles an entry's expiry just after its probe's future completes, on the completing thread:
        // a lookup in between still sees the entry unexpired, so ask again until it is seen (bounded).
        Await.until("the expired era is probed again", () -> {
            assertThat(eras.eraOf(target).join()).isEqualTo(Era.LEGACY);
            return eras.probes("legacy") == 2;
        });
        assertThat(eras.eraOf(target).get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(Era.LEGACY);
        assertThat(eras.probes("legacy")).as("a fresh verdict is not probed again").isEqualTo(2);
    }

    @Test
    void aSessionsListCacheExpiresWhenTheBridgesClockPassesItsTtl() throws Exception {
        UpstreamSession session = acquire();
        ListResultCache cache = bridge.listCache(session).orElseThrow();
        ListCacheKey key = ListCacheKey.of("tools/list", null).orElseThrow();
        ObjectNode tools = JsonNodeFactory.instance.objectNode();
        tools.putArray("tools");
        cache.admit(cache.ticket(key), tools);
        assertThat(cache.lookup(key)).hasValueSatisfying(hit -> assertThat(hit.get("tools")).isEmpty());
        clock.advance(BridgeConfig.defaults().listCacheTtl().minusSeconds(1));
        assertThat(cache.lookup(key)).isPresent();

        clock.advance(Duration.ofSeconds(1));

        assertThat(cache.lookup(key)).isEmpty();
        assertThat(session.createdAt()).isEqualTo(START);
    }

    @Test
    void anIdlePooledSessionIsReplacedWhenTheBridgesClockPassesTheIdleExpiry() throws Exception {
        UpstreamSession first = acquire();
        bridge.release(first);
        assertThat(acquire().sessionId()).isEqualTo(first.sessionId());
        assertThat(upstream.initializeCount()).isEqualTo(1);

        clock.advance(BridgeConfig.defaults().sessionIdleExpiry().plusSeconds(1));

        // As for eras, the pool settles a session's expiry just after its future completes: ask until it is seen.
        Await.until("the idle session is replaced", () -> !acquireNow().sessionId().equals(first.sessionId()));
        assertThat(upstream.initializeCount()).isEqualTo(2);
    }

    private UpstreamSession acquireNow() {
        try {
            return acquire();
        } catch (Exception e) {
            throw new AssertionError("no session", e);
        }
    }

    private UpstreamSession acquire() throws Exception {
        JsonRpcRequest request = new JsonRpcRequest(JsonRpcId.of(1), "tools/list", null);
        SessionKey key = bridge.keyFor("legacy", "anonymous", request);
        return bridge.acquire(key, request).get(WAIT_SECONDS, TimeUnit.SECONDS);
    }
}
