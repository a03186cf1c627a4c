package io.eragate.netty.client;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;

/**
 * Hands an upstream answer to the client as it arrives, never aggregated: the framing follows the upstream's
 * ({@code Content-Length} kept; otherwise chunked, or the end of the connection for an HTTP/1.0 client), an SSE
 * stream is flushed head first and then chunk by chunk, and any other answer leaves in one flush with its head,
 * since a client can use none of it before its end. Reading from the upstream pauses while the client cannot take
 * more.
 *
 * <p>Threading: used on the client channel's event loop.
 */
public final class ClientRelay {
    private final ChannelHandlerContext client;
    private final boolean keepAlive;
    private final boolean clientAcceptsChunked;
    private boolean streaming;
    private boolean closeAfterResponse;
    /** The bytes relayed so far end an SSE event (or nothing was relayed): an event of our own may follow. */
    private boolean atEventBoundary = true;

    public ClientRelay(ChannelHandlerContext client, boolean keepAlive, boolean clientAcceptsChunked) {
        this.client = client;
        this.keepAlive = keepAlive;
        this.clientAcceptsChunked = clientAcceptsChunked;
    }

    /**
     * Sends the head of the client's answer.
     *
     * @param response the status and the headers the caller chose to pass on; framing headers are set here
     * @param upstreamHead the upstream's head, whose framing is followed
     * @param sse whether the answer is an event stream
     */
    public void begin(HttpResponse response, HttpResponse upstreamHead, boolean sse) {
        streaming = sse;
        closeAfterResponse = !keepAlive;
        if (sse) {
            response.headers().set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_CACHE);
            response.headers().set("X-Accel-Buffering", "no");
        }
        if (!sse && HttpUtil.isContentLengthSet(upstreamHead)) {
            response.headers().set(HttpHeaderNames.CONTENT_LENGTH,
                    upstreamHead.headers().get(HttpHeaderNames.CONTENT_LENGTH));
        } else if (keepAlive && clientAcceptsChunked) {
            HttpUtil.setTransferEncodingChunked(response, true);
        } else {
            // HTTP/1.0 has no chunked coding: the end of a body of unknown length is the end of the connection.
            closeAfterResponse = true;
        }
        if (closeAfterResponse) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        if (sse) {
            client.writeAndFlush(response);
        } else {
            client.write(response);
        }
    }

    /**
     * Passes one part of the body on; the last one ends the client's answer (and its connection when it must).
     *
     * @param pauseUpstream pauses the upstream call while the client's buffer is full
     */
    public void relay(HttpContent content, boolean last, Runnable pauseUpstream) {
        if (last) {
            client.writeAndFlush(new DefaultLastHttpContent(content.content()))
                    .addListener(closeAfterResponse ? ChannelFutureListener.CLOSE
                            : ChannelFutureListener.CLOSE_ON_FAILURE);
            return;
        }
        if (streaming) {
            atEventBoundary = endsAnEvent(content.content(), atEventBoundary);
            client.writeAndFlush(content);
        } else {
            client.write(content);
        }
        if (!client.channel().isWritable()) {
            pauseUpstream.run();
            client.flush();
        }
    }

    /** Whether the answer is an event stream, to which a terminal event of the gateway's own may be added. */
    public boolean isEventStream() {
        return streaming;
    }

    /**
     * Ends an event stream early with {@code event} (a complete SSE event: the JSON-RPC error for the request), so
     * that the client gets an answer for its id and a properly ended body rather than a cut. An event the upstream
     * left unfinished is closed first; the client sees it as one malformed event before the error.
     */
    public void endWithEvent(byte[] event) {
        ByteBuf tail = client.alloc().buffer(event.length + 2);
        if (!atEventBoundary) {
            tail.writeByte('\n').writeByte('\n');
        }
        tail.writeBytes(event);
        client.writeAndFlush(new DefaultLastHttpContent(tail))
                .addListener(closeAfterResponse ? ChannelFutureListener.CLOSE : ChannelFutureListener.CLOSE_ON_FAILURE);
    }

    /** Ends an answer that cannot take an event of ours (a JSON body under way): the connection is closed. */
    public void cut() {
        client.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }

    private static boolean endsAnEvent(ByteBuf bytes, boolean before) {
        int end = bytes.writerIndex();
        if (bytes.readableBytes() == 0) {
            return before;
        }
        if (bytes.readableBytes() < 2) {
            return false;
        }
        byte last = bytes.getByte(end - 1);
        byte previous = bytes.getByte(end - 2);
        return last == '\n' && (previous == '\n' || previous == '\r' && bytes.readableBytes() >= 4
                && bytes.getByte(end - 3) == '\n');
    }
}
