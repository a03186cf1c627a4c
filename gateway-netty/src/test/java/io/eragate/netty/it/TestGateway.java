package io.eragate.netty.it;

import io.eragate.core.config.AdminConfig;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.GatewayConfig;
import io.eragate.core.config.ListenConfig;
import io.eragate.core.config.RouteConfig;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.netty.server.GatewayServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;

/**
 * The gateway started in-process on loopback port 0 (admin too), with one {@code era: modern} upstream called
 * {@value #UPSTREAM} routed at {@value #PATH}.
 */
final class TestGateway implements AutoCloseable {
    static final String UPSTREAM = "fixture";
    static final String PATH = "/mcp";

    private final GatewayServer server;

    private TestGateway(GatewayServer server) {
        this.server = server;
    }

    static TestGateway modern(URI upstream) {
        return modern(upstream, TestLimits.defaults());
    }

    static TestGateway modern(URI upstream, TestLimits limits) {
        GatewayConfig config = GatewayConfig.defaults()
                .withListen(new ListenConfig("127.0.0.1", 0))
                .withAdmin(new AdminConfig("127.0.0.1", 0))
                .withUpstreams(List.of(new UpstreamConfig(UPSTREAM, upstream, EraSetting.MODERN)))
                .withRoutes(List.of(new RouteConfig(PATH, UPSTREAM)))
                .withLimits(limits.build());
        try {
            return new TestGateway(GatewayServer.start(config));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting the gateway", e);
        }
    }

    GatewayServer server() {
        return server;
    }

    InetSocketAddress address() {
        return server.listenAddress();
    }

    int port() {
        return address().getPort();
    }

    /** {@code 127.0.0.1:<port>}, the Host a local client sends. */
    String hostHeader() {
        return "127.0.0.1:" + port();
    }

    URI uri() {
        return uri(PATH);
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port() + path);
    }

    RawConnection connect() {
        return RawConnection.open(address());
    }

    @Override
    public void close() {
        server.close();
    }
}
