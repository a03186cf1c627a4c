package io.eragate.netty.server;

import io.eragate.core.frontdoor.FramingRejections;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import io.eragate.netty.client.ClientResponses;

/**
 * {@code limits.requestHeaderTimeout}: a request's line and headers must be complete within it, counted from the
 * request's first byte (from the accept for a connection's first request), so that a client trickling its head
 * (slowloris) cannot hold a connection slot for long. When it runs out, the connection is answered 408 with a
 * JSON-RPC error if a byte of the head was sent, or simply closed if nothing was; a connection whose exchange is in
 * flight is never cut by it (the upstream timeouts bound that).
 *
 * <p>It watches from two places of one pipeline: {@link #bytes()} before the HTTP decoder sees a request begin, and
 * {@link #heads()} after it sees the head complete ({@link HttpRequest}) and the request end ({@link LastHttpContent}).
 * The 408 is written through the second, so the HTTP encoder writes it; then the output is shut and what the client
 * still sends is dropped until it closes or another timeout passes, since a close with unread input would reset the
 * connection and could destroy the answer in the client's buffers.
 */
final class RequestHeadTimeout {
    private static final Logger log = LoggerFactory.getLogger(RequestHeadTimeout.class);

    private enum State {
        /** Between requests: the next byte starts a head. */
        IDLE,
        /** A head is being read, or the first one is awaited after the accept: the deadline runs. */
        READING_HEAD,
        /** The head is complete; the body or the exchange is under way. */
        AFTER_HEAD,
        /** The deadline passed and the connection is being ended. */
        EXPIRED
    }

    private final Duration timeout;
    private final ChannelHandler bytes = new BytesSide();
    private final ChannelHandler heads = new HeadsSide();
    private ChannelHandlerContext headsContext;
    private State state = State.READING_HEAD;
    private boolean sawBytes;
    private ScheduledFuture<?> deadline;

    RequestHeadTimeout(Duration timeout) {
        this.timeout = timeout;
    }

    /** The part that goes before the HTTP decoder. */
    ChannelHandler bytes() {
        return bytes;
    }

    /** The part that goes after the HTTP decoder. */
    ChannelHandler heads() {
        return heads;
    }

    private void arm(ChannelHandlerContext ctx) {
        cancel();
        deadline = ctx.executor().schedule(() -> expire(ctx), timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    private void cancel() {
        if (deadline != null) {
            deadline.cancel(false);
            deadline = null;
        }
    }

    private void expire(ChannelHandlerContext ctx) {
        deadline = null;
        if (state != State.READING_HEAD || !ctx.channel().isActive()) {
            return;
        }
        if (McpRequestHandler.isBusy(ctx.channel())) {
            // The next pipelined head may wait for the exchange in flight; its time counts again from here.
            arm(ctx);
            return;
        }
        state = State.EXPIRED;
        if (!sawBytes) {
            log.debug("[{}] no request within {} ms of the accept; closing", ctx.channel().id(), timeout.toMillis());
            ctx.close();
            return;
        }
        log.debug("[{}] request head not complete within {} ms; answering 408", ctx.channel().id(),
                timeout.toMillis());
        ChannelHandlerContext writer = headsContext == null ? ctx : headsContext;
        ClientResponses.closeAfterLinger(ctx, ClientResponses.rejectionWritten(writer,
                FramingRejections.headTimeout(timeout)), timeout);
    }

    /** Sees bytes arrive before the decoder: a request's first byte starts its deadline. */
    private final class BytesSide extends ChannelInboundHandlerAdapter {
        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            arm(ctx);
            ctx.fireChannelActive();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (state == State.EXPIRED) {
                ReferenceCountUtil.release(msg);
                return;
            }
            if (msg instanceof ByteBuf buf && buf.isReadable()) {
                sawBytes = true;
                if (state == State.IDLE) {
                    state = State.READING_HEAD;
                    arm(ctx);
                }
            }
            ctx.fireChannelRead(msg);
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
            if (evt instanceof ChannelInputShutdownEvent && state == State.EXPIRED) {
                ctx.close();
                return;
            }
            ctx.fireUserEventTriggered(evt);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            cancel();
            ctx.fireChannelInactive();
        }
    }

    /** Sees the decoded messages: a head ends the deadline, the end of a request readies the next one's. */
    private final class HeadsSide extends ChannelInboundHandlerAdapter {
        @Override
        public void handlerAdded(ChannelHandlerContext ctx) {
            headsContext = ctx;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof HttpRequest) {
                cancel();
                state = State.AFTER_HEAD;
            }
            if (msg instanceof LastHttpContent && state == State.AFTER_HEAD) {
                state = State.IDLE;
                sawBytes = false;
            }
            ctx.fireChannelRead(msg);
        }
    }
}
