package io.eragate.netty.interop;

import io.eragate.core.auth.Principal;
import io.eragate.core.config.AdminConfig;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.GatewayConfig;
import io.eragate.core.config.ListenConfig;
import io.eragate.core.config.RouteConfig;
import io.eragate.core.config.SecurityConfig;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.core.security.SealedSessionIds;
import io.eragate.core.security.StateSealer;
import io.eragate.netty.server.GatewayServer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Eragate started in-process with its defaults, MCP and admin listeners on loopback port 0, and each upstream
 * served at {@code /<name>}, by default with {@code era: auto}, so every real peer here is probed and bridged as a
 * user's configuration would have it.
 */
final class InteropGateway implements AutoCloseable {
    /** The key ring of the gateway, so that tests can open the session ids it seals. */
    static final String SECRET = "the-interop-gateway-key-ring";
    private final GatewayServer server;

    private InteropGateway(GatewayServer server) {
        this.server = server;
    }

    /** Starts a gateway for {@code upstreams} (name to MCP endpoint URL), in the given order, all {@code era: auto}. */
    static InteropGateway start(Map<String, String> upstreams) {
        return start(upstreams, EraSetting.AUTO);
    }

    /** Starts a gateway for {@code upstreams} (name to MCP endpoint URL), in the given order, all with {@code era}. */
    static InteropGateway start(Map<String, String> upstreams, EraSetting era) {
        return start(upstreams, era, SECRET);
    }

    /** As {@link #start(Map, EraSetting)}, with {@code secret} as the whole key ring ({@code security.secrets}). */
    static InteropGateway start(Map<String, String> upstreams, EraSetting era, String secret) {
        Map<String, String> ordered = new LinkedHashMap<>(upstreams);
        return start(ordered.entrySet().stream()
                .map(e -> new UpstreamConfig(e.getKey(), URI.create(e.getValue()), era)).toList(), secret);
    }

    /** Starts a gateway for {@code upstreamConfigs}, each at {@code /<name>}, with {@code secret} as its key ring. */
    static InteropGateway start(List<UpstreamConfig> upstreamConfigs, String secret) {
        List<RouteConfig> routes = upstreamConfigs.stream().map(u -> new RouteConfig("/" + u.name(), u.name()))
                .toList();
        GatewayConfig config = GatewayConfig.defaults()
                .withListen(new ListenConfig("127.0.0.1", 0))
                .withAdmin(new AdminConfig("127.0.0.1", 0))
                .withUpstreams(upstreamConfigs)
                .withRoutes(routes)
                .withSecurity(new SecurityConfig(null, null, List.of(secret)));
        try {
            return new InteropGateway(GatewayServer.start(config));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("Interrupted while starting the gateway", e);
        }
    }

    /** The gateway's MCP listener, {@code http://127.0.0.1:port}. */
    String base() {
        return "http://127.0.0.1:" + server.listenAddress().getPort();
    }

    /** The gateway's MCP endpoint for {@code upstream}. */
    String endpoint(String upstream) {
        return base() + "/" + upstream;
    }

    /** The upstream's own session id inside the sealed one a client of {@code upstream} got (auth off). */
    static Optional<String> upstreamSessionId(String sealed, String upstream) {
        return new SealedSessionIds(StateSealer.fromSecret(SECRET.getBytes(StandardCharsets.UTF_8)))
                .open(sealed, Principal.ANONYMOUS.id(), upstream);
    }

    @Override
    public void close() {
        server.close();
    }
}
