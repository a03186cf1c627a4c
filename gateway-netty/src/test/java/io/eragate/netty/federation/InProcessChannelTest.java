package io.eragate.netty.federation;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.netty.upstream.UpstreamCall;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

class InProcessChannelTest {
    private static final EventLoopGroup GROUP = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private static final Duration LONG = Duration.ofSeconds(30);

    @AfterAll
    static void stop() {
        GROUP.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }

    @Test
    void theRequestReachesThePipelineAndItsAnswerReachesTheCallerWhichClosesTheChannelAtItsEnd() throws Exception {
        Heard heard = new Heard();
        CompletableFuture<String> received = new CompletableFuture<>();
        Channel channel = start(new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                FullHttpRequest request = (FullHttpRequest) msg;
                received.complete(request.content().toString(StandardCharsets.UTF_8));
                request.release();
                ctx.write(new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK));
                ctx.write(new DefaultHttpContent(Unpooled.copiedBuffer("one ", StandardCharsets.UTF_8)));
                ctx.writeAndFlush(new DefaultLastHttpContent(Unpooled.copiedBuffer("two", StandardCharsets.UTF_8)));
            }
        }, LONG, heard);

        assertThat(received.get(30, TimeUnit.SECONDS)).isEqualTo("{}");
        assertThat(heard.done.get(30, TimeUnit.SECONDS)).isEqualTo("200 one two (last)");
        channel.closeFuture().await(30, TimeUnit.SECONDS);
        assertThat(channel.isOpen()).as("one request per channel").isFalse();
    }

    @Test
    void aPipelineThatClosesBeforeAnsweringIsAFailureBeforeTheHead() throws Exception {
        Heard heard = new Heard();
        start(new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                ReferenceCountUtil.release(msg);
                ctx.close();
            }
        }, LONG, heard);

        assertThat(heard.done.get(30, TimeUnit.SECONDS)).isEqualTo("failed before the head");
    }

    @Test
    void noHeadInTimeIsAFailureAndClosesTheChannelWhichIsWhatTheServingExchangeSees() throws Exception {
        Heard heard = new Heard();
        CompletableFuture<Void> inactive = new CompletableFuture<>();
        start(new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                ReferenceCountUtil.release(msg);
            }

            @Override
            public void channelInactive(ChannelHandlerContext ctx) {
                inactive.complete(null);
            }
        }, Duration.ofMillis(1), heard);

        assertThat(heard.done.get(30, TimeUnit.SECONDS)).isEqualTo("failed before the head");
        inactive.get(30, TimeUnit.SECONDS);
    }

    private static Channel start(ChannelHandler handler, Duration headTimeout, Heard heard) throws Exception {
        EventLoop loop = GROUP.next();
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/",
                Unpooled.copiedBuffer("{}", StandardCharsets.UTF_8));
        return loop.submit(() -> InProcessChannel.start(loop, new ChannelHandler[] {handler}, request, headTimeout,
                heard)).get(30, TimeUnit.SECONDS);
    }

    /** What the caller heard, as one line once the answer ended or failed. */
    private static final class Heard implements UpstreamCall.Handler {
        final CompletableFuture<String> done = new CompletableFuture<>();
        final List<String> parts = new CopyOnWriteArrayList<>();

        @Override
        public void onHead(HttpResponse head) {
            parts.add(String.valueOf(head.status().code()));
        }

        @Override
        public void onContent(HttpContent content, boolean last) {
            parts.add(content.content().toString(StandardCharsets.UTF_8).trim());
            content.release();
            if (last) {
                done.complete(String.join(" ", parts) + " (last)");
            }
        }

        @Override
        public void onFailure(Throwable cause, boolean beforeHead) {
            done.complete(beforeHead ? "failed before the head" : "failed after " + parts);
        }
    }
}
