package io.eragate.netty.interop;

import io.eragate.netty.server.GatewayServer;
import io.eragate.netty.testing.NodePeers;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The peers that the federation ITs share: server-everything (a legacy Streamable HTTP server) and the SDK v2 HTTP
 * server, started once per test class, and the gateway of {@link FederationIT#config} over them (with the SDK v2
 * stdio server it starts itself). Registered as a static extension: it starts before the class's tests and stops
 * after them, the gateway first, then the peers.
 */
final class FederationPeers implements BeforeAllCallback, AfterAllCallback {
    private final NodePeers peers;
    private final String listCacheTtl;
    private NodePeers.Server everything;
    private NodePeers.Server modern;
    private GatewayServer gateway;

    /** Peers started by {@code peers}; the gateway caches merged pages for {@code listCacheTtl}. */
    FederationPeers(NodePeers peers, String listCacheTtl) {
        this.peers = peers;
        this.listCacheTtl = listCacheTtl;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        everything = peers.startServer("everything-server.mjs", "0");
        modern = peers.startServer("modern-server.mjs", "0");
        gateway = startGateway(modern, listCacheTtl);
    }

    /** The gateway over both peers. */
    GatewayServer gateway() {
        return gateway;
    }

    /** A gateway of the test's own over server-everything and {@code modernServer} (closed by the test). */
    GatewayServer startGateway(NodePeers.Server modernServer, String listCacheTtl) throws Exception {
        return GatewayServer.start(FederationIT.config(everything, modernServer, listCacheTtl));
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (gateway != null) {
            gateway.close();
        }
        for (NodePeers.Server server : new NodePeers.Server[] {modern, everything}) {
            if (server != null) {
                server.close();
            }
        }
    }
}
