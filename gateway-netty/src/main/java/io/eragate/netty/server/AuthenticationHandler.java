package io.eragate.netty.server;

import io.eragate.core.auth.AuthRejections;
import io.eragate.core.auth.Authenticator;
import io.eragate.core.auth.ProtectedResource;
import io.eragate.core.frontdoor.FrontDoor;
import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.frontdoor.Rejections;
import io.eragate.core.route.Route;
import io.eragate.core.route.RouteTable;
import io.eragate.core.security.OriginPolicy;
import io.eragate.netty.auth.AuthenticatedRequest;
import io.eragate.netty.auth.Identity;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * The resource-server step, before the front door (so before any {@code _meta} validation): serves the RFC 9728
 * metadata on {@code GET /.well-known/oauth-protected-resource<route path>}, and turns every request on a route into
 * an {@link AuthenticatedRequest}, carrying either its principal or the 401 to answer it with. Requests stay in order:
 * while one waits for the issuer's keys (the first request, or a token with an unknown key id), later ones wait
 * behind it. Without {@code auth}, requests pass unchanged (their principal is {@code anonymous}). Identity, routes
 * and the Host policy are read from the live context at each request, so that a reload that turns {@code auth} on,
 * off or changes it applies to open connections too.
 */
final class AuthenticationHandler extends ChannelInboundHandlerAdapter {
    /** Requests that may queue behind one waiting for keys; as many as the MCP step queues. */
    private static final int MAX_WAITING = McpRequestHandler.MAX_QUEUED_REQUESTS;
    /** The length of {@code "Bearer "}, which an authenticated request's one Authorization header starts with. */
    private static final int BEARER_PREFIX = "Bearer ".length();

    private final Supplier<Identity> liveIdentity;
    private final Supplier<FrontDoor> liveFrontDoor;
    private final ArrayDeque<FullHttpRequest> waiting = new ArrayDeque<>();
    private boolean pending;
    private Identity identity;
    private RouteTable routes;
    private OriginPolicy originPolicy;

