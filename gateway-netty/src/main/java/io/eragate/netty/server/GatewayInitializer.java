package io.eragate.netty.server;

import io.eragate.core.config.LimitsConfig;
import io.eragate.core.config.SseClientsConfig;
import io.eragate.netty.sseclient.SseClientFront;
import io.eragate.netty.sseclient.SseClientHandler;
import io.netty.channel.ChannelOption;
import io.netty.channel.Channel;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.IdleStateHandler;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Assembles the client pipeline in named steps: connection bounds, idleness, the request head's deadline, HTTP
 * decoding and its failures, the checks of a request head, body aggregation, and the MCP handler.
 */
public final class GatewayInitializer extends ChannelInitializer<SocketChannel> {
    static final String TLS = "tls";
    static final String CONNECTION_LIMIT = "connection-limit";
    static final String HEAD_TIMEOUT_BYTES = "head-timeout-bytes";
    static final String HTTP_CODEC = "http-codec";
    static final String OUTCOME_TAP = "outcome-tap";
    static final String HEAD_TIMEOUT_HEADS = "head-timeout-heads";
    static final String DECODER_FAILURE = "decoder-failure";
    static final String HEAD_CHECK = "head-check";
    static final String IDLE_STATE = "idle-state";
    static final String CLOSE_ON_IDLE = "close-on-idle";
    static final String BODY_AGGREGATOR = "body-aggregator";
    static final String AUTHENTICATION = "authentication";
    static final String MCP = "mcp";
    static final String SSE_CLIENTS = "sse-clients";

    /** The context a reload may replace; each connection reads it when it starts and at each request. */
    private final Supplier<GatewayContext> live;
    private final ConnectionLimitHandler connectionLimit;
    private final ServerTls tls;
    /** Every open client connection, so that a draining gateway can reach the exchanges still running. */
    private final ChannelGroup clients = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
    /** The 2024-11-05 HTTP+SSE sessions of every connection. */
    private final SseClientFront sseClientFront;

    /** Creates the initializer for one server with a fixed context, speaking plain HTTP. */
    public GatewayInitializer(GatewayContext context) {
        this(() -> context, null);
    }

    /**
     * Creates the initializer for one server whose context {@code live} supplies (a reload replaces it); {@code tls}
     * (null for plain HTTP) comes first on every connection.
     */
    public GatewayInitializer(Supplier<GatewayContext> live, ServerTls tls) {
        this(live, tls, SseClientsConfig.defaults());
    }

    /** As above, serving 2024-11-05 HTTP+SSE clients beside each route within {@code sseClients}. */
    public GatewayInitializer(Supplier<GatewayContext> live, ServerTls tls, SseClientsConfig sseClients) {
        this.sseClientFront = new SseClientFront(sseClients, live.get().limits().idleTimeout());
        this.live = live;
        this.tls = tls;
        GatewayContext context = live.get();
        this.connectionLimit = new ConnectionLimitHandler(context.limits().maxConnections(),
                context.limits().idleTimeout(), context.observer());
    }

    /** Client connections open now. */
    public int openConnections() {
        return connectionLimit.openConnections();
    }

    /** Client connections with an exchange in flight (or a request about to start). */
    int busyConnections() {
        int busy = 0;
        for (Channel client : clients) {
            if (McpRequestHandler.isBusy(client)) {
                busy++;
            }
        }
        return busy;
    }

    /** Tells every client connection that the drain deadline has come; returns how many were busy. */
    int drainDeadline(DrainDeadline deadline) {
        int busy = busyConnections();
        for (Channel client : clients) {
            client.eventLoop().execute(() -> client.pipeline().fireUserEventTriggered(deadline));
        }
        return busy;
    }

    @Override
    protected void initChannel(SocketChannel channel) {
        // A client that half-closes after its requests (shutdown(SHUT_WR)) still gets their answers; the MCP handler
        // closes the connection once they are written.
        channel.config().setOption(ChannelOption.ALLOW_HALF_CLOSURE, true);
        ChannelPipeline pipeline = channel.pipeline();
        if (tls != null) {
            pipeline.addLast(TLS, tls.newHandler(channel.alloc()));
        }
        clients.add(channel);
        addConnectionHandlers(pipeline);
        addHttpHandlers(pipeline);
        // Always there: a reload may turn authentication on for connections already open.
        pipeline.addLast(AUTHENTICATION, new AuthenticationHandler(() -> live.get().identity(),
                () -> live.get().frontDoor()));
        pipeline.addLast(SSE_CLIENTS, new SseClientHandler(live, sseClientFront));
        pipeline.addLast(MCP, new McpRequestHandler(live));
    }

    private void addConnectionHandlers(ChannelPipeline pipeline) {
        LimitsConfig limits = live.get().limits();
        pipeline.addLast(CONNECTION_LIMIT, connectionLimit);
        pipeline.addLast(IDLE_STATE, new IdleStateHandler(0, 0, limits.idleTimeout().toNanos(), TimeUnit.NANOSECONDS));
        pipeline.addLast(CLOSE_ON_IDLE, new CloseOnIdleHandler());
    }

    private void addHttpHandlers(ChannelPipeline pipeline) {
        LimitsConfig limits = live.get().limits();
        HttpDecoderConfig decoderConfig = new HttpDecoderConfig()
                .setMaxInitialLineLength(limits.maxInitialLineBytes())
                .setMaxHeaderSize(limits.maxHeaderBytes())
                .setMaxChunkSize(64 * 1024)
                .setValidateHeaders(true);
        RequestHeadTimeout headTimeout = new RequestHeadTimeout(limits.requestHeaderTimeout());
        pipeline.addLast(HEAD_TIMEOUT_BYTES, headTimeout.bytes());
        pipeline.addLast(HTTP_CODEC, new HttpServerCodec(decoderConfig));
        pipeline.addLast(OUTCOME_TAP, new OutcomeTap(live.get().observer()));
        pipeline.addLast(HEAD_TIMEOUT_HEADS, headTimeout.heads());
        pipeline.addLast(DECODER_FAILURE, new DecoderFailureHandler(limits.maxHeaderBytes(),
                limits.maxInitialLineBytes()));
        pipeline.addLast(HEAD_CHECK, new HeadCheckHandler());
        pipeline.addLast(BODY_AGGREGATOR, new JsonBodyAggregator((int) limits.maxBodyBytes()));
    }
}
