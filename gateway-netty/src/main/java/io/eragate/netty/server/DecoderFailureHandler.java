package io.eragate.netty.server;

import io.eragate.core.frontdoor.FramingRejections;
import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.frontdoor.Rejections;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.DecoderResultProvider;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.util.ReferenceCountUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Netty's HTTP decoder marks a broken request instead of throwing; this handler turns the mark into a rejection
 * (431 for a header block over the limit, 414 for a request line over it, 400 otherwise) and passes it on as
 * {@link InputRefused}, so that the answers owed to earlier pipelined requests are written first and the connection
 * is closed after it, since the byte stream can no longer be trusted. Everything after the failure is dropped.
 */
final class DecoderFailureHandler extends ChannelInboundHandlerAdapter {
    private static final Logger log = LoggerFactory.getLogger(DecoderFailureHandler.class);

    private final int maxHeaderBytes;
    private final int maxInitialLineBytes;
    private boolean failed;

    DecoderFailureHandler(int maxHeaderBytes, int maxInitialLineBytes) {
        this.maxHeaderBytes = maxHeaderBytes;
        this.maxInitialLineBytes = maxInitialLineBytes;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (failed) {
            ReferenceCountUtil.release(msg);
            return;
        }
        DecoderResult result = msg instanceof DecoderResultProvider provider ? provider.decoderResult() : null;
        if (result == null || !result.isFailure()) {
            ctx.fireChannelRead(msg);
            return;
        }
        failed = true;
        // The decoder marks a broken head on the (full) request it emits, a broken body (a chunk line) on bare content.
        boolean inBody = msg instanceof HttpContent && !(msg instanceof HttpMessage);
        ReferenceCountUtil.release(msg);
        Throwable cause = result.cause();
        log.debug("[{}] undecodable HTTP request: {}", ctx.channel().id(), cause.toString());
        ctx.fireChannelRead(new InputRefused(rejectionFor(cause, inBody)));
    }

    private Rejection rejectionFor(Throwable cause, boolean inBody) {
        if (cause instanceof TooLongHttpHeaderException) {
            return Rejections.headersTooLarge(maxHeaderBytes);
        }
        if (cause instanceof TooLongHttpLineException) {
            if (inBody) {
                // The only line of a body is a chunk's size line, whose extensions can make it long: not the URI.
                return FramingRejections.chunkLineTooLong(maxInitialLineBytes);
            }
            return Rejections.requestLineTooLong(maxInitialLineBytes);
        }
        return Rejections.malformedHttp(cause.getMessage() == null ? cause.toString() : cause.getMessage());
    }
}
