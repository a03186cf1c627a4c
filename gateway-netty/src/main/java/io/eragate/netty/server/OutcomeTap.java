package io.eragate.netty.server;

import io.eragate.core.exchange.AnswerSniffer;
import io.eragate.core.exchange.ExchangeObserver;
import io.eragate.core.exchange.OutcomeRecorder;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.FastThreadLocal;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;

/**
 * Sees every request and every answer of one client connection, right behind the HTTP codec, and reports one
 * {@link io.eragate.core.exchange.ExchangeOutcome} per request: when the last part of its answer is written, or
 * when the connection ends first (then the request counts as cancelled unless its exchange recorded a cause).
 * Since HTTP/1.1 answers requests in order, the oldest open request is the one being answered; the handlers
 * behind this one enrich its {@link OutcomeRecorder} (route, upstream, method, cause) through
 * {@link #answering(Channel)}.
 *
 * <p>Being the one place that watches the wire, it covers every rejection of every handler behind it, every
 * exchange kind, and requests that were still queued when the connection ended.
 */
final class OutcomeTap extends ChannelDuplexHandler {
    /** One array per event loop to show answers to their sniffer; per connection it would cost idle streams memory. */
    private static final FastThreadLocal<byte[]> SCRATCH = new FastThreadLocal<>() {
        @Override
        protected byte[] initialValue() {
            return new byte[8192];
        }
    };
    private final ExchangeObserver observer;
    private final ArrayDeque<OutcomeRecorder> open = new ArrayDeque<>();
    private OutcomeRecorder reading;
    private AnswerSniffer sniffer;
    /** The client's address as text, formatted once per connection rather than once per request. */
    private String clientAddress;

    OutcomeTap(ExchangeObserver observer) {
        this.observer = observer;
    }

    /**
     * The recorder of the request {@code channel} is answering now, or a detached one (reported nowhere) when the
     * channel has no tap, as in a handler test.
     */
    static OutcomeRecorder answering(Channel channel) {
        OutcomeTap tap = channel.pipeline().get(OutcomeTap.class);
        OutcomeRecorder recorder = tap == null ? null : tap.open.peekFirst();
        return recorder != null ? recorder : new OutcomeRecorder(ExchangeObserver.NONE, null);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpRequest) {
            reading = new OutcomeRecorder(observer, clientAddress(ctx));
            open.addLast(reading);
        }
        if (msg instanceof HttpContent content && reading != null) {
            reading.addBytesIn(content.content().readableBytes());
            if (msg instanceof LastHttpContent) {
                reading.started(System.nanoTime());
            }
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        try {
            look(ctx, msg);
        } finally {
            ctx.write(msg, promise);
        }
    }

    private void look(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpResponse response) {
            if (response.status().codeClass() == io.netty.handler.codec.http.HttpStatusClass.INFORMATIONAL) {
                return;
            }
            if (open.isEmpty()) {
                // An answer to nothing read yet (a connection refused up front): it still counts once.
                open.addLast(new OutcomeRecorder(observer, clientAddress(ctx)));
            }
            open.peekFirst().status(response.status().code());
            sniffer = AnswerSniffer.forContentType(response.headers().get(HttpHeaderNames.CONTENT_TYPE));
        }
        if (msg instanceof HttpContent content && sniffer != null && !open.isEmpty()) {
            ByteBuf bytes = content.content();
            open.peekFirst().addBytesOut(bytes.readableBytes());
            if (sniffer.wantsBytes() && bytes.isReadable()) {
                feed(sniffer, bytes);
            }
            if (msg instanceof LastHttpContent || msg instanceof FullHttpResponse) {
                OutcomeRecorder done = open.pollFirst();
                done.jsonRpcErrorCode(sniffer.errorCode());
                sniffer = null;
                if (done == reading) {
                    reading = null;
                }
                done.finish(true, System.nanoTime());
            }
        }
    }

    /**
     * Shows {@code bytes} to {@code sniffer} through the event loop's scratch array, a slice at a time: the sniffer
     * copies what it keeps, so no answer needs an array of its own.
     */
    private static void feed(AnswerSniffer sniffer, ByteBuf bytes) {
        byte[] scratch = SCRATCH.get();
        int at = bytes.readerIndex();
        int end = bytes.writerIndex();
        while (at < end && sniffer.wantsBytes()) {
            int length = Math.min(scratch.length, end - at);
            bytes.getBytes(at, scratch, 0, length);
            sniffer.feed(scratch, 0, length);
            at += length;
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        // The handlers behind first: an exchange that is cancelled now may still record why.
        ctx.fireChannelInactive();
        OutcomeRecorder unfinished;
        while ((unfinished = open.pollFirst()) != null) {
            if (sniffer != null) {
                unfinished.jsonRpcErrorCode(sniffer.errorCode());
                sniffer = null;
            }
            unfinished.finish(false, System.nanoTime());
        }
        reading = null;
    }

    private String clientAddress(ChannelHandlerContext ctx) {
        if (clientAddress == null) {
            clientAddress = formatAddress(ctx.channel());
        }
        return clientAddress;
    }

    private static String formatAddress(Channel channel) {
        return channel.remoteAddress() instanceof InetSocketAddress address && address.getAddress() != null
                ? address.getAddress().getHostAddress() : null;
    }
}
