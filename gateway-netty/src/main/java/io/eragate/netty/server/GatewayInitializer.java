package io.eragate.netty.server;

import io.eragate.core.config.LimitsConfig;
import io.netty.channel.ChannelPipeline;
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
    static final String TLS = "tls";
    static final String CONNECTION_LIMIT = "connection-limit";
    static final String HTTP_CODEC = "http-codec";
    static final String DECODER_FAILURE = "decoder-failure";
    static final String IDLE_STATE = "idle-state";
    static final String CLOSE_ON_IDLE = "close-on-idle";
    static final String BODY_AGGREGATOR = "body-aggregator";
    static final String AUTHENTICATION = "authentication";
    static final String MCP = "mcp";

    private final GatewayContext context;
    private final ConnectionLimitHandler connectionLimit;
    private final ServerTls tls;

    /** Creates the initializer for one server, speaking plain HTTP. */
    public GatewayInitializer(GatewayContext context) {
        this(context, null);
    }

    /** Creates the initializer for one server; {@code tls} (null for plain HTTP) comes first on every connection. */
    public GatewayInitializer(GatewayContext context, ServerTls tls) {
        this.context = context;
        this.tls = tls;
        this.connectionLimit = new ConnectionLimitHandler(context.limits().maxConnections(),
                context.limits().idleTimeout());
    }

    /** Client connections open now. */
    public int openConnections() {
        return connectionLimit.openConnections();
    }

    @Override
    protected void initChannel(SocketChannel channel) {
        ChannelPipeline pipeline = channel.pipeline();
        if (tls != null) {
            pipeline.addLast(TLS, tls.newHandler(channel.alloc()));
        }
        addConnectionHandlers(pipeline);
        addHttpHandlers(pipeline);
        if (context.identity().authenticates()) {
            pipeline.addLast(AUTHENTICATION, new AuthenticationHandler(context.identity(), context.frontDoor()));
        }
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
        pipeline.addLast(DECODER_FAILURE, new DecoderFailureHandler(limits.maxHeaderBytes(),
                limits.maxInitialLineBytes()));
        pipeline.addLast(BODY_AGGREGATOR, new JsonBodyAggregator((int) limits.maxBodyBytes()));
    }
}
