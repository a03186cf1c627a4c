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
import java.util.ArrayList;
import java.util.List;

/**
 * Hands an upstream answer to the client as it arrives, never aggregated: the framing follows the upstream's
 * ({@code Content-Length} kept; otherwise chunked, or the end of the connection for an HTTP/1.0 client), an SSE
 * stream is flushed head first and then chunk by chunk, and any other answer leaves in one flush with its head,
 * since a client can use none of it before its end. Such an answer is held, head and all, until its end or until
 * {@value #MAX_HELD_BYTES} bytes of it came: an upstream that fails before then has sent the client nothing, so
 * the client can still get a JSON-RPC error for its id ({@link #takeBack()}) rather than a cut body. Reading from
 * the upstream pauses while the client cannot take more.
 *
 * <p>Threading: used on the client channel's event loop.
 */
public final class ClientRelay {
    /** The most of a non-stream answer held back before it is written; most JSON answers are far smaller. */
    static final int MAX_HELD_BYTES = 64 * 1024;

    private final ChannelHandlerContext client;
    private final boolean keepAlive;
    private final boolean clientAcceptsChunked;
    private boolean streaming;
    private boolean closeAfterResponse;
    /** The bytes relayed so far end an SSE event (or nothing was relayed): an event of our own may follow. */
    private boolean atEventBoundary = true;
    /** The head of a non-stream answer not written yet, and the parts of its body held with it. */
    private HttpResponse heldHead;
    private final List<HttpContent> held = new ArrayList<>();
    private long heldBytes;

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
            heldHead = response;
        }
    }

    /**
     * Takes back an answer of which nothing was written yet, releasing what was held, so that the caller may answer
     * with an error of its own instead; also releases what is held when the exchange ends unanswered.
     *
     * @return whether nothing of the answer reached the client
     */
    public boolean takeBack() {
        if (heldHead == null) {
            return false;
        }
        heldHead = null;
        held.forEach(HttpContent::release);
        held.clear();
        heldBytes = 0;
        return true;
    }

    private void writeHeld() {
        if (heldHead != null) {
            client.write(heldHead);
            heldHead = null;
            held.forEach(client::write);
            held.clear();
        }
    }

    /**
     * Passes one part of the body on; the last one ends the client's answer (and its connection when it must).
     *
     * @param pauseUpstream pauses the upstream call while the client's buffer is full
     */
    public void relay(HttpContent content, boolean last, Runnable pauseUpstream) {
        if (!last && heldHead != null) {
            held.add(content);
            heldBytes += content.content().readableBytes();
            if (heldBytes <= MAX_HELD_BYTES) {
                return;
            }
            writeHeld();
            return;
        }
        writeHeld();
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
        takeBack();
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
