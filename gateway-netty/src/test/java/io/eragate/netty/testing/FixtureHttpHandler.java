package io.eragate.netty.testing;

import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The last handler of a fixture connection: records the aggregated request, wraps it in a {@link FixtureExchange}
 * and hands it to the fixture's endpoint. The request is released when this returns (auto-release); the endpoint
 * only ever sees the copied bytes.
 *
 * <p>One exchange at a time per connection: HTTP/1.1 clients (the JDK's, the gateway's pools) do not pipeline, so a
 * fixture never has to order the answers of overlapping requests on one connection.
 */
final class FixtureHttpHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private static final Logger LOG = LoggerFactory.getLogger(FixtureHttpHandler.class);

    private final FixtureServer server;
    private final RequestLog log;
    private final boolean keepAliveAllowed;
    private final ExchangeHandler endpoint;

    FixtureHttpHandler(FixtureServer server, RequestLog log, boolean keepAliveAllowed, ExchangeHandler endpoint) {
        this.server = server;
        this.log = log;
        this.keepAliveAllowed = keepAliveAllowed;
        this.endpoint = endpoint;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        RecordedRequest recorded = new RecordedRequest(request.method().name(), request.uri(),
                RecordedHeaders.copyOf(request.headers()), ByteBufUtil.getBytes(request.content()));
        boolean keepAlive = keepAliveAllowed && request.decoderResult().isSuccess() && HttpUtil.isKeepAlive(request);
        FixtureExchange exchange = new FixtureExchange(ctx, recorded, keepAlive, server::isClosing);
        if (!request.decoderResult().isSuccess()) {
            exchange.respond(HttpResponseStatus.BAD_REQUEST, "text/plain; charset=utf-8",
                    "Malformed HTTP request".getBytes(StandardCharsets.UTF_8), Map.of());
            return;
        }
        log.add(recorded);
        try {
            endpoint.handle(exchange);
        } catch (RuntimeException e) {
            LOG.warn("Fixture endpoint failed on {}", recorded, e);
            if (!exchange.isFinished()) {
                exchange.respondJson(HttpResponseStatus.INTERNAL_SERVER_ERROR,
                        JsonRpcWire.error(recorded.rpcId(), -32603, "Fixture failure: " + e, null), Map.of());
            }
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.debug("Fixture connection {} failed", ctx.channel(), cause);
        ctx.close();
    }
}
