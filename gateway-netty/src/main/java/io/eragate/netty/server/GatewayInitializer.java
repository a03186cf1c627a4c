package io.eragate.netty.server;

import io.eragate.core.config.LimitsConfig;
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

/**
 * Assembles the client pipeline in named steps: connection bounds, HTTP decoding and its failures, idleness, body
 * aggregation, and the MCP handler.
 */
public final class GatewayInitializer extends ChannelInitializer<SocketChannel> {
    static final String CONNECTION_LIMIT = "connection-limit";
    static final String HTTP_CODEC = "http-codec";
    static final String OUTCOME_TAP = "outcome-tap";
    static final String DECODER_FAILURE = "decoder-failure";
    static final String IDLE_STATE = "idle-state";
    static final String CLOSE_ON_IDLE = "close-on-idle";
    static final String BODY_AGGREGATOR = "body-aggregator";
    static final String MCP = "mcp";

    private final GatewayContext context;
    private final ConnectionLimitHandler connectionLimit;
    /** Every open client connection, so that a draining gateway can reach the exchanges still running. */
    private final ChannelGroup clients = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);

    /** Creates the initializer for one server. */
    public GatewayInitializer(GatewayContext context) {
        this.context = context;
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
        ChannelPipeline pipeline = channel.pipeline();
        clients.add(channel);
        addConnectionHandlers(pipeline);
        addHttpHandlers(pipeline);
        pipeline.addLast(MCP, new McpRequestHandler(context));
    }

    private void addConnectionHandlers(ChannelPipeline pipeline) {
        LimitsConfig limits = context.limits();
        pipeline.addLast(CONNECTION_LIMIT, connectionLimit);
        pipeline.addLast(IDLE_STATE, new IdleStateHandler(0, 0, limits.idleTimeout().toNanos(), TimeUnit.NANOSECONDS));
        pipeline.addLast(CLOSE_ON_IDLE, new CloseOnIdleHandler());
    }

    private void addHttpHandlers(ChannelPipeline pipeline) {
        LimitsConfig limits = context.limits();
        HttpDecoderConfig decoderConfig = new HttpDecoderConfig()
                .setMaxInitialLineLength(limits.maxInitialLineBytes())
                .setMaxHeaderSize(limits.maxHeaderBytes())
                .setMaxChunkSize(64 * 1024)
                .setValidateHeaders(true);
        pipeline.addLast(HTTP_CODEC, new HttpServerCodec(decoderConfig));
        pipeline.addLast(OUTCOME_TAP, new OutcomeTap(context.observer()));
        pipeline.addLast(DECODER_FAILURE, new DecoderFailureHandler(limits.maxHeaderBytes(),
                limits.maxInitialLineBytes()));
        pipeline.addLast(BODY_AGGREGATOR, new JsonBodyAggregator((int) limits.maxBodyBytes()));
    }
}
