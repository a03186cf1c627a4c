package io.eragate.netty.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.config.TransportSetting;
import io.eragate.netty.testing.Await;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The shutdown ordering behind the slow-client leak, forced on the transport the gateway runs: a worker loop that is
 * running its tasks when its shutdown is asked for stops without closing its channels, so a connection holding a
 * half-read head is never told it ended; {@link AcceptedChannels#closeAll()} before the shutdown ends it whatever the
 * loop notices first.
 */
class AcceptedChannelsTest {
    private static final byte[] HALF_HEAD = "POST /mcp HTTP/1.1\r\nHost: localhost\r\nX-Slow: a"
            .getBytes(StandardCharsets.US_ASCII);

    private final Transport transport = Transport.select(TransportSetting.AUTO);
    private final AcceptedChannels accepted = new AcceptedChannels();
    private final HeldHead held = new HeldHead();
    private EventLoopGroup boss;
    private EventLoopGroup workers;
    private Socket client;

    @BeforeEach
    void connectASlowClient() throws Exception {
        boss = new MultiThreadIoEventLoopGroup(1, transport.ioHandlers());
        workers = new MultiThreadIoEventLoopGroup(1, transport.ioHandlers());
        Channel listener = new ServerBootstrap().group(boss, workers).channel(transport.serverChannel())
                .handler(accepted.tracker())
                .childHandler(held)
                .bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
        client = new Socket("127.0.0.1", ((InetSocketAddress) listener.localAddress()).getPort());
        OutputStream out = client.getOutputStream();
        out.write(HALF_HEAD);
        out.flush();
        Await.until("the half head is read", () -> held.bytes() == HALF_HEAD.length);
        listener.close().sync();
        boss.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }

    @AfterEach
    void closeTheClient() throws Exception {
        client.close();
        held.releaseIfStillHeld();
        workers.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }

    @Test
    void aLoopThatGetsItsShutdownWhileRunningTasksLeavesItsConnectionsOpenAndTheirBytesHeld() throws Exception {
        stopWhileRunningTasks(workers);

        assertThat(workers.isTerminated()).isTrue();
        assertThat(held.channel().isOpen()).as("Netty 4.2.18 closes nothing on this path").isTrue();
        assertThat(held.ended()).as("channelInactive or handlerRemoved").isFalse();
        assertThat(held.heldRefCnt()).as("what the handler holds, as the decoder holds a half head").isEqualTo(1);
    }

    @Test
    void closingTheAcceptedConnectionsBeforeTheShutdownEndsThemWhateverTheLoopNoticesFirst() throws Exception {
        assertThat(accepted.size()).isEqualTo(1);

        stopWhileRunningTasks(workers, accepted::closeAll);

        assertThat(workers.isTerminated()).isTrue();
        assertThat(held.channel().isOpen()).isFalse();
        assertThat(held.ended()).as("channelInactive reached the handler").isTrue();
        assertThat(held.heldRefCnt()).as("the half head was released").isZero();
        assertThat(accepted.size()).isZero();
    }

    private static void stopWhileRunningTasks(EventLoopGroup group) throws InterruptedException {
        stopWhileRunningTasks(group, () -> { });
    }

    /**
     * Stops {@code group} the way that happens under load: each loop is inside a task (between its I/O step and
     * {@code confirmShutdown}) when the shutdown comes; {@code beforeShutdown} runs while the loops are so occupied.
     */
    private static void stopWhileRunningTasks(EventLoopGroup group, Runnable beforeShutdown)
            throws InterruptedException {
        for (EventExecutor loop : group) {
            CountDownLatch running = new CountDownLatch(1);
            loop.execute(() -> {
                running.countDown();
                while (!loop.isShuttingDown()) {
                    Thread.onSpinWait();
                }
            });
            assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
        }
        beforeShutdown.run();
        assertThat(group.shutdownGracefully(0, 5, TimeUnit.SECONDS).await(30, TimeUnit.SECONDS)).isTrue();
    }

    /**
     * Keeps every byte a connection sent until the connection ends, as {@code HttpServerCodec} keeps a request head it
     * has not finished reading; records whether the end reached it.
     */
    @io.netty.channel.ChannelHandler.Sharable
    private static final class HeldHead extends ChannelInboundHandlerAdapter {
        private final AtomicReference<ByteBuf> held = new AtomicReference<>();
        private final AtomicReference<Channel> channel = new AtomicReference<>();
        private volatile int bytes;
        private volatile boolean ended;

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            channel.set(ctx.channel());
            ctx.fireChannelActive();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf in = (ByteBuf) msg;
            ByteBuf before = held.get();
            if (before == null) {
                held.set(in);
            } else {
                before.writeBytes(in);
                in.release();
            }
            bytes = held.get().readableBytes();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            end();
            ctx.fireChannelInactive();
        }

        @Override
        public void handlerRemoved(ChannelHandlerContext ctx) {
            end();
        }

        private void end() {
            ended = true;
            ByteBuf buf = held.get();
            if (buf != null && buf.refCnt() > 0) {
                buf.release();
            }
        }

        int bytes() {
            return bytes;
        }

        boolean ended() {
            return ended;
        }

        Channel channel() {
            return channel.get();
        }

        int heldRefCnt() {
            ByteBuf buf = held.get();
            return buf == null ? -1 : buf.refCnt();
        }

        void releaseIfStillHeld() {
            ByteBuf buf = held.get();
            if (buf != null && buf.refCnt() > 0) {
                buf.release();
            }
        }
    }
}
