package io.eragate.netty.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eragate.core.config.AdminConfig;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.GatewayConfig;
import io.eragate.core.config.ListenConfig;
import io.eragate.core.config.RouteConfig;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.netty.server.GatewayServer;
import io.eragate.netty.server.ListenerBindException;
import io.eragate.netty.testing.Await;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A gateway that cannot bind fails with the bind error, as an unchecked exception, and leaves no thread behind. */
class GatewayStartIT {

    private static GatewayConfig config(int listenPort, int adminPort) {
        return GatewayConfig.defaults()
                .withListen(new ListenConfig("127.0.0.1", listenPort))
                .withAdmin(new AdminConfig("127.0.0.1", adminPort))
                .withUpstreams(List.of(new UpstreamConfig("u", URI.create("http://127.0.0.1:1/mcp"),
                        EraSetting.MODERN)))
                .withRoutes(List.of(new RouteConfig("/mcp", "u")));
    }

    private static Set<Thread> liveThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).collect(Collectors.toSet());
    }

    @Test
    void theEventLoopsAreOnePerProcessorUnlessConfigured() throws InterruptedException {
        try (GatewayServer byDefault = GatewayServer.start(config(0, 0));
             GatewayServer three = GatewayServer.start(config(0, 0).withListen(new ListenConfig("127.0.0.1", 0, 3)))) {

            assertThat(byDefault.workerThreads()).isEqualTo(Runtime.getRuntime().availableProcessors());
            assertThat(three.workerThreads()).isEqualTo(3);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"listen", "admin"})
    void aTakenPortFailsTheStartAndStopsEveryThreadItStarted(String which) throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            GatewayConfig config = which.equals("listen") ? config(port, 0) : config(0, port);
            Set<Thread> before = liveThreads();

            assertThatThrownBy(() -> GatewayServer.start(config))
                    .isInstanceOf(ListenerBindException.class)
                    .hasMessageContaining(String.valueOf(port));

            Await.until("the threads of the failed gateway have ended", () -> {
                Set<Thread> started = liveThreads();
                started.removeAll(before);
                return started.stream().noneMatch(t -> t.getName().contains("EventLoopGroup"));
            });
            assertThat(taken.isBound()).isTrue();
        }
    }
}
