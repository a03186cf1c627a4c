package io.eragate.netty.legacyrelay;

import io.eragate.core.sse.SseEncoder;
import io.eragate.core.sse.SseEvent;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import java.nio.charset.StandardCharsets;

/**
 * The rest of a legacy client's POST answer once the relay holds it open: an SSE stream whose head is already
 * written, to which the relay adds one event per JSON-RPC message and, at the end, the last chunk.
 *
 * <p>Threading: used on the client channel's event loop.
 */
final class RelayedStream {

    private final ChannelHandlerContext client;
    private final boolean keepAlive;
    private boolean ended;

    RelayedStream(ChannelHandlerContext client, boolean keepAlive) {
        this.client = client;
        this.keepAlive = keepAlive;
    }

    /** Sends one message as an SSE event. */
    void send(byte[] message) {
        if (ended || !client.channel().isActive()) {
            return;
        }
        client.writeAndFlush(new DefaultHttpContent(Unpooled.wrappedBuffer(event(message))));
    }

    /** Sends the final message (none when {@code null}) and ends the answer. */
    void end(byte[] message) {
        if (ended) {
            return;
        }
        ended = true;
        if (!client.channel().isActive()) {
            return;
        }
        DefaultLastHttpContent last = new DefaultLastHttpContent(message == null ? Unpooled.EMPTY_BUFFER
                : Unpooled.wrappedBuffer(event(message)));
        client.writeAndFlush(last).addListener(keepAlive ? ChannelFutureListener.CLOSE_ON_FAILURE
                : ChannelFutureListener.CLOSE);
    }

    /** Sends an SSE comment, so that idle proxies and the gateway's own idle check keep the stream. */
    void keepAlive() {
        if (!ended && client.channel().isActive()) {
            client.writeAndFlush(new DefaultHttpContent(Unpooled.wrappedBuffer(SseEncoder.comment(""))));
        }
    }

    /** Whether the answer has ended. */
    boolean ended() {
        return ended;
    }

    private static byte[] event(byte[] message) {
        return SseEncoder.encode(SseEvent.message(new String(message, StandardCharsets.UTF_8)));
    }
}
