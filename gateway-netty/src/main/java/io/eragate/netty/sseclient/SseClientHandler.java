package io.eragate.netty.sseclient;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.auth.Principal;
import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.route.RouteTable;
import io.eragate.core.security.SealedSessionIds;
import io.eragate.core.sseclient.SseClientPaths;
import io.eragate.core.sseclient.SseClientSessions;
import io.eragate.netty.auth.AuthenticatedRequest;
import io.eragate.netty.client.ClientResponses;
import io.eragate.netty.server.GatewayContext;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Takes the requests of the 2024-11-05 HTTP+SSE transport off a client connection, before the route handler: a
 * {@code GET <route>/sse} turns the connection into a session's event stream, a {@code POST <route>/messages} hands
 * one message to its session and is answered 202. Every other request goes on unchanged. Requests come here
 * authenticated (or carrying their refusal); the principal of the GET is the session's, and a message POSTed with
 * another principal finds no session (404).
 */
public final class SseClientHandler extends ChannelInboundHandlerAdapter {

    private final Supplier<GatewayContext> live;
    private final Supplier<RouteTable> routes;
    private final SseClientFront front;
    /** This connection carries a session's event stream: nothing more is read from it. */
    private boolean streaming;

    /** A handler for one client connection of a server whose context {@code live} supplies. */
    public SseClientHandler(Supplier<GatewayContext> live, SseClientFront front) {
        this(() -> live.get().routes(), live, front);
    }

    /** A handler that finds routes in {@code routes}, and reaches them through {@code live}'s internal endpoint. */
    SseClientHandler(Supplier<RouteTable> routes, Supplier<GatewayContext> live, SseClientFront front) {
        this.routes = routes;
        this.live = live;
        this.front = front;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (streaming) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (!(msg instanceof FullHttpRequest request)) {
            ctx.fireChannelRead(msg);
            return;
        }
        RouteTable table = routes.get();
        String uri = request.uri();
        int question = uri.indexOf('?');
        String path = question >= 0 ? uri.substring(0, question) : uri;
        String query = question >= 0 ? uri.substring(question + 1) : null;
        Optional<SseClientPaths.Target> target = SseClientPaths.classify(request.method().name(), path, query,
                candidate -> table.match(candidate).isPresent());
        if (target.isEmpty()) {
            ctx.fireChannelRead(msg);
            return;
        }
        try {
            boolean keepAlive = HttpUtil.isKeepAlive(request);
            Rejection refusal = AuthenticatedRequest.refusalOf(request);
            if (refusal != null) {
                ClientResponses.writeRejection(ctx, refusal, keepAlive);
            } else if (target.get() instanceof SseClientPaths.Open open) {
                open(ctx, request, open.routePath());
            } else {
                message(ctx, request, (SseClientPaths.Message) target.get(), keepAlive);
            }
        } finally {
            request.release();
        }
    }

    private void open(ChannelHandlerContext ctx, FullHttpRequest request, String routePath) {
        Principal principal = AuthenticatedRequest.principalOf(request);
        SseClientSession session = new SseClientSession(ctx, live, front, principal, routePath,
                SseClientSession.forwardedHeaders(request.headers()));
        Optional<String> id = front.sessions().open(principal.id(), routePath, session);
        if (id.isEmpty()) {
            ClientResponses.writeRejection(ctx, Rejection.of(503, null, JsonRpcError.of(
                    JsonRpcErrorCodes.INTERNAL_ERROR, "Too many 2024-11-05 SSE sessions are open "
                            + "(sseClients.maxSessions); try again later")), false);
            return;
        }
        streaming = true;
        session.start(id.get());
    }

    private void message(ChannelHandlerContext ctx, FullHttpRequest request, SseClientPaths.Message message,
            boolean keepAlive) {
        String principal = AuthenticatedRequest.principalOf(request).id();
        byte[] body = ByteBufUtil.getBytes(request.content());
        JsonNode tree;
        try {
            tree = JsonRpcCodec.readTree(body);
        } catch (IOException e) {
            tree = null;
        }
        JsonRpcId id = tree != null && tree.isObject() && JsonRpcId.isValid(tree.get("id"))
                ? new JsonRpcId(tree.get("id")) : null;
        SseClientSessions.Admission<SseClientSession> admission =
                front.sessions().admit(message.sessionId(), principal, message.routePath());
        if (admission instanceof SseClientSessions.Full<SseClientSession> full) {
            // Backpressure: a message whose answer the client has not taken from its stream stays counted, so a
            // client that does not read gets this, with its message's id, and nothing goes upstream.
            ClientResponses.writeRejection(ctx, Rejection.of(503, id, JsonRpcError.of(
                    JsonRpcErrorCodes.INTERNAL_ERROR, "This SSE session has " + full.maxQueued()
                            + " messages waiting for the route or for its stream to take their answers "
                            + "(sseClients.maxQueuedMessages); read the stream, then try again")),
                    keepAlive);
            return;
        }
        if (!(admission instanceof SseClientSessions.Admitted<SseClientSession> admitted)) {
            ClientResponses.writeRejection(ctx, unknownSession(id), keepAlive);
            return;
        }
        if (tree == null || !tree.isObject()) {
            front.sessions().finished(message.sessionId());
            ClientResponses.writeRejection(ctx, Rejection.of(400, null, JsonRpcError.of(
                    tree == null ? JsonRpcErrorCodes.PARSE_ERROR : JsonRpcErrorCodes.INVALID_REQUEST,
                    "The body must be one JSON-RPC message (a JSON object)")), keepAlive);
            return;
        }
        ClientResponses.writeEmpty(ctx, HttpResponseStatus.ACCEPTED, keepAlive);
        JsonNode parsed = tree;
        SseClientSession session = admitted.stream();
        session.executor().execute(() -> session.submit(parsed, body));
    }

    /** The 404 for a sessionId that is unknown, ended, or another principal's (which must not be confirmed). */
    private static Rejection unknownSession(JsonRpcId id) {
        Rejection sealed = SealedSessionIds.unknownSession();
        return Rejection.of(404, id, JsonRpcError.of(sealed.error().code(),
                "Not found: no SSE session with this sessionId for this principal; open a new one with GET .../sse"));
    }
}
