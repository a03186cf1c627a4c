package io.eragate.netty.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.util.ReferenceCountUtil;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A request sent as bytes is encoded only once a connection is in hand: a call that waits for one holds no buffer,
 * so a wait that never ends (the gateway closing with calls queued) cannot leave a pooled buffer without an owner.
 */
class UpstreamCallEncodingTest {
    private static final byte[] REQUEST = ("POST /mcp HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\n{}")
            .getBytes(StandardCharsets.US_ASCII);

    private EventLoopGroup group;
    private Channel server;
    private final AtomicInteger bytesReceived = new AtomicInteger();
    private UpstreamPools pools;
    private UpstreamTarget target;

    @BeforeEach
    void start() throws InterruptedException {
        group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInboundHandlerAdapter() {
                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                        bytesReceived.addAndGet(((ByteBuf) msg).readableBytes());
                        ReferenceCountUtil.release(msg);
                    }
                })
                .bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
        int port = ((InetSocketAddress) server.localAddress()).getPort();
        target = UpstreamTarget.of("t", URI.create("http://127.0.0.1:" + port + "/mcp"));
        // One connection per loop: a second call waits for the first one's connection.
        pools = new UpstreamPools(group, NioSocketChannel.class, NioDatagramChannel.class,
                new UpstreamPoolSettings(1, 4, Duration.ofSeconds(2), Duration.ofSeconds(30)), 8192);
    }

    @AfterEach
    void stop() {
        server.close().awaitUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
        pools.close();
    }

    @Test
    void aCallWaitingForAConnectionHoldsNoEncodedBufferAndEncodesOnceItGetsOne() throws Exception {
        UpstreamChannelPool pool = pools.forLoop((EventLoop) group.next());
        Channel held = onLoop(pool, () -> {
            CompletableFuture<Channel> first = new CompletableFuture<>();
            pool.acquire(target).addListener(f -> first.complete((Channel) f.getNow()));
            return first;
        }).get(5, TimeUnit.SECONDS);
        AtomicInteger encoded = new AtomicInteger();
        UpstreamCall.RequestEncoder encoder = alloc -> {
            encoded.incrementAndGet();
            return alloc.buffer(REQUEST.length).writeBytes(REQUEST);
        };

        UpstreamCall abandoned = onLoop(pool, () -> UpstreamCall.startEncoded(pool, target, encoder,
                Duration.ofSeconds(30), new IgnoringHandler()));
        UpstreamCall waiting = onLoop(pool, () -> UpstreamCall.startEncoded(pool, target, encoder,
                Duration.ofSeconds(30), new IgnoringHandler()));
        assertThat(encoded.get()).as("nothing is encoded while the calls wait for a connection").isZero();

        onLoop(pool, () -> {
            abandoned.abort();
            pool.release(target, held);
            return null;
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (bytesReceived.get() < REQUEST.length && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }

        assertThat(bytesReceived.get()).as("the waiting call's request reached the upstream").isEqualTo(REQUEST.length);
        assertThat(encoded.get()).as("only the call that got the connection encoded its request").isEqualTo(1);
        onLoop(pool, () -> {
            waiting.abort();
            return null;
        });
    }

    private static <T> T onLoop(UpstreamChannelPool pool, Callable<T> task) throws Exception {
        return pool.eventLoop().submit(task).get(5, TimeUnit.SECONDS);
    }

    /** A handler for calls whose answer this test does not look at. */
    private static final class IgnoringHandler implements UpstreamCall.Handler {
        @Override
        public void onHead(HttpResponse head) {
        }

        @Override
        public void onContent(HttpContent content, boolean last) {
            content.release();
        }

        @Override
        public void onFailure(Throwable cause, boolean beforeHead) {
        }
    }
}
