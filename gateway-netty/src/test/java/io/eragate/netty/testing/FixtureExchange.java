package io.eragate.netty.testing;

import com.fasterxml.jackson.databind.JsonNode;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.GenericFutureListener;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * One request/response exchange on a fixture connection, and the only place fixtures write HTTP from.
 *
 * <p>Threading: every method runs on the connection's event loop (handlers call it there, scheduled work is
 * scheduled there, and the fixtures' test hooks hop onto {@link #executor()}), so the fields need no
 * synchronisation.
 */
final class FixtureExchange {
    private final ChannelHandlerContext ctx;
    private final RecordedRequest request;
    private final boolean keepAlive;
    private final BooleanSupplier fixtureClosing;
    private final GenericFutureListener<Future<Void>> onConnectionClosed = future -> connectionClosed();
    private final List<Runnable> endListeners = new ArrayList<>(1);
    private boolean finished;
    private boolean workStopped;

    FixtureExchange(ChannelHandlerContext ctx, RecordedRequest request, boolean keepAlive,
                    BooleanSupplier fixtureClosing) {
        this.ctx = ctx;
        this.request = request;
        this.keepAlive = keepAlive;
        this.fixtureClosing = fixtureClosing;
        ctx.channel().closeFuture().addListener(onConnectionClosed);
    }

    RecordedRequest request() {
        return request;
    }

    /** The request path without the query. */
    String path() {
        return new QueryStringDecoder(request.uri()).path();
    }

    EventExecutor executor() {
        return ctx.executor();
    }

    boolean isFinished() {
        return finished;
    }

    /** Runs {@code listener} once when this exchange ends: answered, aborted, or its connection closed. */
    void onEnd(Runnable listener) {
        if (finished) {
            listener.run();
        } else {
            endListeners.add(listener);
        }
    }

    /**
     * Runs {@code task} after {@code delayMillis} unless the exchange has ended, its connection closed or its work
     * was stopped by then: a client that went away gets nothing more.
     */
    void schedule(Runnable task, long delayMillis) {
        ctx.executor().schedule(() -> {
            if (!finished && !workStopped && ctx.channel().isActive()) {
                task.run();
            }
        }, delayMillis, TimeUnit.MILLISECONDS);
    }

    /** Drops the pending scheduled work of this exchange (a legacy cancellation) and leaves the response open. */
    void stopWork() {
        workStopped = true;
    }

    void respond(HttpResponseStatus status, String contentType, byte[] body, Map<String, String> headers) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                Unpooled.wrappedBuffer(body));
        headers.forEach((name, value) -> response.headers().set(name, value));
        if (contentType != null) {
            response.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType);
        }
        HttpUtil.setContentLength(response, body.length);
        finish(response);
    }

    void respondJson(HttpResponseStatus status, JsonNode body, Map<String, String> headers) {
        respond(status, "application/json", JsonRpcWire.bytes(body), headers);
    }

    void respondEmpty(HttpResponseStatus status, Map<String, String> headers) {
        respond(status, null, new byte[0], headers);
    }

    /** Sends {@code 200 text/event-stream} headers (chunked, flushed now) and returns the stream to write events to. */
    SseStream openSse(Map<String, String> headers, boolean eventIds) {
        checkNotFinished();
        HttpResponse response = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        headers.forEach((name, value) -> response.headers().set(name, value));
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream")
                .set(HttpHeaderNames.CACHE_CONTROL, "no-cache")
                .set("X-Accel-Buffering", "no")
                .set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
        HttpUtil.setKeepAlive(response, keepAlive);
        // The head leaves once the running task is over, so that a caller registering the stream (a GET stream that
        // tests send on as soon as the client has the head) has done so by the time the client sees it.
        ctx.write(response);
        ctx.executor().execute(ctx::flush);
        return new SseStream(this, eventIds);
    }

    /** Writes one chunk of an open SSE response and flushes it, so each event leaves as soon as it is written. */
    ChannelFuture writeChunk(String text) {
        checkNotFinished();
        return ctx.writeAndFlush(new DefaultHttpContent(Unpooled.copiedBuffer(text, StandardCharsets.UTF_8)));
    }

    /** Ends an open SSE response with the terminating chunk. */
    void endChunked() {
        finish(LastHttpContent.EMPTY_LAST_CONTENT);
    }

    /** Closes the connection at once, mid-response if one is open: the peer sees a truncated body. */
    void abort() {
        end();
        ctx.channel().close();
    }

    private void finish(Object lastMessage) {
        checkNotFinished();
        if (lastMessage instanceof HttpResponse response) {
            HttpUtil.setKeepAlive(response, keepAlive);
        }
        end();
        ChannelFuture written = ctx.writeAndFlush(lastMessage);
        if (!keepAlive) {
            written.addListener(ChannelFutureListener.CLOSE);
        }
    }

    private void end() {
        if (finished) {
            return;
        }
        finished = true;
        ctx.channel().closeFuture().removeListener(onConnectionClosed);
        endListeners.forEach(Runnable::run);
        endListeners.clear();
    }

    private void connectionClosed() {
        if (!finished && !fixtureClosing.getAsBoolean()) {
            request.closedByClient().complete(null);
        }
        end();
    }

    private void checkNotFinished() {
        if (finished) {
            throw new IllegalStateException("Exchange already answered: " + request);
        }
    }
}
