package io.eragate.netty.client;

import io.eragate.core.frontdoor.Rejection;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.eragate.core.sse.SseEncoder;
import io.eragate.core.sse.SseEvent;
import java.nio.charset.StandardCharsets;

/**
 * The answer to one client request as the bridge writes it: a single JSON response when the final message is all
 * there is to send, or an SSE stream, opened at the first notification that must reach the client before the
 * result, with a flush per event.
 */
public final class ClientStream {
    private final ChannelHandlerContext client;
    private final boolean keepAlive;
    private boolean streaming;

    /** A stream for the answer to one request of {@code client}. */
    public ClientStream(ChannelHandlerContext client, boolean keepAlive) {
        this.client = client;
        this.keepAlive = keepAlive;
    }

    /** Whether the SSE stream has begun (and so the status is already 200). */
    public boolean isStreaming() {
        return streaming;
    }

    /** Sends a notification before the final answer, opening the SSE stream if needed. */
    public void event(byte[] json) {
        if (!streaming) {
            streaming = true;
            HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
            head.headers()
                    .set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream")
                    .set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_CACHE)
                    .set("X-Accel-Buffering", "no");
            if (keepAlive) {
                HttpUtil.setTransferEncodingChunked(head, true);
            } else {
                head.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            }
            client.write(head);
        }
        client.writeAndFlush(new DefaultHttpContent(Unpooled.wrappedBuffer(encode(json))));
    }

    /** Sends the final answer and ends the response; {@code status} applies only when no stream was opened. */
    public void finish(int status, byte[] json) {
        if (streaming) {
            client.writeAndFlush(new DefaultLastHttpContent(Unpooled.wrappedBuffer(encode(json))))
                    .addListener(keepAlive ? ChannelFutureListener.CLOSE_ON_FAILURE : ChannelFutureListener.CLOSE);
            return;
        }
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(status), Unpooled.wrappedBuffer(json));
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, json.length);
        if (!keepAlive) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        client.writeAndFlush(response)
                .addListener(keepAlive ? ChannelFutureListener.CLOSE_ON_FAILURE : ChannelFutureListener.CLOSE);
    }

    /**
     * Refuses the request: a JSON-RPC error response, or, when the stream has begun (status 200 already sent), the
     * same error for the request's id as the stream's last event, so that the client's call ends with an answer and
     * the body ends properly.
     */
    public void reject(Rejection rejection) {
        if (streaming) {
            finish(rejection.httpStatus(), rejection.body());
        } else {
            ClientResponses.writeRejection(client, rejection, keepAlive);
        }
    }

    /** Ends an open stream without a result: the upstream failed mid-answer, and no fake result is sent. */
    public void abortStream() {
        client.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }

    private static byte[] encode(byte[] json) {
        return SseEncoder.encode(SseEvent.message(new String(json, StandardCharsets.UTF_8)));
    }
}
