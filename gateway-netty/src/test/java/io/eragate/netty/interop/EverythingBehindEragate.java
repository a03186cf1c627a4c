package io.eragate.netty.interop;

import io.eragate.core.config.EraSetting;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.netty.testing.NodePeers;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The real server-everything (TypeScript SDK v1, a 2025-11-25 Streamable HTTP server) behind one in-process
 * gateway that serves it at {@code /everything}, pinned {@code era: legacy}: what the legacy-client ITs share.
 * Optionally also a real SDK v2 server that serves only 2026-07-28 ({@code modern-server.mjs} in {@code reject}
 * mode) at {@code /modern}, {@code era: auto}, whose legacy clients the gateway's legacy client front serves.
 */
final class EverythingBehindEragate implements AutoCloseable {
    /** The upstream's name, and so its route's path without the slash. */
    static final String NAME = "everything";
    /** The modern-only upstream's name, and so its route's path without the slash. */
    static final String MODERN_NAME = "modern";

    private final NodePeers.Server everything;
    private final Optional<NodePeers.Server> modernOnly;
    private final InteropGateway gateway;

    private EverythingBehindEragate(NodePeers.Server everything, Optional<NodePeers.Server> modernOnly,
            InteropGateway gateway) {
        this.everything = everything;
        this.modernOnly = modernOnly;
        this.gateway = gateway;
    }

    /** Starts the server, then the gateway in front of it. */
    static EverythingBehindEragate start(NodePeers peers) {
        NodePeers.Server server = peers.startServer("everything-server.mjs", "0");
        try {
            return new EverythingBehindEragate(server, Optional.empty(),
                    InteropGateway.start(Map.of(NAME, server.mcpUrl()), EraSetting.LEGACY));
        } catch (RuntimeException | AssertionError e) {
            server.close();
            throw e;
        }
    }

    /** Starts server-everything and a modern-only SDK v2 server, then one gateway with a route to each. */
    static EverythingBehindEragate startBesideModernOnly(NodePeers peers) {
        NodePeers.Server server = peers.startServer("everything-server.mjs", "0");
        NodePeers.Server modern = null;
        try {
            modern = peers.startServer("modern-server.mjs", "0", "json", "reject");
            InteropGateway gateway = InteropGateway.start(List.of(
                    new UpstreamConfig(NAME, URI.create(server.mcpUrl()), EraSetting.LEGACY),
                    new UpstreamConfig(MODERN_NAME, URI.create(modern.mcpUrl()), EraSetting.AUTO)),
                    InteropGateway.SECRET);
            return new EverythingBehindEragate(server, Optional.of(modern), gateway);
        } catch (RuntimeException | AssertionError e) {
            server.close();
            if (modern != null) {
                modern.close();
            }
            throw e;
        }
    }

    NodePeers.Server server() {
        return everything;
    }

    /** The modern-only server, when started with {@link #startBesideModernOnly}. */
    NodePeers.Server modernOnly() {
        return modernOnly.orElseThrow(() -> new IllegalStateException("started without the modern-only server"));
    }

    InteropGateway gateway() {
        return gateway;
    }

    /** Stops the gateway, then the servers; any may be closed already. */
    @Override
    public void close() {
        try {
            gateway.close();
        } finally {
            try {
                everything.close();
            } finally {
                modernOnly.ifPresent(NodePeers.Server::close);
            }
        }
    }
}
