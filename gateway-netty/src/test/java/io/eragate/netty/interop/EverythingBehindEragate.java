package io.eragate.netty.interop;

import io.eragate.core.config.EraSetting;
import io.eragate.netty.testing.NodePeers;
import java.util.Map;

/**
 * The real server-everything (TypeScript SDK v1, a 2025-11-25 Streamable HTTP server) behind one in-process
 * gateway that serves it at {@code /everything}, pinned {@code era: legacy}: what the legacy-client ITs share.
 */
final class EverythingBehindEragate implements AutoCloseable {
    /** The upstream's name, and so its route's path without the slash. */
    static final String NAME = "everything";

    private final NodePeers.Server everything;
    private final InteropGateway gateway;

    private EverythingBehindEragate(NodePeers.Server everything, InteropGateway gateway) {
        this.everything = everything;
        this.gateway = gateway;
    }

    /** Starts the server, then the gateway in front of it. */
    static EverythingBehindEragate start(NodePeers peers) {
        NodePeers.Server server = peers.startServer("everything-server.mjs", "0");
        try {
            return new EverythingBehindEragate(server,
                    InteropGateway.start(Map.of(NAME, server.mcpUrl()), EraSetting.LEGACY));
        } catch (RuntimeException | AssertionError e) {
            server.close();
            throw e;
        }
    }

    NodePeers.Server server() {
        return everything;
    }

    InteropGateway gateway() {
        return gateway;
    }

    /** Stops the gateway, then the server; either may be closed already. */
    @Override
    public void close() {
        try {
            gateway.close();
        } finally {
            everything.close();
        }
    }
}
