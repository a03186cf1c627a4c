package io.eragate.netty.server;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Closes a new client connection at once while {@code limits.maxConnections} are already open. */
@ChannelHandler.Sharable
final class ConnectionLimitHandler extends ChannelInboundHandlerAdapter {
    private static final Logger log = LoggerFactory.getLogger(ConnectionLimitHandler.class);

    private final int maxConnections;
    private final AtomicInteger open = new AtomicInteger();

    ConnectionLimitHandler(int maxConnections) {
        this.maxConnections = maxConnections;
    }

    /** Client connections open now. */
    int openConnections() {
        return open.get();
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        if (open.incrementAndGet() > maxConnections) {
            log.warn("[{}] refusing connection: {} already open (limits.maxConnections)", ctx.channel().id(),
                    maxConnections);
            ctx.close();
            return;
        }
        ctx.fireChannelActive();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        open.decrementAndGet();
        ctx.fireChannelInactive();
    }
}
