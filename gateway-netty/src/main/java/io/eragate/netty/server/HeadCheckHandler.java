package io.eragate.netty.server;

import io.eragate.core.frontdoor.HttpFraming;
import io.eragate.core.frontdoor.Rejection;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.util.ReferenceCountUtil;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Refuses a request head that {@link HttpFraming} refuses (HTTP version, a fragment, transfer or content codings)
 * before its body is read: the refusal is passed on as {@link InputRefused}, so it is answered after the answers
 * owed to earlier requests, and the connection closes, since the body that follows can no longer be framed safely.
 * Everything after the refused head is dropped.
 */
final class HeadCheckHandler extends ChannelInboundHandlerAdapter {
    private static final Logger log = LoggerFactory.getLogger(HeadCheckHandler.class);

    private boolean refused;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (refused) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (msg instanceof HttpRequest request) {
            Optional<Rejection> rejection = HttpFraming.checkHead(request.protocolVersion().text(), request.uri(),
                    request.headers().getAll(HttpHeaderNames.TRANSFER_ENCODING),
                    request.headers().getAll(HttpHeaderNames.CONTENT_ENCODING));
            if (rejection.isPresent()) {
                refused = true;
                ReferenceCountUtil.release(msg);
                log.debug("[{}] refused request head: {}", ctx.channel().id(), rejection.get().error().message());
                ctx.fireChannelRead(new InputRefused(rejection.get()));
                return;
            }
        }
        ctx.fireChannelRead(msg);
    }
}