    /** A handler reading the identity and the front door (routes, Host policy) of the live context per request. */
    AuthenticationHandler(Supplier<Identity> liveIdentity, Supplier<FrontDoor> liveFrontDoor) {
        this.liveIdentity = liveIdentity;
        this.liveFrontDoor = liveFrontDoor;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof FullHttpRequest request)) {
            ctx.fireChannelRead(msg);
            return;
        }
        if (pending) {
            if (waiting.size() >= MAX_WAITING) {
                request.release();
                ctx.close();
                return;
            }
            waiting.addLast(request);
            return;
        }
        process(ctx, request);
    }

    private void process(ChannelHandlerContext ctx, FullHttpRequest request) {
        identity = liveIdentity.get();
        if (!identity.authenticates()) {
            ctx.fireChannelRead(request);
            return;
        }
        FrontDoor frontDoor = liveFrontDoor.get();
        routes = frontDoor.policy().routes();
        originPolicy = frontDoor.policy().originPolicy();
        String path = McpRequestHandler.pathOf(request.uri());
        if (path.startsWith(ProtectedResource.WELL_KNOWN) && isRead(request.method())) {
            serveMetadata(ctx, request, path);
            return;
        }
        Optional<Route> route = routes.match(path);
        if (route.isEmpty()) {
            // Unrouted paths get their 404 from the front door; nothing there reaches an upstream.
            ctx.fireChannelRead(request);
            return;
        }
        List<String> hosts = request.headers().getAll(HttpHeaderNames.HOST);
        Optional<String> badHost = originPolicy.checkHost(hosts);
        if (badHost.isPresent()) {
            // The Host names the public URL of the challenge, so it is checked first.
            ctx.fireChannelRead(AuthenticatedRequest.refused(request, Rejections.forbiddenHost(badHost.get())));
            return;
        }
        String origin = identity.publicOrigin(request.headers());
        String routePath = route.get().path();
        Authenticator authenticator = identity.authenticator();
        CompletableFuture<Authenticator.Outcome> outcome = authenticator.authenticate(
                request.headers().getAll(HttpHeaderNames.AUTHORIZATION), identity.audiences(origin, routePath));
        if (outcome.isDone()) {
            ctx.fireChannelRead(decided(request, outcome.join(), origin, routePath));
            return;
        }
        pending = true;
        outcome.whenComplete((decision, failure) -> ctx.executor().execute(() -> {
            pending = false;
            if (!ctx.channel().isActive()) {
                request.release();
                drain(ctx);
                return;
            }
            ctx.fireChannelRead(decided(request, decision, origin, routePath));
            drain(ctx);
        }));
    }

    private void drain(ChannelHandlerContext ctx) {
        while (!pending && !waiting.isEmpty()) {
            FullHttpRequest next = waiting.pollFirst();
            if (ctx.channel().isActive()) {
                process(ctx, next);
            } else {
                next.release();
            }
        }
    }

    private AuthenticatedRequest decided(FullHttpRequest request, Authenticator.Outcome outcome, String origin,
            String routePath) {
        if (outcome instanceof Authenticator.Outcome.Authenticated authenticated) {
            if (identity.subjects().enabled()) {
                // Kept for the upstreams that exchange it (RFC 8693); it never goes upstream itself.
                String value = request.headers().get(HttpHeaderNames.AUTHORIZATION).trim();
                identity.subjects().remember(authenticated.principal(), value.substring(BEARER_PREFIX).trim());
            }
            return AuthenticatedRequest.of(request, authenticated.principal());
        }
        byte[] body = ByteBufUtil.getBytes(request.content());
        Rejection refusal;
        if (outcome instanceof Authenticator.Outcome.Refused refused) {
            refusal = AuthRejections.unauthorized(null, refused.reason(), refused.description(),
                    identity.resourceMetadataUrl(origin, routePath), identity.scopesOf(routePath));
        } else if (outcome instanceof Authenticator.Outcome.Busy busy) {
            refusal = AuthRejections.introspectionBusy(null, busy.limit());
        } else {
            refusal = AuthRejections.keysUnavailable(null, ((Authenticator.Outcome.Unavailable) outcome).why());
        }
        return AuthenticatedRequest.refused(request, FrontDoor.withReadableId(refusal, body));
    }

    /** The metadata of the route the well-known path names; the bare path serves the only route, if there is one. */
    private void serveMetadata(ChannelHandlerContext ctx, FullHttpRequest request, String path) {
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        String routePath = path.substring(ProtectedResource.WELL_KNOWN.length());
        if (routePath.isEmpty() && routes.paths().size() == 1) {
            routePath = routes.paths().iterator().next();
        }
        List<String> hosts = request.headers().getAll(HttpHeaderNames.HOST);
        boolean known = routes.paths().contains(routePath) && originPolicy.checkHost(hosts).isEmpty();
        String origin = identity.publicOrigin(request.headers());
        ReferenceCountUtil.release(request);
        FullHttpResponse response = known
                ? json(identity.resourceMetadata(origin, routePath))
                : new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.NOT_FOUND,
                        Unpooled.EMPTY_BUFFER);
        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes());
        if (!keepAlive) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        ChannelFuture written = ctx.writeAndFlush(response);
        if (!keepAlive) {
            written.addListener(ChannelFutureListener.CLOSE);
        }
    }

    private static FullHttpResponse json(byte[] document) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                Unpooled.wrappedBuffer(document));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON);
        response.headers().set(HttpHeaderNames.CACHE_CONTROL, "max-age=3600");
        return response;
    }

    private static boolean isRead(HttpMethod method) {
        return HttpMethod.GET.equals(method) || HttpMethod.HEAD.equals(method);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        FullHttpRequest request;
        while ((request = waiting.pollFirst()) != null) {
            request.release();
        }
        ctx.fireChannelInactive();
    }
}
