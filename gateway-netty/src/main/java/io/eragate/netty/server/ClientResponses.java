package io.eragate.netty.server;

import io.eragate.core.frontdoor.Rejection;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Writes complete responses that the gateway produces itself: rejections and empty acknowledgements. */
public final class ClientResponses {

    private ClientResponses() {
    }

    /** Writes {@code rejection} as an HTTP response with its JSON-RPC body; closes afterwards unless keep-alive. */
    public static ChannelFuture writeRejection(ChannelHandlerContext ctx, Rejection rejection, boolean keepAlive) {
        return write(ctx, build(rejection), keepAlive);
    }

    /** {@code rejection} as a complete response for a handler that writes it itself; says close unless keep-alive. */
    static FullHttpResponse rejectionResponse(Rejection rejection, boolean keepAlive) {
        return prepare(build(rejection), keepAlive);
    }

    /**
     * Writes {@code rejection} with {@code Connection: close} and leaves the closing to the caller, which may first
     * shut only the output so that the answer is not lost to a reset.
     */
    static ChannelFuture rejectionWritten(ChannelHandlerContext ctx, Rejection rejection) {
        return ctx.writeAndFlush(prepare(build(rejection), false));
    }

    /**
     * Once {@code written} is out, shuts only the output and closes after {@code linger} at the latest (or when the
     * client closes its side, which the caller watches for): closing with input still unread would reset the
     * connection, and the reset could destroy the answer in the client's buffers before it is read.
     */
    static void closeAfterLinger(ChannelHandlerContext ctx, ChannelFuture written, Duration linger) {
        written.addListener((ChannelFutureListener) done -> {
            if (done.isSuccess() && ctx.channel() instanceof DuplexChannel duplex) {
                duplex.shutdownOutput();
                ctx.executor().schedule(() -> {
                    ctx.close();
                }, linger.toNanos(), TimeUnit.NANOSECONDS);
            } else {
                ctx.close();
            }
        });
    }

    /** Writes a body-less response with {@code status}. */
    public static ChannelFuture writeEmpty(ChannelHandlerContext ctx, HttpResponseStatus status, boolean keepAlive) {
        return write(ctx, new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.EMPTY_BUFFER), keepAlive);
    }

    /** Writes one JSON body (a JSON-RPC message) with {@code status}. */
    public static ChannelFuture writeJson(ChannelHandlerContext ctx, HttpResponseStatus status, byte[] body,
            boolean keepAlive) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                Unpooled.wrappedBuffer(body));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON);
        return write(ctx, response, keepAlive);
    }

    private static FullHttpResponse build(Rejection rejection) {
        byte[] body = rejection.body();
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(rejection.httpStatus()), Unpooled.wrappedBuffer(body));
        if (body.length > 0) {
            response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON);
        }
        for (Map.Entry<String, String> header : rejection.headers().entrySet()) {
            response.headers().set(header.getKey(), header.getValue());
        }
        return response;
    }

    private static FullHttpResponse prepare(FullHttpResponse response, boolean keepAlive) {
        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes());
        if (!keepAlive) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        return response;
    }

    private static ChannelFuture write(ChannelHandlerContext ctx, FullHttpResponse response, boolean keepAlive) {
        ChannelFuture future = ctx.writeAndFlush(prepare(response, keepAlive));
        if (!keepAlive) {
            future.addListener(ChannelFutureListener.CLOSE);
        }
        return future;
    }
}
