package io.eragate.netty.server;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.config.GatewayConfig;
import io.eragate.core.config.LimitsConfig;
import io.eragate.core.config.ShutdownConfig;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.core.exchange.ExchangeObserver;
import io.eragate.core.frontdoor.FrontDoor;
import io.eragate.core.health.UpstreamHealthBook;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.route.RouteTable;
import io.eragate.core.security.AdminAccess;
import io.eragate.core.security.OriginPolicy;
import io.eragate.core.traffic.TrafficTally;
import io.eragate.netty.admin.AdminHandler;
import io.eragate.netty.admin.AdminHostCheckHandler;
import io.eragate.netty.admin.AdminPages;
import io.eragate.netty.auth.Identity;
import io.eragate.netty.auth.IdentityWarnings;
import io.eragate.netty.legacyfront.LegacyFrontState;
import io.eragate.netty.bridge.EraDirectory;
import io.eragate.netty.bridge.LegacyBridge;
import io.eragate.netty.federation.Federation;
import io.eragate.netty.legacysse.LegacySseUpstreams;
import io.eragate.netty.stdio.StdioUpstreams;
import io.eragate.netty.bridge.ListenHub;
import io.eragate.netty.upstream.UpstreamPoolSettings;
import io.eragate.netty.upstream.UpstreamPools;
import io.eragate.netty.upstream.UpstreamTarget;
import io.eragate.netty.telemetry.GatewayMeters;
import io.eragate.netty.telemetry.GatewayMetrics;
import io.eragate.netty.telemetry.GatewayTelemetry;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running gateway: the MCP listener and the admin listener, sharing one worker group. {@link #close()} stops
 * both and waits for the event loops to finish.
 */
public final class GatewayServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(GatewayServer.class);
    /** Idle pooled upstream connections close before common server keep-alive timeouts (Node: 5 s) do. */
    private static final Duration UPSTREAM_POOL_IDLE = Duration.ofSeconds(4);
    /** How long ended requests get to write their errors and send their cancellations before the loops stop. */
    private static final Duration DRAIN_SETTLE = Duration.ofSeconds(2);

    private final EventLoopGroup bossGroup;
    private final EventLoopGroup workerGroup;
    private final Channel listenChannel;
    private final Channel adminChannel;
    private final GatewayInitializer initializer;
    private final AdminPages adminPages;
    /** The one reference a reload swaps; every new request reads it (see {@link ContextSwap}). */
    private final AtomicReference<GatewayContext> live;
    private final Operations operations;
    private final ServerTls listenTls;
    private final ServerTls adminTls;
    private volatile boolean ready;
    private Channel loopbackChannel;
    /** The connections of all three listeners, closed before the event loops stop (see {@link AcceptedChannels}). */
    private AcceptedChannels accepted;
    private volatile boolean draining;
    private final AtomicBoolean closed = new AtomicBoolean();
    private String transportName = "";

    private GatewayServer(EventLoopGroup bossGroup, EventLoopGroup workerGroup, Channel listenChannel,
            Channel adminChannel, GatewayInitializer initializer, AdminPages adminPages,
            AtomicReference<GatewayContext> live, Operations operations, ServerTls listenTls, ServerTls adminTls) {
        this.bossGroup = bossGroup;
        this.workerGroup = workerGroup;
        this.listenChannel = listenChannel;
        this.adminChannel = adminChannel;
        this.initializer = initializer;
        this.adminPages = adminPages;
        this.live = live;
        this.operations = operations;
        this.listenTls = listenTls;
        this.adminTls = adminTls;
    }

    /**
     * Binds the listeners of {@code config}; fails with the bind error (for example a port in use) after
     * releasing everything it had started.
     */
    public static GatewayServer start(GatewayConfig config) throws InterruptedException {
        return start(config, ExchangeObserver.NONE);
    }

    /**
     * Binds the listeners of {@code config}, telling {@code observer} about every client request when it ends;
     * fails like {@link #start(GatewayConfig)}.
     */
    public static GatewayServer start(GatewayConfig config, ExchangeObserver observer) throws InterruptedException {
        Transport transport = Transport.select(config.listen().transport());
        EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, transport.ioHandlers());
        // One loop per core, as nginx runs one worker per core: Netty's default of two per core only adds
        // context switches for a proxy whose loops never block.
        EventLoopGroup workers = new MultiThreadIoEventLoopGroup(config.listen().effectiveWorkerThreads(),
                transport.ioHandlers());
        ServerTls listenTls = null;
        ServerTls adminTls = null;
        try {
            LimitsConfig limits = config.limits();
            AcceptedChannels accepted = new AcceptedChannels();
            listenTls = config.listen().tls() == null ? null : ServerTls.start("listen", config.listen().tls());
            adminTls = config.admin().tls() == null ? null : ServerTls.start("admin", config.admin().tls());
            ServerTls adminTlsFinal = adminTls;
            // The dashboard's counters see every exchange, besides whatever the caller observes.
            TrafficTally traffic = new TrafficTally();
            GatewayContext context = buildContext(config, workers, transport, observer.andThen(traffic));
            AtomicReference<GatewayContext> live = new AtomicReference<>(context);
            GatewayInitializer initializer = new GatewayInitializer(live::get, listenTls, config.sseClients());
            AdminPages pages = new AdminPages();
            pages.register("/admin/eras", () -> erasReport(live.get()));
            pages.register("/admin/routes", () -> RoutesReport.json(live.get()));
            GatewayMeters.bind(context.telemetry().metrics().registry(), context.eras(), context.bridge(),
                    context.stdio(), context.pools(), initializer::openConnections);
            pages.register("/metrics", GatewayMetrics.contentType(), context.telemetry().metrics()::scrape);
            GatewayServer[] self = new GatewayServer[1];
            AdminAccess adminAccess = new AdminAccess(OriginPolicy.of(config.admin().effectiveAllowedOrigins(),
                    config.admin().effectiveAllowedHosts()));
            Operations operations = new Operations(config, live, traffic, () -> self[0] != null && self[0].ready,
                    () -> self[0] != null && self[0].isDraining());
            operations.register(pages);
            operations.onReload(report -> live.get().telemetry().metrics().reloaded(
                    report.result().name().toLowerCase(Locale.ROOT), report.at().getEpochSecond()));
            Channel admin = bind(boss, workers, transport, config.admin().host(), config.admin().port(),
                    new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            if (adminTlsFinal != null) {
                                ch.pipeline().addLast(adminTlsFinal.newHandler(ch.alloc()));
                            }
                            ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(64 * 1024),
                                    new AdminHostCheckHandler(adminAccess),
                                    new AdminHandler(operations::readiness, pages));
                        }
                    }, limits, accepted);
            Channel listen;
            try {
                listen = bind(boss, workers, transport, config.listen().host(), config.listen().port(), initializer,
                        limits, accepted);
            } catch (InterruptedException | RuntimeException e) {
                admin.close().sync();
                context.bridge().close();
                context.stdio().close();
                context.telemetry().close();
                throw e;
            }
            Channel loopback = bind(boss, workers, transport, "127.0.0.1", 0, new ChannelInitializer<SocketChannel>() {
                @Override
                protected void initChannel(SocketChannel ch) {
                    // Requests for a route's own dispatch (2024-11-05 clients' messages) go on to a route handler.
                    ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator((int) limits.maxBodyBytes()),
                            new InternalExchangeHandler(live::get), new McpRequestHandler(live::get));
                }
            }, limits, accepted);
            context.federation().internal().bound(((InetSocketAddress) loopback.localAddress()).getPort());
            // The same handlers serve long-held internal requests in process, with no socket (a session's listen).
            context.federation().internal().servedInProcess(() -> new ChannelHandler[] {
                new InternalExchangeHandler(live::get), new McpRequestHandler(live::get)});
            // Processes start in the background; requests that come before one is ready wait for it.
            context.stdio().start();
            operations.startRechecks(workers.next(), config.health().upstreamRecheckInterval());
            GatewayServer server = new GatewayServer(boss, workers, listen, admin, initializer, pages, live,
                    operations, listenTls, adminTls);
            server.loopbackChannel = loopback;
            server.accepted = accepted;
            self[0] = server;
            server.transportName = transport.name();
            server.ready = true;
            log.info("Eragate listening on {} (admin on {}) with the {} transport and {} event loops",
                    listen.localAddress(), admin.localAddress(), transport.name(), server.workerThreads());
            return server;
        } catch (InterruptedException | RuntimeException e) {
            closeTls(listenTls, adminTls);
            shutdown(boss, workers);
            throw e;
        }
    }

    private static void closeTls(ServerTls... listeners) {
        for (ServerTls tls : listeners) {
            if (tls != null) {
                tls.close();
            }
        }
    }

    private static GatewayContext buildContext(GatewayConfig config, EventLoopGroup workers, Transport transport,
            ExchangeObserver observer) {
        LimitsConfig limits = config.limits();
        List<UpstreamConfig> httpUpstreams = config.upstreams().stream().filter(u -> !u.isStdio()).toList();
        RouteTable routeTable = ContextSwap.routeTable(config);
        FrontDoor frontDoor = ContextSwap.frontDoor(config, routeTable);
        UpstreamPools pools = new UpstreamPools(workers, transport.socketChannel(), transport.datagramChannel(),
                new UpstreamPoolSettings(limits.maxUpstreamConnectionsPerEventLoop(),
                        limits.maxPendingUpstreamAcquires(), limits.upstreamConnectTimeout(), UPSTREAM_POOL_IDLE),
                limits.maxHeaderBytes(), new UpstreamHealthBook(Clock.systemUTC()));
        EraDirectory eras = new EraDirectory(config.eras(), httpUpstreams, pools, GatewayVersion.current());
        GatewayTelemetry telemetry = GatewayTelemetry.of(config);
        Identity identity = Identity.of(config, config.listen().tls() != null, Identity.storeFor(config),
                limited -> {
                    log.debug("rate limit {} refused a request", limited.rule().describe());
                    telemetry.metrics().rateLimitRefused(String.valueOf(limited.rule().key()));
                });
        IdentityWarnings.log(config);
        Map<String, UpstreamTarget> upstreams = ContextSwap.httpTargets(config, identity.subjects());
        LegacyBridge bridge = new LegacyBridge(config.bridge(), config.mrtr(), config.subscriptions(), upstreams,
                pools, eras,
                GatewayVersion.current(), identity.sealer(), identity.admission().policies());
        StdioUpstreams stdio = new StdioUpstreams(config.upstreams(), config.eras(), config.bridge(),
                GatewayVersion.current());
        LegacySseUpstreams legacySse = new LegacySseUpstreams(pools, eras, GatewayVersion.current(),
                limits.upstreamResponseTimeout(), config.bridge().initializeTimeout(), config.eras().probeTimeout(),
                config.bridge().maxInFlightPerSession());
        Federation federation = new Federation((int) limits.maxBodyBytes(), config.bridge().listCacheTtl(),
                config.bridge().listCacheMaxEntries(), GatewayVersion.current(), config.subscriptions().reopen());
        // Metrics and the access log see every outcome first, then whoever started the server.
        LegacyFrontState legacyFront = new LegacyFrontState(identity.sealer(), config.legacyClients().maxSessions(),
                (int) config.legacyClients().maxAnswerBytes());
        return new GatewayContext(frontDoor, routeTable, upstreams, pools, limits, eras, bridge, stdio, legacySse,
                telemetry.observer().andThen(observer), federation, telemetry, identity, legacyFront);
    }

    /** The era report: HTTP origins, and (under {@code stdio}) the processes of stdio upstreams. */
    private static String erasReport(GatewayContext context) {
        try {
            ObjectNode report = (ObjectNode) JsonRpcCodec.mapper().readTree(context.eras().reportJson());
            report.set("stdio", context.stdio().report());
            return report.toString();
        } catch (IOException e) {
            throw new UncheckedIOException("the era report is JSON", e);
        }
    }

    /** The stdio upstreams, for reports and tests. */
    public StdioUpstreams stdio() {
        return live.get().stdio();
    }

    /** The context new requests get now (a reload replaces it). */
    public GatewayContext context() {
        return live.get();
    }

    /** Readiness, reload and the dashboard's reports. */
    public Operations operations() {
        return operations;
    }

    /**
     * Binds one listener. A failed bind is rethrown unchecked with its cause: Netty's {@code sync()} would rethrow
     * the checked {@link java.net.BindException} undeclared, past every {@code catch (RuntimeException)} that must
     * stop the event loops.
     */
    private static Channel bind(EventLoopGroup boss, EventLoopGroup workers, Transport transport, String host,
            int port, ChannelInitializer<SocketChannel> initializer, LimitsConfig limits, AcceptedChannels accepted)
            throws InterruptedException {
        ChannelFuture bound = new ServerBootstrap()
                .group(boss, workers)
                .channel(transport.serverChannel())
                .handler(accepted.tracker())
                .option(ChannelOption.SO_BACKLOG, 1024)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(64 * 1024, 128 * 1024))
                .childHandler(initializer)
                .bind(new InetSocketAddress(host, port))
                .await();
        if (bound.isSuccess()) {
            return bound.channel();
        }
        Throwable cause = bound.cause();
        String message = "cannot bind " + host + ":" + port + ": " + cause.getMessage();
        throw new ListenerBindException(message,
                cause instanceof IOException io ? io : new IOException(cause.getMessage(), cause));
    }

    /** The address the MCP listener is bound to (its port is the real one when 0 was configured). */
    public InetSocketAddress listenAddress() {
        return (InetSocketAddress) listenChannel.localAddress();
    }

    /** The address the admin listener is bound to. */
    public InetSocketAddress adminAddress() {
        return (InetSocketAddress) adminChannel.localAddress();
    }

    /** Extra admin pages; features register their reports here. */
    public AdminPages adminPages() {
        return adminPages;
    }

    /** The open listen streams served from legacy upstreams, for reports and tests. */
    public ListenHub listens() {
        return live.get().bridge().listens();
    }

    /** The legacy bridge, for reports and tests. */
    public LegacyBridge bridge() {
        return live.get().bridge();
    }

    /** The I/O transport the event loops run ({@code listen.transport}): io_uring, epoll or nio. */
    public String transport() {
        return transportName;
    }

    /** The event loops serving clients and their upstream calls ({@code listen.workerThreads}). */
    public int workerThreads() {
        return ((MultiThreadIoEventLoopGroup) workerGroup).executorCount();
    }

    /** Client connections open now. */
    public int openConnections() {
        return initializer.openConnections();
    }

    /** Whether the gateway is stopping: {@code /readyz} answers 503 from the moment it starts to drain. */
    public boolean isDraining() {
        return draining;
    }

    /**
     * Stops gracefully (SIGTERM, SIGINT): {@code /readyz} turns 503 at once; the listener keeps accepting for
     * {@code shutdown.readinessGrace}, then stops, and listen streams get their final result; requests in flight
     * may finish until {@code shutdown.drainTimeout}; what still runs then ends with a JSON-RPC error for its id
     * and is cancelled upstream. Returns once the gateway is closed: as soon as nothing is in flight and the grace
     * has passed, at the drain deadline at the latest (plus the time to end what ran).
     */
    public void drainAndClose() throws InterruptedException {
        long start = System.nanoTime();
        // The timings of the configuration running now: a reload may have changed them.
        ShutdownConfig shutdown = operations.running().shutdown();
        draining = true;
        log.info("Draining: /readyz answers 503; accepting for {} more, requests may run for {}",
                shutdown.readinessGrace(), shutdown.drainTimeout());
        sleepUntil(start + shutdown.readinessGrace().toNanos(), () -> false);
        listenChannel.close().awaitUninterruptibly();
        live.get().bridge().listens().close();
        long deadline = start + shutdown.drainTimeout().toNanos();
        sleepUntil(deadline, () -> initializer.busyConnections() == 0);
        if (initializer.busyConnections() > 0) {
            int ended = initializer.drainDeadline(new DrainDeadline(shutdown.drainTimeout()));
            log.warn("shutdown.drainTimeout ({}) passed with {} requests in flight; ending them with an error and "
                    + "cancelling them upstream", shutdown.drainTimeout(), ended);
            // Their answers and cancellations go out while the event loops still run.
            sleepUntil(System.nanoTime() + DRAIN_SETTLE.toNanos(), () -> initializer.busyConnections() == 0);
        }
        close();
    }

    /**
     * Waits on the calling thread (the shutdown hook's, never an event loop) until {@code done} holds or the deadline
     * passes, looking every 20 ms at most: connections end on their own loops, and one look per 20 ms is what a
     * drain counted in seconds needs.
     */
    private static void sleepUntil(long deadlineNanos, BooleanSupplier done) throws InterruptedException {
        while (!done.getAsBoolean() && deadlineNanos - System.nanoTime() > 0) {
            Thread.sleep(Math.max(1, Math.min(20, (deadlineNanos - System.nanoTime()) / 1_000_000)));
        }
    }

    /** Stops accepting, closes every connection and waits for the event loops to end. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        draining = true;
        ready = false;
        operations.close();
        GatewayContext context = live.get();
        // The gateway's own listens end first, so that closing the loopback listener does not make them reopen.
        context.federation().close();
        listenChannel.close().awaitUninterruptibly();
        adminChannel.close().awaitUninterruptibly();
        if (loopbackChannel != null) {
            loopbackChannel.close().awaitUninterruptibly();
        }
        // Listen streams get their graceful final result while their connections are still open.
        context.bridge().listens().close();
        // Pooled upstream sessions get their DELETE, and requests on stdio processes their 502, while the event
        // loops still run.
        context.bridge().close();
        context.legacySse().close();
        context.stdio().close();
        context.identity().close();
        context.upstreams().values().forEach(target -> target.credentials().close());
        // Requests still waiting for an upstream connection fail now (never sent); client connections are closed
        // here, not left to the loops' shutdown, which may skip them.
        context.pools().closeConnections();
        accepted.closeAll();
        shutdown(bossGroup, workerGroup);
        context.pools().close();
        // Spans of the last requests are flushed to the collector once nothing can make new ones.
        context.telemetry().close();
        closeTls(listenTls, adminTls);
    }

    /** Metrics and tracing, for reports (the dashboard) and tests; the rate limiter counts its refusals here. */
    public GatewayTelemetry telemetry() {
        return live.get().telemetry();
    }

    private static void shutdown(EventLoopGroup boss, EventLoopGroup workers) {
        boss.shutdownGracefully(0, 5, TimeUnit.SECONDS).awaitUninterruptibly();
        workers.shutdownGracefully(0, 5, TimeUnit.SECONDS).awaitUninterruptibly();
    }
}
