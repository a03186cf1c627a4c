package io.eragate.netty.legacyrelay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.auth.Principal;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.mcp.Methods;
import io.eragate.core.mcp.ProtocolVersions;
import io.eragate.netty.federation.InternalEndpoint;
import io.eragate.netty.upstream.UpstreamChannelPool;
import io.netty.handler.codec.http.FullHttpRequest;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Sends a relayed request's later rounds through the gateway's internal endpoint to the upstream that served its
 * first round, so that each retry is served by the same exchange a plain route to that upstream uses (modern
 * pass-through, bridge, stdio), with the client's own principal. Each is marked as the legacy front's, so that a
 * modern upstream gets the {@code Mcp-Param-*} headers the gateway wrote on the first round.
 */
public final class InternalRetries implements InteractiveRelay.Upstream {

    private final InternalEndpoint endpoint;
    private final Supplier<UpstreamChannelPool> pool;
    private final Supplier<String> servedBy;
    private final Supplier<String> servedName;
    private final Principal principal;
    private final Duration headTimeout;
    private final int maxMessageBytes;

    /**
     * @param pool the pool of the client's event loop, looked up when a call is made
     * @param servedBy the name of the upstream that served the first round (null when none was chosen)
     * @param servedName the name the first round went upstream under when routing renamed it (a federated route's
     *        prefix taken off), else null: each retry goes under the same name
     * @param headTimeout how long a retry waits for the head of its answer
     * @param maxMessageBytes the largest message of an answer
     */
    public InternalRetries(InternalEndpoint endpoint, Supplier<UpstreamChannelPool> pool, Supplier<String> servedBy,
            Supplier<String> servedName, Principal principal, Duration headTimeout, int maxMessageBytes) {
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
        this.pool = Objects.requireNonNull(pool, "pool");
        this.servedBy = Objects.requireNonNull(servedBy, "servedBy");
        this.servedName = Objects.requireNonNull(servedName, "servedName");
        this.principal = Objects.requireNonNull(principal, "principal");
        this.headTimeout = Objects.requireNonNull(headTimeout, "headTimeout");
        this.maxMessageBytes = maxMessageBytes;
    }

    @Override
    public OpenCall send(JsonRpcRequest modern, MessageStreamCall.Listener listener) {
        String upstream = servedBy.get();
        if (upstream == null || endpoint.target() == null) {
            listener.onFailure(new IOException("no upstream to send the next round to"));
            return null;
        }
        String handle = endpoint.lend(principal);
        FullHttpRequest http = endpoint.post(upstream, handle, JsonRpcCodec.encode(asServed(modern)),
                ProtocolVersions.V2026_07_28);
        http.headers().set(InternalEndpoint.LEGACY_FRONT_HEADER, "1");
        MessageStreamCall.Listener giveBack = new MessageStreamCall.Listener() {
            @Override
            public void onMessage(JsonNode message) {
                listener.onMessage(message);
            }

            @Override
            public void onEnd(int status) {
                endpoint.giveBack(handle);
                listener.onEnd(status);
            }

            @Override
            public void onFailure(Throwable cause) {
                endpoint.giveBack(handle);
                listener.onFailure(cause);
            }
        };
        UpstreamChannelPool loopPool = pool.get();
        if (Methods.SUBSCRIPTIONS_LISTEN.equals(modern.method()) && endpoint.servesInProcess()) {
            // A session's listen is held as long as its GET stream: served in process, it costs no socket (a
            // loopback connection would cost two), by the same handlers, token and lent principal.
            return MessageStreamCall.startInProcess(loopPool.eventLoop(), endpoint, http, headTimeout,
                    maxMessageBytes, maxMessageBytes, giveBack);
        }
        return MessageStreamCall.start(loopPool, endpoint.target(), http, headTimeout, maxMessageBytes,
                maxMessageBytes, giveBack);
    }

    @Override
    public Object sharingKey() {
        // The whole principal (scopes and claims too): only calls served with exactly the same identity share.
        String upstream = servedBy.get();
        return upstream == null ? null : List.of(upstream, principal, Objects.toString(servedName.get(), ""));
    }

    /** {@code modern} under the name its first round went upstream under (the internal endpoint routes no further). */
    private JsonRpcRequest asServed(JsonRpcRequest modern) {
        String name = servedName.get();
        String field = Methods.nameField(modern.method());
        if (name == null || field == null || modern.params() == null) {
            return modern;
        }
        ObjectNode params = modern.params().deepCopy();
        params.put(field, name);
        return new JsonRpcRequest(modern.id(), modern.method(), params);
    }
}
