package io.eragate.netty.server;

import io.eragate.core.frontdoor.InboundRequest;
import io.eragate.core.frontdoor.LegacyTraffic;
import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.frontdoor.Rejections;
import io.eragate.core.frontdoor.ValidatedRequest;
import io.eragate.core.frontdoor.Verdict;
import io.eragate.core.era.EraProbeException;
import io.eragate.core.exchange.OutcomeRecorder;
import io.eragate.core.mcp.Era;
import io.eragate.core.mcp.McpHeaders;
import io.eragate.core.mcp.Methods;
import io.eragate.core.route.Route;
import io.eragate.netty.bridge.BridgeExchange;
import io.eragate.netty.bridge.ListenExchange;
import io.eragate.netty.exchange.ExchangeLifecycle;
import io.eragate.netty.exchange.UpstreamDeadlines;
import io.eragate.netty.stdio.SessionSource;
import io.eragate.netty.stdio.StdioExchange;
import io.eragate.netty.stdio.StdioUpstream;
import io.eragate.netty.upstream.ClientExchange;
import io.eragate.netty.upstream.ForwardedRequest;
import io.eragate.netty.upstream.LegacyPassThroughExchange;
import io.eragate.netty.upstream.ModernExchange;
import io.eragate.netty.upstream.PassedThroughRequest;
import io.eragate.netty.upstream.UpstreamChannelPool;
import io.eragate.netty.upstream.UpstreamTarget;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The bridge from an aggregated HTTP request to the core ladder and on to the upstream exchange. Answers one
 * request at a time per connection, in order: pipelined requests wait in a small bounded queue.
 *
 * <p>Owns every request it receives and releases it once its bytes have been copied for the core.
 */
public final class McpRequestHandler extends ChannelInboundHandlerAdapter {
    private static final Logger log = LoggerFactory.getLogger(McpRequestHandler.class);
    private static final AttributeKey<Boolean> BUSY = AttributeKey.valueOf("eragate.exchange.busy");
    /** Pipelined requests one connection may queue; HTTP clients rarely pipeline more than a few. */
    static final int MAX_QUEUED_REQUESTS = 16;
    /** Client headers that travel upstream unchanged; credentials never do (no token passthrough). */
    private static final Set<String> PASSED_HEADERS = Set.of("user-agent", "traceparent", "tracestate", "baggage");
    /** Headers of the 2025-11-25 transport that a legacy upstream needs from a legacy-era client. */
    private static final List<CharSequence> LEGACY_TRANSPORT_HEADERS = List.of(HttpHeaderNames.CONTENT_TYPE,
            HttpHeaderNames.ACCEPT, McpHeaders.SESSION_ID, McpHeaders.PROTOCOL_VERSION, McpHeaders.LAST_EVENT_ID);

    private final GatewayContext context;
    private final ArrayDeque<FullHttpRequest> queued = new ArrayDeque<>();
    private ClientExchange current;
    /** What is learned about the request being served, for its outcome report. */
    private OutcomeRecorder outcome;
    /** The lifecycle of the exchange in flight, for the drain deadline. */
    private ExchangeLifecycle currentLifecycle;
    /** An exchange is in flight, or the next queued request is about to start: later requests must wait. */
    private boolean busy;

    /** Creates the handler of one client connection. */
    public McpRequestHandler(GatewayContext context) {
        this.context = context;
    }

