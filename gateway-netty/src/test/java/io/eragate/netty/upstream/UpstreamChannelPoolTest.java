package io.eragate.netty.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The per-loop pool over real loopback sockets: reuse, and closing of connections left idle too long. */
class UpstreamChannelPoolTest {
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicInteger closed = new AtomicInteger();
    private LoopbackUpstream upstream;

    @BeforeEach
    void start() throws InterruptedException {
        upstream = LoopbackUpstream.start(new ChannelInboundHandlerAdapter() {
            @Override
            public void channelActive(ChannelHandlerContext ctx) {
                accepted.incrementAndGet();
            }

            @Override
            public void channelInactive(ChannelHandlerContext ctx) {
                closed.incrementAndGet();
            }
        }, new UpstreamPoolSettings(4, 4, Duration.ofSeconds(2), Duration.ofMillis(100)));
    }

    @AfterEach
    void stop() {
        upstream.close();
    }

    private Channel acquireReleased(UpstreamChannelPool pool) throws Exception {
        CompletableFuture<Channel> acquired = new CompletableFuture<>();
        pool.eventLoop().execute(() -> pool.acquire(upstream.target()).addListener(f -> {
            Channel channel = (Channel) f.getNow();
            pool.release(upstream.target(), channel);
            acquired.complete(channel);
        }));
        return acquired.get(5, TimeUnit.SECONDS);
    }

    @Test
    void aReleasedConnectionIsReusedAndClosedOnceIdleTooLong() throws Exception {
        UpstreamChannelPool pool = upstream.pool();

        Channel first = acquireReleased(pool);
        Channel second = acquireReleased(pool);

        assertThat(second).as("the idle connection is reused").isSameAs(first);
        assertThat(accepted.get()).isEqualTo(1);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (closed.get() == 0 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertThat(closed.get()).as("the idle connection is closed after its idle timeout").isEqualTo(1);
        assertThat(first.isActive()).isFalse();
    }
}
