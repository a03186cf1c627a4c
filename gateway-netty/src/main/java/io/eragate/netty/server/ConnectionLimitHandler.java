package io.eragate.netty.server;

import io.eragate.core.exchange.ErrorTypes;
import io.eragate.core.exchange.ExchangeObserver;
import io.eragate.core.exchange.OutcomeRecorder;
import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.frontdoor.Rejections;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import io.eragate.netty.client.ClientResponses;

/**
 * Refuses a new client connection while {@code limits.maxConnections} are already open: it is answered at once with a
 * 503 and a JSON-RPC error naming the limit, and closed.
 *
 * <p>The answer is written before any request was read (so it has no id), in raw bytes since this handler sits in
 * front of the HTTP codec. Closing right after it could reset the connection while the client is still sending,
 * and the reset would discard the answer in the client's buffers; so only the output is shut, what the client sends
 * is read and dropped, and the connection closes when the client closes its side (the end of its input closes the
 * channel) or after
 * {@code limits.idleTimeout} at the latest. A refused connection still counts against the limit until it closes.
 */
@ChannelHandler.Sharable
final class ConnectionLimitHandler extends ChannelInboundHandlerAdapter {
    private static final Logger log = LoggerFactory.getLogger(ConnectionLimitHandler.class);
    private static final AttributeKey<Boolean> REFUSED = AttributeKey.valueOf(ConnectionLimitHandler.class,
            "refused");

    private final int maxConnections;
    private final Duration linger;
    private final byte[] refusal;
    private final Rejection rejection;
    private final ExchangeObserver observer;
    private final AtomicInteger open = new AtomicInteger();

    /**
     * @param maxConnections {@code limits.maxConnections}
     * @param linger the longest a refused connection stays open after its answer ({@code limits.idleTimeout})
     */
    ConnectionLimitHandler(int maxConnections, Duration linger) {
        this(maxConnections, linger, ExchangeObserver.NONE);
    }

    /** Like {@link #ConnectionLimitHandler(int, Duration)}, reporting each refusal to {@code observer}. */
    ConnectionLimitHandler(int maxConnections, Duration linger, ExchangeObserver observer) {
        this.maxConnections = maxConnections;
        this.linger = linger;
        this.rejection = Rejections.tooManyConnections(maxConnections);
        this.refusal = encode(rejection);
        this.observer = observer;
    }

    /** Client connections open now, refused ones included. */
    int openConnections() {
        return open.get();
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        if (open.incrementAndGet() > maxConnections) {
            log.warn("[{}] refusing connection: {} already open (limits.maxConnections)", ctx.channel().id(),
                    maxConnections);
            refuse(ctx);
            return;
        }
        ctx.fireChannelActive();
    }

    private void refuse(ChannelHandlerContext ctx) {
        ctx.channel().attr(REFUSED).set(Boolean.TRUE);
        // A refused connection is answered before any request is read: it counts as one rejected request.
        OutcomeRecorder outcome = new OutcomeRecorder(observer,
                ctx.channel().remoteAddress() instanceof InetSocketAddress address && address.getAddress() != null
                        ? address.getAddress().getHostAddress() : null);
        outcome.status(rejection.httpStatus());
        outcome.errorType(ErrorTypes.REJECTED);
        outcome.jsonRpcErrorCode(rejection.error().code());
        outcome.addBytesOut(rejection.body().length);
        outcome.finish(true, System.nanoTime());
        ClientResponses.closeAfterLinger(ctx, ctx.writeAndFlush(Unpooled.wrappedBuffer(refusal)), linger);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (Boolean.TRUE.equals(ctx.channel().attr(REFUSED).get())) {
            ReferenceCountUtil.release(msg);
            return;
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof ChannelInputShutdownEvent && Boolean.TRUE.equals(ctx.channel().attr(REFUSED).get())) {
            // Connections allow half-closure; a refused one has said all it will, and its answer is out.
            ctx.close();
            return;
        }
        ctx.fireUserEventTriggered(evt);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        open.decrementAndGet();
        ctx.fireChannelInactive();
    }

    private static byte[] encode(Rejection rejection) {
        byte[] body = rejection.body();
        StringBuilder head = new StringBuilder()
                .append("HTTP/1.1 ").append(rejection.httpStatus()).append(" Service Unavailable\r\n")
                .append("Content-Type: ").append(rejection.contentType()).append("\r\n")
                .append("Content-Length: ").append(body.length).append("\r\n");
        for (Map.Entry<String, String> header : rejection.headers().entrySet()) {
            head.append(header.getKey()).append(": ").append(header.getValue()).append("\r\n");
        }
        head.append("Connection: close\r\n\r\n");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes(head.toString().getBytes(StandardCharsets.US_ASCII));
        bytes.writeBytes(body);
        return bytes.toByteArray();
    }
}
