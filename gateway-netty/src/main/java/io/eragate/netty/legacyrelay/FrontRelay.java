package io.eragate.netty.legacyrelay;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcMessage;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.legacyrelay.RelayedRequest;
import io.eragate.core.mcp.Methods;
import io.netty.channel.ChannelHandlerContext;
import java.util.Objects;

/**
 * What the legacy client front asks of the relays: register a forwarded request (so that the client can cancel
 * it), hand over a request whose upstream asked for input, route the client's answers and cancellations, and end a
 * session's relays.
 *
 * <p>Thread-safe.
 */
public final class FrontRelay {

    private final LegacyRelays relays;

    /** The front's side of {@code relays}. */
    public FrontRelay(LegacyRelays relays) {
        this.relays = Objects.requireNonNull(relays, "relays");
    }

    /**
     * Registers a forwarded request; cancelling it closes the client's POST connection, which cancels the upstream
     * exchange serving it.
     *
     * @return the running request, or {@code null} when the session already runs a request with that id
     */
    public RunningRequest began(ChannelHandlerContext client, String sessionId, JsonRpcId clientId) {
        RunningRequest running = new RunningRequest(() -> client.channel().close());
        return relays.inFlight().begin(sessionId, clientId, running) ? running : null;
    }

    /** The request's answer went to the client: it can no longer be cancelled. */
    public void answered(String sessionId, JsonRpcId clientId, RunningRequest running) {
        if (running != null) {
            relays.inFlight().end(sessionId, clientId, running);
        }
    }

    /**
     * Takes over a request whose upstream answered {@code input_required}; the client's POST answer must be an open
     * SSE stream by the time the relay's first write reaches it (the caller schedules {@code start} after its own
     * writes).
     *
     * @param modernRequest the canonical request that got the answer
     * @param clientCapabilities what the client declared in {@code initialize}
     * @return what starts the relay, to run on the client's event loop after the stream's head is written
     */
    public Runnable takeOver(ChannelHandlerContext client, boolean keepAlive, JsonRpcRequest modernRequest,
            JsonNode clientCapabilities, String sessionId, String principal, RunningRequest running,
            JsonNode inputRequired, InteractiveRelay.Upstream upstream, InteractiveRelay.Translation translation) {
        RelayedRequest decisions = new RelayedRequest(modernRequest, clientCapabilities,
                relays.awaited()::nextRequestId, relays.limits());
        RunningRequest held = running != null ? running : new RunningRequest(() -> { });
        InteractiveRelay relay = new InteractiveRelay(client, keepAlive, decisions, sessionId, principal, relays,
                upstream, translation, held);
        return () -> relay.start(inputRequired);
    }

    /**
     * Routes a message a client POSTed without expecting an answer: a response to a server-to-client request goes
     * to the relay awaiting it; {@code notifications/cancelled} cancels the request it names. Anything else is left
     * to the caller.
     *
     * @return whether the message was for a relay
     */
    public boolean fromClient(String sessionId, JsonRpcMessage message) {
        if (message instanceof JsonRpcResponse response) {
            return relays.awaited().route(sessionId, response.id()).map(relay -> {
                relay.onClientAnswer(response);
                return true;
            }).orElse(false);
        }
        if (message instanceof JsonRpcNotification notification
                && Methods.NOTIFICATION_CANCELLED.equals(notification.method())) {
            relays.inFlight().cancel(sessionId, notification.params()).ifPresent(RunningRequest::cancel);
            return true;
        }
        return false;
    }

    /** The session ended: its relays stop and its running requests are cancelled. */
    public void sessionEnded(String sessionId) {
        relays.awaited().endSession(sessionId).forEach(InteractiveRelay::cancel);
        relays.inFlight().endSession(sessionId).forEach(RunningRequest::cancel);
    }
}
