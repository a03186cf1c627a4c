package io.eragate.netty.upstream;

import io.eragate.core.mcp.McpHeaders;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Sends one request upstream and reads the whole answer into memory, up to a bound; for the gateway's own small
 * exchanges (probes, {@code initialize}, acknowledgements), never for client traffic.
 */
public final class BufferedUpstreamCall {

    private BufferedUpstreamCall() {
    }

    /**
     * Sends {@code request} on {@code pool}'s loop (hopping there if needed); the future completes with the whole
     * answer, or fails with the connection error, a timeout, or an {@link IOException} when the body exceeds
     * {@code maxBodyBytes}.
     */
    public static CompletableFuture<UpstreamReply> send(UpstreamChannelPool pool, UpstreamTarget target,
            FullHttpRequest request, Duration timeout, int maxBodyBytes) {
        CompletableFuture<UpstreamReply> reply = new CompletableFuture<>();
        EventLoop loop = pool.eventLoop();
        Runnable start = () -> {
            Collector collector = new Collector(reply, maxBodyBytes);
            collector.call = UpstreamCall.start(pool, target, request, timeout, collector);
            ScheduledFuture<?> deadline = loop.schedule(() -> {
                if (!reply.isDone()) {
                    collector.call.abort();
                    collector.release();
                    reply.completeExceptionally(new UpstreamTimeoutException(
                            "upstream " + target.name() + " did not answer within " + timeout.toMillis() + " ms",
                            timeout));
                }
            }, timeout.toNanos(), TimeUnit.NANOSECONDS);
            // A deadline left scheduled would keep the call and its answer reachable until it fires.
            reply.whenComplete((answered, failure) -> deadline.cancel(false));
        };
        if (loop.inEventLoop()) {
            start.run();
        } else {
            loop.execute(start);
        }
        return reply;
    }

    /** Gathers one answer. */
    private static final class Collector implements UpstreamCall.Handler {
        private final CompletableFuture<UpstreamReply> reply;
        private final int maxBodyBytes;
        private CompositeByteBuf body = Unpooled.compositeBuffer();
        private HttpResponse head;
        UpstreamCall call;

        Collector(CompletableFuture<UpstreamReply> reply, int maxBodyBytes) {
            this.reply = reply;
            this.maxBodyBytes = maxBodyBytes;
        }

        @Override
        public void onHead(HttpResponse response) {
            head = response;
        }

        @Override
        public void onContent(HttpContent content, boolean last) {
            if (body == null) {
                content.release();
                return;
            }
            if (body.readableBytes() + content.content().readableBytes() > maxBodyBytes) {
                content.release();
                call.abort();
                release();
                reply.completeExceptionally(new IOException("upstream answer larger than " + maxBodyBytes
                        + " bytes"));
                return;
            }
            body.addComponent(true, content.content().retain());
            content.release();
            if (last) {
                byte[] bytes = ByteBufUtil.getBytes(body);
                release();
                reply.complete(new UpstreamReply(head.status().code(),
                        head.headers().get(HttpHeaderNames.CONTENT_TYPE, ""),
                        head.headers().get(McpHeaders.SESSION_ID), bytes));
            }
        }

        @Override
        public void onFailure(Throwable cause, boolean beforeHead) {
            release();
            reply.completeExceptionally(cause);
        }

        void release() {
            if (body != null) {
                body.release();
                body = null;
            }
        }
    }
}