    /** Whether {@code channel} has an exchange in flight; idle connections may be closed, busy ones not. */
    static boolean isBusy(Channel channel) {
        return Boolean.TRUE.equals(channel.attr(BUSY).get());
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof FullHttpRequest request)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (busy) {
            if (queued.size() >= MAX_QUEUED_REQUESTS) {
                log.info("[{}] more than {} pipelined requests; closing", ctx.channel().id(), MAX_QUEUED_REQUESTS);
                request.release();
                ctx.close();
                return;
            }
            queued.addLast(request);
            ctx.channel().config().setAutoRead(false);
            return;
        }
        handle(ctx, request);
    }

    private void handle(ChannelHandlerContext ctx, FullHttpRequest request) {
        setBusy(ctx, true);
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        try {
            String path = pathOf(request.uri());
            InboundRequest inbound = new InboundRequest(request.method().name(), path,
                    new NettyHeaderView(request.headers()), ByteBufUtil.getBytes(request.content()));
            outcome = OutcomeTap.answering(ctx.channel());
            context.routes().match(path).ifPresent(route -> outcome.routed(route.path(), route.upstream()));
            boolean legacyClient = LegacyTraffic.isLegacyEra(inbound);
            outcome.clientEra(legacyClient ? Era.LEGACY : Era.MODERN);
            UpstreamTarget legacyTarget = legacyClient ? httpUpstreamOf(path) : null;
            if (legacyTarget != null) {
                handleLegacy(ctx, request, inbound, legacyTarget, keepAlive);
            } else {
                ladder(ctx, request, inbound, keepAlive);
            }
        } finally {
            request.release();
        }
    }

    /** The 2026-07-28 ladder, then the exchange that suits the route. */
    private void ladder(ChannelHandlerContext ctx, FullHttpRequest request, InboundRequest inbound,
            boolean keepAlive) {
        String path = inbound.path();
        Verdict verdict = context.frontDoor().check(inbound);
        if (verdict instanceof Verdict.Rejected rejected) {
            log.debug("[{}] rejected {} {}: {}", ctx.channel().id(), request.method(), path,
                    rejected.rejection().httpStatus());
            ClientResponses.writeRejection(ctx, rejected.rejection(), keepAlive);
            done(ctx);
        } else if (verdict instanceof Verdict.Accepted accepted) {
            ValidatedRequest validated = accepted.request();
            outcome.validated(validated.method(), validated.name());
            if (validated.isNotification()) {
                ClientResponses.writeEmpty(ctx, HttpResponseStatus.ACCEPTED, keepAlive);
                done(ctx);
            } else {
                dispatch(ctx, request, validated, path, keepAlive);
            }
        }
    }

    /**
     * A legacy-era client's request on a route to an HTTP upstream: after the route and origin checks, it goes through
     * to a legacy upstream, or meets the modern ladder (see {@link LegacyRouting}).
     */
    private void handleLegacy(ChannelHandlerContext ctx, FullHttpRequest request, InboundRequest inbound,
            UpstreamTarget target, boolean keepAlive) {
        Optional<Rejection> refused = context.frontDoor().checkLegacy(inbound);
        if (refused.isPresent()) {
            ClientResponses.writeRejection(ctx, refused.get(), keepAlive);
            done(ctx);
            return;
        }
        request.retain();
        LegacyRouting.route(ctx, context, target, () -> {
            try {
                passThrough(ctx, request, inbound, target, keepAlive);
            } finally {
                request.release();
            }
        }, () -> {
            try {
                ladder(ctx, request, inbound, keepAlive);
            } finally {
                request.release();
            }
        });
    }

    private void passThrough(ChannelHandlerContext ctx, FullHttpRequest request, InboundRequest inbound,
            UpstreamTarget target, boolean keepAlive) {
        if (!ctx.channel().isActive()) {
            done(ctx);
            return;
        }
        outcome.upstreamEra(Era.LEGACY);
        PassedThroughRequest passed = new PassedThroughRequest(inbound.httpMethod(), inbound.body(),
                legacyHeaders(request.headers()), clientAddress(ctx.channel()),
                request.headers().get(HttpHeaderNames.HOST), keepAlive,
                !HttpVersion.HTTP_1_0.equals(request.protocolVersion()));
        // A legacy client's GET is its standalone stream, silent while nothing happens: no deadline applies.
        UpstreamDeadlines deadlines = "GET".equals(inbound.httpMethod()) ? UpstreamDeadlines.NONE
                : UpstreamDeadlines.of(context.limits());
        current = new LegacyPassThroughExchange(ctx, passed, target,
                context.pools().forLoop(ctx.channel().eventLoop()), context.limits().upstreamResponseTimeout(),
                lifecycle(ctx, deadlines));
        current.start();
    }

    /** The HTTP upstream {@code path} routes to, or {@code null} for an unrouted path or a stdio upstream. */
    private UpstreamTarget httpUpstreamOf(String path) {
        Optional<Route> route = context.routes().match(path);
        if (route.isEmpty() || context.stdio().get(route.get().upstream()).isPresent()) {
            return null;
        }
        return context.upstreams().get(route.get().upstream());
    }

    private void dispatch(ChannelHandlerContext ctx, FullHttpRequest request, ValidatedRequest validated,
            String path, boolean keepAlive) {
        Optional<Route> route = context.routes().match(path);
        UpstreamTarget target = route.map(r -> context.upstreams().get(r.upstream())).orElse(null);
        Optional<StdioUpstream> stdio = route.flatMap(r -> context.stdio().get(r.upstream()));
        if (target == null && stdio.isEmpty()) {
            ClientResponses.writeRejection(ctx, Rejections.unknownPath(path), keepAlive);
            done(ctx);
            return;
        }
        boolean clientAcceptsChunked = !HttpVersion.HTTP_1_0.equals(request.protocolVersion());
        ForwardedRequest forwarded = new ForwardedRequest(validated, passedHeaders(request.headers()),
                clientAddress(ctx.channel()), request.headers().get(HttpHeaderNames.HOST), keepAlive,
                clientAcceptsChunked);
        if (stdio.isPresent()) {
            // A process's era is its own business: the stdio upstream probes it and translates.
            outcome.upstreamEra(stdio.get().era());
            current = stdioExchange(ctx, forwarded, stdio.get());
            current.start();
            return;
        }
        CompletableFuture<Era> era = context.eras().eraOf(target);
        if (era.isDone()) {
            startExchange(ctx, forwarded, target, era);
        } else {
            era.whenComplete((ignored, failure) -> ctx.executor().execute(
                    () -> startExchange(ctx, forwarded, target, era)));
        }
    }

    /** Starts the exchange that suits the upstream's era, once that era is known. */
    private void startExchange(ChannelHandlerContext ctx, ForwardedRequest forwarded, UpstreamTarget target,
            CompletableFuture<Era> era) {
        if (!ctx.channel().isActive()) {
            done(ctx);
            return;
        }
        Era known;
        try {
            known = era.join();
        } catch (CompletionException | CancellationException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            int status = cause instanceof EraProbeException probe ? probe.suggestedHttpStatus() : 502;
            String why = cause instanceof EraProbeException probe ? probe.why() : String.valueOf(cause);
            ClientResponses.writeRejection(ctx, Rejections.eraUnknown(forwarded.request().id(), target.name(), why,
                    status), forwarded.keepAlive());
            done(ctx);
            return;
        }
        outcome.upstreamEra(known);
        if (known == Era.LEGACY) {
            // A legacy origin may speak only the 2024-11-05 HTTP+SSE transport; that is learned once, here.
            CompletableFuture<Optional<SessionSource>> sse = context.legacySse().sourceFor(target);
            if (sse.isDone()) {
                startLegacy(ctx, forwarded, target, sse);
            } else {
                sse.whenComplete((ignored, failure) -> ctx.executor().execute(
                        () -> startLegacy(ctx, forwarded, target, sse)));
            }
            return;
        }
        UpstreamChannelPool pool = context.pools().forLoop(ctx.channel().eventLoop());
        current = new ModernExchange(ctx, forwarded, target, pool, context.limits().upstreamResponseTimeout(),
                lifecycle(ctx, UpstreamDeadlines.of(context.limits())),
                what -> context.eras().contradicted(target, what));
        current.start();
    }

    private void startLegacy(ChannelHandlerContext ctx, ForwardedRequest forwarded, UpstreamTarget target,
            CompletableFuture<Optional<SessionSource>> sse) {
        if (!ctx.channel().isActive()) {
            done(ctx);
            return;
        }
        Optional<SessionSource> sseSource = sse.isCompletedExceptionally() ? Optional.empty() : sse.join();
        if (sseSource.isPresent()) {
            current = stdioExchange(ctx, forwarded, sseSource.get());
        } else if (Methods.SUBSCRIPTIONS_LISTEN.equals(forwarded.request().method())) {
            // A listen stream is silent while nothing changes, and lasts as long as the client wants it: no
            // deadline applies once it is open (the gateway's keep-alive comments keep the client's side alive).
            ExchangeLifecycle listening = lifecycle(ctx, UpstreamDeadlines.NONE);
            current = new ListenExchange(ctx, forwarded, target, context.pools().forLoop(ctx.channel().eventLoop()),
                    context.bridge(), context.limits().upstreamResponseTimeout(), listening::end);
        } else {
            current = new BridgeExchange(ctx, forwarded, target, context.pools().forLoop(ctx.channel().eventLoop()),
                    context.bridge(), context.limits().upstreamResponseTimeout(),
                    lifecycle(ctx, UpstreamDeadlines.of(context.limits())));
        }
        current.start();
    }

    private StdioExchange stdioExchange(ChannelHandlerContext ctx, ForwardedRequest forwarded,
            SessionSource source) {
        UpstreamDeadlines deadlines = StdioExchange.deadlines(UpstreamDeadlines.of(context.limits()), source);
        return new StdioExchange(ctx, forwarded, source, context.stdio().stamper(), context.stdio().discover(),
                deadlines, lifecycle(ctx, deadlines));
    }

    /** The lifecycle of the exchange about to start: its deadlines, its outcome, and its end. */
    private ExchangeLifecycle lifecycle(ChannelHandlerContext ctx, UpstreamDeadlines deadlines) {
        currentLifecycle = new ExchangeLifecycle(ctx.executor(), deadlines, outcome, () -> done(ctx));
        return currentLifecycle;
    }

    private void done(ChannelHandlerContext ctx) {
        current = null;
        currentLifecycle = null;
        FullHttpRequest next = ctx.channel().isActive() ? queued.pollFirst() : null;
        if (next == null) {
            setBusy(ctx, false);
            if (ctx.channel().isActive()) {
                ctx.channel().config().setAutoRead(true);
            }
            return;
        }
        // The connection stays busy until the next request starts, so that a request read in between queues behind
        // it. A fresh task keeps a long pipeline from growing the stack through nested completions.
        ctx.executor().execute(() -> {
            if (ctx.channel().isActive()) {
                handle(ctx, next);
            } else {
                next.release();
                setBusy(ctx, false);
            }
        });
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        ClientExchange exchange = current;
        if (exchange != null) {
            exchange.cancel();
        }
        FullHttpRequest request;
        while ((request = queued.pollFirst()) != null) {
            request.release();
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof DrainDeadline deadline) {
            ExchangeLifecycle running = currentLifecycle;
            if (running != null) {
                running.drainDeadline(deadline.after());
            } else if (!busy) {
                ctx.close();
            }
            return;
        }
        ctx.fireUserEventTriggered(evt);
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
        log.debug("[{}] client connection failed: {}", ctx.channel().id(), cause.toString());
        ctx.close();
    }

    private void setBusy(ChannelHandlerContext ctx, boolean value) {
        busy = value;
        ctx.channel().attr(BUSY).set(value);
    }

    /** What a legacy upstream gets of a legacy-era client's headers: its transport's own, and the usual ones. */
    private static HttpHeaders legacyHeaders(HttpHeaders headers) {
        HttpHeaders passed = passedHeaders(headers);
        for (CharSequence name : LEGACY_TRANSPORT_HEADERS) {
            for (String value : headers.getAll(name)) {
                passed.add(name, value);
            }
        }
        return passed;
    }

    private static HttpHeaders passedHeaders(HttpHeaders headers) {
        HttpHeaders passed = new DefaultHttpHeaders(false);
        for (Map.Entry<String, String> header : headers) {
            String name = header.getKey().toLowerCase(Locale.ROOT);
            if (PASSED_HEADERS.contains(name)
                    || name.startsWith(McpHeaders.PARAM_PREFIX.toLowerCase(Locale.ROOT))) {
                passed.add(header.getKey(), header.getValue());
            }
        }
        return passed;
    }

    private static String clientAddress(Channel channel) {
        return channel.remoteAddress() instanceof InetSocketAddress address && address.getAddress() != null
                ? address.getAddress().getHostAddress() : null;
    }

    private static String pathOf(String uri) {
        int query = uri.indexOf('?');
        int fragment = uri.indexOf('#');
        int end = query >= 0 ? query : fragment >= 0 ? fragment : uri.length();
        return uri.substring(0, end);
    }
}
