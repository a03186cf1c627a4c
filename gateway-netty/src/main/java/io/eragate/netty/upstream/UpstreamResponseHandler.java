package io.eragate.netty.upstream;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The last handler of an upstream connection: hands each response part to the exchange that currently owns the
 * connection, and drops (releasing) whatever arrives when no exchange does.
 */
final class UpstreamResponseHandler extends ChannelInboundHandlerAdapter {
    private static final Logger log = LoggerFactory.getLogger(UpstreamResponseHandler.class);
    private static final AttributeKey<UpstreamListener> LISTENER = AttributeKey.valueOf("eragate.upstream.listener");

    /** Makes {@code listener} the receiver of what {@code channel} delivers next. */
    static void attach(Channel channel, UpstreamListener listener) {
        channel.attr(LISTENER).set(listener);
    }

    /** Stops delivering to the current listener. */
    static void detach(Channel channel) {
        channel.attr(LISTENER).set(null);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        UpstreamListener listener = ctx.channel().attr(LISTENER).get();
        if (listener == null) {
            log.debug("[{}] dropping upstream data that no exchange awaits", ctx.channel().id());
            ReferenceCountUtil.release(msg);
            ctx.close();
            return;
        }
        if (msg instanceof HttpResponse head) {
            listener.onResponseHead(head);
        }
        if (msg instanceof HttpContent content) {
            listener.onContent(content);
        } else if (!(msg instanceof HttpResponse)) {
            ReferenceCountUtil.release(msg);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        UpstreamListener listener = ctx.channel().attr(LISTENER).getAndSet(null);
        if (listener != null) {
            listener.onConnectionLost(new IOException("upstream closed the connection"));
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        UpstreamListener listener = ctx.channel().attr(LISTENER).getAndSet(null);
        if (listener != null) {
            listener.onConnectionLost(cause);
        } else {
            log.debug("[{}] upstream connection failed while idle: {}", ctx.channel().id(), cause.toString());
        }
        ctx.close();
    }
}
