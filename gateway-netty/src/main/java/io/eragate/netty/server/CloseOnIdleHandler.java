package io.eragate.netty.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.timeout.IdleStateEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closes a client connection that stayed idle for {@code limits.idleTimeout} with no exchange in flight. A quiet
 * but running exchange (a slow tool call) is bounded by the upstream timeouts instead, not by this handler.
 */
final class CloseOnIdleHandler extends ChannelInboundHandlerAdapter {
    private static final Logger log = LoggerFactory.getLogger(CloseOnIdleHandler.class);

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent) {
            if (!McpRequestHandler.isBusy(ctx.channel())) {
                log.debug("[{}] closing idle connection", ctx.channel().id());
                ctx.close();
            }
            return;
        }
        ctx.fireUserEventTriggered(evt);
    }
}
