package io.eragate.netty.legacyrelay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcMessage;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.legacyrelay.RelayedRequest;
import io.eragate.core.legacyrelay.SessionSubscriptions;
import io.eragate.core.mcp.Methods;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.util.Objects;
import java.util.function.Function;

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
        if (!relays.inFlight().begin(sessionId, clientId, running)) {
            return null;
        }
        // A client that leaves mid-request ends it too; the listener goes when the answer is written.
        running.forgetOn(client.channel().closeFuture(), () -> relays.inFlight().end(sessionId, clientId, running));
        return running;
    }

    /** The request's answer went to the client: it can no longer be cancelled. */
    public void answered(String sessionId, JsonRpcId clientId, RunningRequest running) {
        if (running != null) {
            running.answered();
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

    /**
     * Serves a legacy client's GET stream: the SSE head is written here, and the session's one upstream listen
     * (re)opens behind it.
     *
     * @param listenRequest builds the session's canonical {@code subscriptions/listen} for a {@code notifications}
     *     filter
     * @param upstream where the listen goes
     */
    public void openStream(ChannelHandlerContext client, boolean keepAlive, String sessionId,
            Function<ObjectNode, JsonRpcRequest> listenRequest, InteractiveRelay.Upstream upstream) {
        HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        head.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream")
                .set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_CACHE)
                .set("X-Accel-Buffering", "no");
        HttpUtil.setTransferEncodingChunked(head, true);
        client.writeAndFlush(head);
        relays.listen(sessionId, listenRequest, upstream).open(client, keepAlive);
    }

    /**
     * Subscribes the session to {@code uri}; {@code answered} runs once the listen serving it is acknowledged.
     *
     * @throws SessionSubscriptions.LimitReached beyond {@code subscriptions.maxResourceSubscriptions}
     */
    public void subscribe(String sessionId, String uri, Function<ObjectNode, JsonRpcRequest> listenRequest,
            InteractiveRelay.Upstream upstream, Runnable answered) throws SessionSubscriptions.LimitReached {
        relays.listen(sessionId, listenRequest, upstream).subscribe(uri, answered);
    }

    /** Unsubscribes the session from {@code uri}. */
    public void unsubscribe(String sessionId, String uri, Function<ObjectNode, JsonRpcRequest> listenRequest,
            InteractiveRelay.Upstream upstream) {
        relays.listen(sessionId, listenRequest, upstream).unsubscribe(uri);
    }

    /** The session ended: its relays stop and its running requests are cancelled. */
    public void sessionEnded(String sessionId) {
        SessionListen listen = relays.endListen(sessionId);
        if (listen != null) {
            listen.end();
        }
        relays.awaited().endSession(sessionId).forEach(InteractiveRelay::cancel);
        relays.inFlight().endSession(sessionId).forEach(RunningRequest::cancel);
    }
}
