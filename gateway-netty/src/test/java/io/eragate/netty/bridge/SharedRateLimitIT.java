package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.config.EraSetting;
import io.eragate.core.config.MatchConfig;
import io.eragate.core.config.RateLimitRuleConfig;
import io.eragate.core.config.RateLimitsConfig;
import io.eragate.netty.testing.LegacyFixtureUpstream;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Rate-limit buckets shared by two gateway instances through a real {@code redis-server} (CI installs the Debian
 * package), and the fail-open behaviour when Redis cannot be reached.
 */
class SharedRateLimitIT {
    private static final ModernRequest COUNTER = ModernRequest.toolCall(1, "counter", "{}");

    @Test
    void twoGatewaysShareOneBucketThroughRedis() throws Exception {
        int port = freePort();
        Process redis = new ProcessBuilder("redis-server", "--port", Integer.toString(port), "--bind", "127.0.0.1",
                "--save", "", "--appendonly", "no").redirectErrorStream(true).redirectOutput(new File("/dev/null"))
                .start();
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start()) {
            awaitListening(port);
            RateLimitsConfig limits = new RateLimitsConfig("redis://127.0.0.1:" + port, 1000, List.of(
                    new RateLimitRuleConfig("global", new MatchConfig("tools/call", null), 3, Duration.ofHours(1))));
            try (BridgeGateway first = gateway(legacy, limits); BridgeGateway second = gateway(legacy, limits)) {
                List<Integer> statuses = new ArrayList<>();
                for (BridgeGateway gateway : List.of(first, second, first, second, first)) {
                    statuses.add(IdentityIT.post(gateway.endpoint("legacy"), COUNTER, null).statusCode());
                }

                assertThat(statuses).as("three tokens in one bucket, whichever instance takes them")
                        .containsExactly(200, 200, 200, 429, 429);
                assertThat(legacy.counterValue()).isEqualTo(3);
            }
        } finally {
            redis.destroy();
            redis.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void anUnreachableRedisFailsOpen() throws Exception {
        int deadPort = freePort();
        RateLimitsConfig limits = new RateLimitsConfig("redis://127.0.0.1:" + deadPort, 1000, List.of(
                new RateLimitRuleConfig("global", MatchConfig.any(), 1, Duration.ofHours(1))));
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start();
             BridgeGateway gateway = gateway(legacy, limits)) {
            for (int i = 0; i < 3; i++) {
                assertThat(IdentityIT.post(gateway.endpoint("legacy"), COUNTER, null).statusCode()).isEqualTo(200);
            }
            assertThat(legacy.counterValue()).isEqualTo(3);
        }
    }

    private static BridgeGateway gateway(LegacyFixtureUpstream legacy, RateLimitsConfig limits) {
        return BridgeGateway.builder().upstream("legacy", legacy.uri(), EraSetting.LEGACY)
                .identity(null, List.of(), limits).start();
    }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static void awaitListening(int port) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try (Socket ignored = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException notYet) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("redis-server did not listen on " + port);
                }
                Thread.sleep(50);
            }
        }
    }
}
