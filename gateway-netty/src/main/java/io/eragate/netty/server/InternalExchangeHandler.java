package io.eragate.netty.server;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.auth.Principal;
import io.eragate.core.exchange.ExchangeObserver;
import io.eragate.core.exchange.OutcomeRecorder;
import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.frontdoor.ValidatedRequest;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.mcp.Era;
import io.eragate.core.mcp.McpHeaders;
import io.eragate.core.mcp.Methods;
import io.eragate.core.route.Route;
import io.eragate.netty.auth.AuthenticatedRequest;
import io.eragate.netty.client.ClientResponses;
import io.eragate.netty.exchange.ExchangeLifecycle;
import io.eragate.netty.exchange.UpstreamDeadlines;
import io.eragate.core.telemetry.TraceContext;
import io.eragate.netty.federation.InternalEndpoint;
import io.eragate.netty.telemetry.GatewayTracing;
import io.eragate.netty.upstream.ClientExchange;
import io.eragate.netty.upstream.ForwardedRequest;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.util.ReferenceCountUtil;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * The gateway's internal endpoint, which federated routes fan out through: a request carrying this process's token
 * and naming an upstream is served from that upstream by exactly the exchange a plain route to it would use. The
 * request was built by the gateway itself from one that passed the front door, so it is not validated again; anything
 * without the token gets 403. One request at a time per connection (the fan-out's pooled connections never pipeline).
 */
final class InternalExchangeHandler extends ChannelInboundHandlerAdapter {

    /** Client headers the fan-out passes on, as a plain route would. */
    private static final List<String> PASSED = List.of("user-agent", "traceparent", "tracestate", "baggage");
    /**
     * How long a relayed round's {@code tools/call} may wait for its tool's {@code Mcp-Param-*} declarations (lists and
     * discovery never wait; the round's declarations are normally known from its first round).
     */
    private static final Duration INTERNAL_LIST_TIMEOUT = Route.DEFAULT_FAN_OUT_TIMEOUT;

    /** The running context; a reload replaces it, and each internal request reads it when it starts. */
    private final Supplier<GatewayContext> live;
    private GatewayContext context;
    private Dispatcher dispatcher;
    private ClientExchange current;

    InternalExchangeHandler(Supplier<GatewayContext> live) {
        this.live = live;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof FullHttpRequest request)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (request.headers().contains(InternalEndpoint.ROUTE_HEADER)) {
            toRoute(ctx, request);
            return;
        }
        try {
            serve(ctx, request);
        } finally {
            request.release();
        }
    }

    /**
     * A request for a route's own dispatch: with the token and a lent principal, it goes on to the route handler
     * behind this one as that principal's request to the route path; anything else gets 403.
     */
    private void toRoute(ChannelHandlerContext ctx, FullHttpRequest request) {
        InternalEndpoint internal = live.get().federation().internal();
        Principal principal = internal.accepts(request.headers().get(InternalEndpoint.TOKEN_HEADER))
                ? internal.take(request.headers().get(InternalEndpoint.PRINCIPAL_HEADER)) : null;
        if (principal == null) {
            request.release();
            ClientResponses.writeRejection(ctx, Rejection.of(403, null, JsonRpcError.of(
                    JsonRpcErrorCodes.INVALID_REQUEST, "Forbidden")), false);
            return;
        }
        request.setUri(request.headers().get(InternalEndpoint.ROUTE_HEADER));
        request.headers().remove(InternalEndpoint.ROUTE_HEADER).remove(InternalEndpoint.TOKEN_HEADER)
                .remove(InternalEndpoint.PRINCIPAL_HEADER).remove(InternalEndpoint.LEGACY_FRONT_HEADER);
        ctx.fireChannelRead(AuthenticatedRequest.of(request, principal));
    }

    private void serve(ChannelHandlerContext ctx, FullHttpRequest request) {
        if (context != live.get()) {
            context = live.get();
            dispatcher = Dispatcher.forInternalLegs(context);
        }
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        if (!context.federation().internal().accepts(request.headers().get(InternalEndpoint.TOKEN_HEADER))) {
            ClientResponses.writeRejection(ctx, Rejection.of(403, null, JsonRpcError.of(
                    JsonRpcErrorCodes.INVALID_REQUEST, "Forbidden")), false);
            return;
        }
        Principal principal = context.federation().internal()
                .take(request.headers().get(InternalEndpoint.PRINCIPAL_HEADER));
        if (principal == null) {
            // Every leg is lent its client's principal; a leg without one is not the gateway's own.
            ClientResponses.writeRejection(ctx, Rejection.of(403, null, JsonRpcError.of(
                    JsonRpcErrorCodes.INVALID_REQUEST, "Forbidden")), false);
            return;
        }
        String upstream = request.headers().get(InternalEndpoint.UPSTREAM_HEADER, "");
        // Past the token check: a later round of the legacy front's request gets the headers its first round got.
        boolean fromFront = request.headers().contains(InternalEndpoint.LEGACY_FRONT_HEADER);
        JsonRpcRequest message;
        try {
            message = (JsonRpcRequest) JsonRpcCodec.classify(
                    JsonRpcCodec.mapper().readTree(ByteBufUtil.getBytes(request.content())));
        } catch (Exception e) {
            // The gateway built this request itself; failing here is a bug, reported as one.
            throw new IllegalStateException("malformed internal request", e);
        }
        byte[] body = ByteBufUtil.getBytes(request.content());
        // A relayed legacy request's later round is a tools/call (or prompts/get, resources/read): its name goes in
        // the mirrored headers as on any modern request.
        String nameField = Methods.nameField(message.method());
        JsonNode named = nameField == null || message.params() == null ? null : message.params().get(nameField);
        ValidatedRequest validated = new ValidatedRequest(message, body,
                request.headers().get(McpHeaders.PROTOCOL_VERSION), message.method(),
                named != null && named.isTextual() ? named.textValue() : null, message.id());
        // Only the listed client headers go on: none of the endpoint's own (token, principal, marker) leaves it.
        HttpHeaders passed = new DefaultHttpHeaders(false);
        PASSED.forEach(name -> request.headers().getAll(name).forEach(value -> passed.add(name, value)));
        ForwardedRequest forwarded = new ForwardedRequest(validated, passed,
                request.headers().get("X-Forwarded-For"), null, keepAlive, true, principal);
        // The leg is part of its client's request: its trace (the leg's span, from the gateway's own traceparent) is
        // current while it is served, so that what is logged for it carries the request's trace id.
        try (Scope ignored = legTrace(request.headers().get(TraceContext.TRACEPARENT)).makeCurrent()) {
            serve(ctx, forwarded, upstream, fromFront);
        }
    }

    /** The context naming the leg's span, or the root context when the leg carries none (tracing off). */
    private static Context legTrace(String traceparent) {
        return traceparent == null ? Context.root() : GatewayTracing.remoteContext(traceparent);
    }

    private void serve(ChannelHandlerContext ctx, ForwardedRequest forwarded, String upstream, boolean fromFront) {
        dispatcher.serve(ctx, forwarded, upstream, INTERNAL_LIST_TIMEOUT, new Dispatcher.Host() {
            @Override
            public void serving(String name, Era upstreamEra) {
                // A fan-out leg is part of the client's request, whose outcome the federated route reports.
            }

            @Override
            public ExchangeLifecycle lifecycle(UpstreamDeadlines deadlines) {
                // The leg's deadlines apply as on a plain route; its outcome is not a client request of its own.
                return new ExchangeLifecycle(ctx.executor(), deadlines,
                        new OutcomeRecorder(ExchangeObserver.NONE, null), this::done);
            }

            @Override
            public void started(ClientExchange exchange) {
                current = exchange;
                exchange.start();
            }

            @Override
            public void done() {
                current = null;
            }

            @Override
            public boolean writesParamHeaders() {
                return fromFront;
            }
        });
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (current != null) {
            current.cancel();
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (ctx.channel().isWritable() && current != null) {
            current.onClientWritable();
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
