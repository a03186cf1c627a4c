package io.eragate.netty.server;

import io.eragate.core.auth.Admission;
import io.eragate.core.auth.Principal;
import io.eragate.core.frontdoor.FrontDoor;
import io.eragate.core.frontdoor.InboundRequest;
import io.eragate.core.frontdoor.LegacyTraffic;
import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.frontdoor.Rejections;
import io.eragate.core.frontdoor.ValidatedRequest;
import io.eragate.core.frontdoor.Verdict;
import io.eragate.core.exchange.OutcomeRecorder;
import io.eragate.core.mcp.Era;
import io.eragate.core.route.Route;
import io.eragate.netty.auth.Identity;
import io.eragate.netty.client.ClientResponses;
import io.eragate.netty.exchange.ExchangeLifecycle;
import io.eragate.netty.exchange.UpstreamDeadlines;
import io.eragate.netty.upstream.ClientExchange;
import io.eragate.netty.upstream.ForwardedRequest;
import io.eragate.netty.upstream.LegacyPassThroughExchange;
import io.eragate.netty.legacyfront.InputRequiredSeam;
import io.eragate.netty.legacyfront.LegacyFront;
import io.eragate.netty.legacyrelay.InternalRetries;
import io.eragate.netty.legacyrelay.InteractiveRelay;
import io.eragate.core.security.SealedSessionIds;
import io.eragate.netty.auth.AuthenticatedRequest;
import io.eragate.netty.upstream.PassThroughSessions;
import io.eragate.netty.upstream.PassedThroughRequest;
import io.eragate.netty.upstream.UpstreamCredentials;
import io.eragate.netty.upstream.UpstreamTarget;
import io.eragate.netty.telemetry.RequestObservation;
import io.eragate.netty.telemetry.TraceHeaders;
import io.eragate.core.telemetry.TraceContext;
import io.opentelemetry.context.Scope;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownEvent;
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
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
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
    private static final AttributeKey<AtomicBoolean> BUSY = AttributeKey.valueOf("eragate.exchange.busy");
    /** Pipelined requests one connection may queue; HTTP clients rarely pipeline more than a few. */
    static final int MAX_QUEUED_REQUESTS = 16;

    /** The running context; a reload replaces it, and each request reads it once when it starts. */
    private final Supplier<GatewayContext> live;
    /** The context of the request being handled: requests in flight finish on the one they started with. */
    private GatewayContext context;
    /** Asks the core where requests go, over {@link #context}. */
    private Dispatcher dispatcher;
    /** Pipelined requests, and at most one {@link InputRefused} last, each waiting for the answers before it. */
    private final ArrayDeque<Object> queued = new ArrayDeque<>();
    private ClientExchange current;
    /** The upstream the last dispatched request went to: a legacy client's relayed request retries there. */
    private String servedUpstream;
    /** The name the request in flight went upstream under, when routing took a federated prefix off; else null. */
    private String servedName;
    /** Whether the request in flight was turned modern by the legacy client front (its client mirrors no headers). */
    private boolean fromFront;
    /** What is learned about the request being served, for its outcome report. */
    private OutcomeRecorder outcome;
    /** The spans and upstream-exchange metrics of the request being served. */
    private RequestObservation observation;
    /** The lifecycle of the exchange in flight, for the drain deadline. */
    private ExchangeLifecycle currentLifecycle;
    /** An exchange is in flight, or the next queued request is about to start: later requests must wait. */
    private boolean busy;
    /** {@link #busy} for the connection's other handlers and the drain count ({@link #isBusy}). */
    private AtomicBoolean busyFlag;
    /**
     * The client's input has ended (half-close) or was refused ({@link InputRefused}): nothing more is read, and the
     * connection closes once every answer it owes is written.
     */
    private boolean inputEnded;

    /** Creates the handler of one client connection. */
    public McpRequestHandler(GatewayContext context) {
        this(() -> context);
    }

    /** Creates the handler of one client connection whose context a reload may replace between requests. */
    public McpRequestHandler(Supplier<GatewayContext> live) {
        this.live = live;
        this.context = live.get();
        this.dispatcher = new Dispatcher(context);
    }

    /** Whether {@code channel} has an exchange in flight; idle connections may be closed, busy ones not. */
    static boolean isBusy(Channel channel) {
        AtomicBoolean flag = channel.attr(BUSY).get();
        return flag != null && flag.get();
    }

    /** The flag {@link #isBusy} reads for {@code channel}, made on first use. */
    static AtomicBoolean busyFlag(Channel channel) {
        AtomicBoolean made = new AtomicBoolean();
        AtomicBoolean had = channel.attr(BUSY).setIfAbsent(made);
        return had != null ? had : made;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        busyFlag = busyFlag(ctx.channel());
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (inputEnded) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (msg instanceof InputRefused refused) {
            inputEnded = true;
            ctx.channel().config().setAutoRead(false);
            if (busy) {
                queued.addLast(refused);
            } else {
                refuse(ctx, refused);
            }
            return;
        }
        if (!(msg instanceof FullHttpRequest request)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (busy) {
            if (queued.size() >= MAX_QUEUED_REQUESTS) {
                // Like refused input: the answers owed go out first, then this refusal, then the close.
                log.info("[{}] more than {} pipelined requests; answering those before, then closing",
                        ctx.channel().id(), MAX_QUEUED_REQUESTS);
                request.release();
                inputEnded = true;
                ctx.channel().config().setAutoRead(false);
                queued.addLast(new InputRefused(Rejections.tooManyPipelined(MAX_QUEUED_REQUESTS)));
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
        context = live.get();
        if (dispatcher.context() != context) {
            dispatcher = new Dispatcher(context);
        }
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        try {
            Rejection refusal = AuthenticatedRequest.refusalOf(request);
            if (refusal != null) {
                // Refused by the authentication step; answered here so that pipelined answers keep their order.
                ClientResponses.writeRejection(ctx, refusal, keepAlive);
                done(ctx);
                return;
            }
            String path = pathOf(request.uri());
            InboundRequest inbound = new InboundRequest(request.method().name(), path,
                    new NettyHeaderView(request.headers()), ByteBufUtil.getBytes(request.content()));
            outcome = OutcomeTap.answering(ctx.channel());
            observation = context.telemetry().begin(request.method().name(),
                    TraceHeaders.capture(request.headers()));
            outcome.beforeReport(observation::report);
            context.routes().match(path).ifPresent(route -> outcome.routed(route.path(), route.upstream()));
            boolean legacyClient = LegacyTraffic.isLegacyEra(inbound);
            outcome.clientEra(legacyClient ? Era.LEGACY : Era.MODERN);
            Optional<Route> legacyRoute = legacyClient ? context.routes().match(path) : Optional.empty();
            if (legacyRoute.isPresent()) {
                handleLegacy(ctx, request, inbound, legacyRoute.get(), keepAlive);
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
                admitThenDispatch(ctx, request, validated, path, keepAlive);
            }
        }
    }

    /**
     * A legacy-era client's request on a route: after the route and origin checks, the dispatcher sends it through to
     * an upstream that serves legacy clients itself, or to the legacy client front.
     */
    private void handleLegacy(ChannelHandlerContext ctx, FullHttpRequest request, InboundRequest inbound,
            Route route, boolean keepAlive) {
        Optional<Rejection> refused = context.frontDoor().checkLegacy(inbound);
        if (refused.isPresent()) {
            ClientResponses.writeRejection(ctx, refused.get(), keepAlive);
            done(ctx);
            return;
        }
        request.retain();
        dispatcher.dispatchLegacy(ctx, route, target -> {
            try {
                passThrough(ctx, request, inbound, target, keepAlive);
            } finally {
                request.release();
            }
        }, () -> {
            try {
                front(ctx, request, inbound, route, keepAlive);
            } finally {
                request.release();
            }
        });
    }

    /** The legacy client front: answers the request, or turns it into a modern one dispatched as usual. */
    private void front(ChannelHandlerContext ctx, FullHttpRequest request, InboundRequest inbound, Route route,
            boolean keepAlive) {
        if (!ctx.channel().isActive()) {
            done(ctx);
            return;
        }
        LegacyFront.Request asked = new LegacyFront.Request(inbound.httpMethod(),
                LegacyFront.sessionHeader(request.headers()), inbound.body(), route.path(),
                AuthenticatedRequest.principalOf(request).id(), keepAlive);
        Principal principal = AuthenticatedRequest.principalOf(request);
        new LegacyFront(context.legacyFront(), context.frontDoor().policy().knownMethods(),
                InputRequiredSeam.NOT_RELAYED, context.bridge().frontRelay()).serve(ctx, asked, new LegacyFront.Host() {
                    @Override
                    public void forward(ValidatedRequest modern) {
                        fromFront = true;
                        outcome.validated(modern.method(), modern.name());
                        admitThenDispatch(ctx, request, modern, inbound.path(), keepAlive);
                    }

                    @Override
                    public void done() {
                        McpRequestHandler.this.done(ctx);
                    }

                    @Override
                    public InteractiveRelay.Upstream listens() {
                        return new InternalRetries(context.federation().internal(),
                                () -> context.pools().forLoop(ctx.channel().eventLoop()), route::upstream, () -> null,
                                principal, context.limits().upstreamResponseTimeout(),
                                context.legacyFront().maxAnswerBytes());
                    }

                    @Override
                    public InteractiveRelay.Upstream retries() {
                        return new InternalRetries(context.federation().internal(),
                                () -> context.pools().forLoop(ctx.channel().eventLoop()), () -> servedUpstream,
                                () -> servedName, principal,
                                context.limits().upstreamResponseTimeout(), context.legacyFront().maxAnswerBytes());
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
        HttpHeaders headers = ForwardedHeaders.legacy(request.headers());
        PassThroughSessions sessions = new PassThroughSessions(context.identity().sessionIds(),
                AuthenticatedRequest.principalOf(request).id(), target.name());
        UpstreamCredentials.actFor(target, headers, AuthenticatedRequest.principalOf(request).id());
        if (!sessions.unseal(headers)) {
            // The 404 keeps the request id like every other refusal (a GET or a batch has none to keep).
            ClientResponses.writeRejection(ctx, FrontDoor.withReadableId(SealedSessionIds.unknownSession(),
                    inbound.body()), keepAlive);
            done(ctx);
            return;
        }
        byte[] body = PassThroughTrace.begin(observation, context.routes().match(inbound.path()).map(Route::path)
                .orElse(inbound.path()), target.name(), inbound.body(), headers);
        PassedThroughRequest passed = new PassedThroughRequest(inbound.httpMethod(), body,
                headers, clientAddress(ctx.channel()),
                request.headers().get(HttpHeaderNames.HOST), keepAlive,
                !HttpVersion.HTTP_1_0.equals(request.protocolVersion()));
        // A legacy client's GET is its standalone stream, silent while nothing happens: no deadline applies.
        UpstreamDeadlines deadlines = "GET".equals(inbound.httpMethod()) ? UpstreamDeadlines.NONE
                : UpstreamDeadlines.of(context.limits());
        current = new LegacyPassThroughExchange(ctx, passed, target,
                context.pools().forLoop(ctx.channel().eventLoop()), context.limits().upstreamResponseTimeout(),
                lifecycle(ctx, deadlines), sessions::seal);
        current.start();
    }

    /** Policies and rate limits decide before anything goes upstream (see {@link Admission}). */
    private void admitThenDispatch(ChannelHandlerContext ctx, FullHttpRequest request, ValidatedRequest validated,
            String path, boolean keepAlive) {
        Principal principal = AuthenticatedRequest.principalOf(request);
        String route = context.routes().match(path).map(Route::path).orElse(path);
        Identity identity = context.identity();
        CompletableFuture<Optional<Rejection>> admitted = identity.admission().admit(principal, validated, route,
                () -> identity.resourceMetadataUrl(identity.publicOrigin(request.headers()), route));
        if (admitted.isDone()) {
            admitted(ctx, request, validated, path, keepAlive, admitted.join());
            return;
        }
        request.retain();
        admitted.whenComplete((refusal, failure) -> ctx.executor().execute(() -> {
            try {
                admitted(ctx, request, validated, path, keepAlive, failure != null ? Optional.empty() : refusal);
            } finally {
                request.release();
            }
        }));
    }

    private void admitted(ChannelHandlerContext ctx, FullHttpRequest request, ValidatedRequest validated,
            String path, boolean keepAlive, Optional<Rejection> refusal) {
        if (refusal.isPresent()) {
            ClientResponses.writeRejection(ctx, refusal.get(), keepAlive);
            done(ctx);
        } else if (!ctx.channel().isActive()) {
            done(ctx);
        } else {
            dispatch(ctx, request, validated, path, keepAlive);
        }
    }

    private void dispatch(ChannelHandlerContext ctx, FullHttpRequest request, ValidatedRequest validated,
            String path, boolean keepAlive) {
        Optional<Route> route = context.routes().match(path);
        if (route.isEmpty()) {
            ClientResponses.writeRejection(ctx, Rejections.unknownPath(path), keepAlive);
            done(ctx);
            return;
        }
        boolean clientAcceptsChunked = !HttpVersion.HTTP_1_0.equals(request.protocolVersion());
        // The upstream is told the gateway's span, in _meta and (for the modern pass-through) the header.
        ValidatedRequest traced = observation.validated(validated, route.get().path(), route.get().upstream(),
                Era.MODERN);
        HttpHeaders passed = ForwardedHeaders.passed(request.headers());
        if (observation.upstreamTraceparent() != null) {
            passed.set(TraceContext.TRACEPARENT, observation.upstreamTraceparent());
        }
        ForwardedRequest forwarded = new ForwardedRequest(traced, passed, clientAddress(ctx.channel()),
                request.headers().get(HttpHeaderNames.HOST), keepAlive, clientAcceptsChunked,
                AuthenticatedRequest.principalOf(request));
        try (Scope ignored = observation.makeCurrent()) {
            dispatch(ctx, forwarded, route.get());
        }
    }

    private void dispatch(ChannelHandlerContext ctx, ForwardedRequest forwarded, Route route) {
        OutcomeRecorder recorder = outcome;
        servedName = null;
        dispatcher.dispatch(ctx, forwarded, route, new Dispatcher.Host() {
            @Override
            public void serving(String upstream, Era upstreamEra) {
                servedUpstream = upstream;
                recorder.routed(route.path(), upstream);
                if (upstreamEra != null) {
                    recorder.upstreamEra(upstreamEra);
                }
            }

            @Override
            public void renamed(String upstreamName) {
                servedName = upstreamName;
            }

            @Override
            public ExchangeLifecycle lifecycle(UpstreamDeadlines deadlines) {
                return McpRequestHandler.this.lifecycle(ctx, deadlines);
            }

            @Override
            public void started(ClientExchange exchange) {
                current = exchange;
                exchange.start();
            }

            @Override
            public void done() {
                McpRequestHandler.this.done(ctx);
            }

            @Override
            public boolean writesParamHeaders() {
                return fromFront;
            }
        });
    }

    /** The lifecycle of the exchange about to start: its deadlines, its outcome, and its end. */
    private ExchangeLifecycle lifecycle(ChannelHandlerContext ctx, UpstreamDeadlines deadlines) {
        currentLifecycle = new ExchangeLifecycle(ctx.executor(), deadlines, outcome, () -> done(ctx));
        return currentLifecycle;
    }

    private void done(ChannelHandlerContext ctx) {
        fromFront = false;
        current = null;
        currentLifecycle = null;
        Object next = ctx.channel().isActive() ? queued.pollFirst() : null;
        if (next == null) {
            setBusy(ctx, false);
            if (inputEnded) {
                closeAfterWrites(ctx);
            } else if (ctx.channel().isActive()) {
                ctx.channel().config().setAutoRead(true);
            }
            return;
        }
        if (next instanceof InputRefused refused) {
            refuse(ctx, refused);
            return;
        }
        FullHttpRequest request = (FullHttpRequest) next;
        // The connection stays busy until the next request starts, so that a request read in between queues behind
        // it. A fresh task keeps a long pipeline from growing the stack through nested completions.
        ctx.executor().execute(() -> {
            if (ctx.channel().isActive()) {
                handle(ctx, request);
            } else {
                request.release();
                setBusy(ctx, false);
            }
        });
    }

    /** Answers input that could not be read, now that every earlier answer is written, and closes. */
    private void refuse(ChannelHandlerContext ctx, InputRefused refused) {
        setBusy(ctx, false);
        ClientResponses.writeRejection(ctx, refused.rejection(), false);
    }

    /**
     * Closes once what was written is flushed: a close right away could discard an answer still waiting for room in
     * the socket's buffer.
     */
    private static void closeAfterWrites(ChannelHandlerContext ctx) {
        if (ctx.channel().isActive()) {
            ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
        }
    }

    /**
     * A half-closed connection ({@code shutdown(SHUT_WR)}, kept open by {@code ALLOW_HALF_CLOSURE}) still gets every
     * answer it is owed: the connection closes only once the last of them is written.
     */
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
        if (evt instanceof ChannelInputShutdownEvent) {
            inputEnded = true;
            if (!busy) {
                closeAfterWrites(ctx);
            } else {
                // A FIN while a request runs looks the same whether the client only half-closed or left: nothing
                // tells the two apart before an answer is written. Leaving is far more common (a timeout, a user who
                // cancels), and the upstream work it started must be cancelled, so the connection closes now and
                // channelInactive cancels the exchange and drops what was queued behind it.
                log.debug("[{}] client ended its input while a request runs; cancelling it", ctx.channel().id());
                ctx.close();
            }
        }
        ctx.fireUserEventTriggered(evt);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        ClientExchange exchange = current;
        if (exchange != null) {
            exchange.cancel();
        }
        Object request;
        while ((request = queued.pollFirst()) != null) {
            ReferenceCountUtil.release(request);
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
        log.debug("[{}] client connection failed: {}", ctx.channel().id(), cause.toString());
        ctx.close();
    }

    private void setBusy(ChannelHandlerContext ctx, boolean value) {
        busy = value;
        // Twice per request: no attribute lookup, and no fence. The connection's handlers read it on this event loop;
        // the drain's count of busy connections, on another thread, is a snapshot anyway.
        if (busyFlag == null) {
            busyFlag = busyFlag(ctx.channel());
        }
        busyFlag.lazySet(value);
    }

    private static String clientAddress(Channel channel) {
        return channel.remoteAddress() instanceof InetSocketAddress address && address.getAddress() != null
                ? address.getAddress().getHostAddress() : null;
    }

    static String pathOf(String uri) {
        int query = uri.indexOf('?');
        int fragment = uri.indexOf('#');
        int end = query >= 0 ? query : fragment >= 0 ? fragment : uri.length();
        return uri.substring(0, end);
    }
}
