package io.eragate.netty.federation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.route.UpstreamAnswer;
import io.eragate.core.sse.SseEvent;
import io.eragate.core.sse.SseLimitExceededException;
import io.eragate.core.sse.SseParser;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoop;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.local.LocalAddress;
import io.netty.channel.local.LocalChannel;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.util.concurrent.ScheduledFuture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One request of a fan-out to one upstream, over the in-process loopback, with the route's per-upstream deadline. The
 * future always completes normally: with the upstream's result, or with why it is left out. The answer is read whole
 * (lists and discovery are small and bounded by {@code maxBytes}); an SSE answer yields its final JSON-RPC response.
 */
final class FanOutCall {

    private static final int MAX_SSE_LINE = 1024 * 1024;

    private FanOutCall() {
    }

    /** Sends {@code request} on {@code loop}; a call that {@code cancel} completes ends at once, its channel closed. */
    static CompletableFuture<UpstreamAnswer> send(EventLoop loop, LocalAddress loopback, InternalRequest request,
            Duration timeout, int maxBytes) {
        CompletableFuture<UpstreamAnswer> answer = new CompletableFuture<>();
        String upstream = request.upstream();
        AtomicReference<Channel> open = new AtomicReference<>();
        ChannelFuture connected = new Bootstrap().group(loop).channel(LocalChannel.class)
                .handler(new ChannelInitializer<LocalChannel>() {
                    @Override
                    protected void initChannel(LocalChannel channel) {
                        channel.pipeline().addLast(new HttpObjectAggregator(maxBytes), new Reply(upstream, answer));
                    }
                })
                .connect(loopback);
        connected.addListener((ChannelFutureListener) future -> {
            if (!future.isSuccess()) {
                answer.complete(unavailable(upstream, UpstreamAnswer.Reason.UNREACHABLE));
                return;
            }
            open.set(future.channel());
            future.channel().writeAndFlush(request);
        });
        ScheduledFuture<?> deadline = loop.schedule(
                () -> answer.complete(unavailable(upstream, UpstreamAnswer.Reason.TIMEOUT)),
                timeout.toNanos(), TimeUnit.NANOSECONDS);
        answer.whenComplete((done, failure) -> {
            deadline.cancel(false);
            Channel channel = open.get();
            if (channel != null) {
                channel.close();
            } else {
                connected.addListener((ChannelFutureListener) future -> future.channel().close());
            }
        });
        return answer;
    }

    private static UpstreamAnswer unavailable(String upstream, UpstreamAnswer.Reason reason) {
        return new UpstreamAnswer.Unavailable(upstream, reason);
    }

    /** Reads the one answer and turns it into an {@link UpstreamAnswer}. */
    private static final class Reply extends SimpleChannelInboundHandler<Object> {
        private final String upstream;
        private final CompletableFuture<UpstreamAnswer> answer;

        Reply(String upstream, CompletableFuture<UpstreamAnswer> answer) {
            this.upstream = upstream;
            this.answer = answer;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof FullHttpResponse response) {
                answer.complete(read(upstream, response));
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            answer.complete(unavailable(upstream, UpstreamAnswer.Reason.UNREACHABLE));
            ctx.fireChannelInactive();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            answer.complete(unavailable(upstream, UpstreamAnswer.Reason.UNREACHABLE));
            ctx.close();
        }
    }

    /** The answer in a response: its JSON-RPC result, or why it is unavailable. */
    static UpstreamAnswer read(String upstream, FullHttpResponse response) {
        int status = response.status().code();
        if (status != 200) {
            return unavailable(upstream, status == 504 ? UpstreamAnswer.Reason.TIMEOUT
                    : status == 502 ? UpstreamAnswer.Reason.UNREACHABLE : UpstreamAnswer.Reason.REFUSED);
        }
        byte[] body = ByteBufUtil.getBytes(response.content());
        String contentType = response.headers().get(HttpHeaderNames.CONTENT_TYPE, "");
        JsonNode message = contentType.startsWith("text/event-stream") ? lastResponse(body) : parse(body);
        JsonNode result = message == null ? null : message.get("result");
        if (result == null || !result.isObject()) {
            return unavailable(upstream, UpstreamAnswer.Reason.REFUSED);
        }
        return new UpstreamAnswer.Answered(upstream, (ObjectNode) result);
    }

    private static JsonNode lastResponse(byte[] body) {
        SseParser parser = new SseParser(MAX_SSE_LINE, body.length + 1);
        AtomicReference<JsonNode> last = new AtomicReference<>();
        try {
            parser.feed(body, 0, body.length, (SseEvent event) -> {
                JsonNode message = parse(event.data().getBytes(StandardCharsets.UTF_8));
                if (message != null && (message.has("result") || message.has("error"))) {
                    last.set(message);
                }
            });
        } catch (SseLimitExceededException e) {
            return null;
        }
        return last.get();
    }

    private static JsonNode parse(byte[] json) {
        try {
            return JsonRpcCodec.mapper().readTree(json);
        } catch (IOException e) {
            return null;
        }
    }
}
