package io.eragate.netty.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.exchange.FailureMapper;
import io.eragate.core.exchange.MappedFailure;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.mcp.Era;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.Future;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The per-loop pool over real loopback sockets: reuse, closing of connections left idle too long, and what a closing
 * pool tells the requests still waiting for a connection.
 */
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

    @Test
    void closingThePoolFailsTheRequestsWaitingForAConnectionPromptlyAsNotDelivered() throws Exception {
        EventLoopGroup group = upstream.group();
        UpstreamTarget target = upstream.target();
        UpstreamPools onePerLoop = new UpstreamPools(group, NioSocketChannel.class, NioDatagramChannel.class,
                new UpstreamPoolSettings(1, 4, Duration.ofSeconds(2), Duration.ofSeconds(30)), 8192);
        try {
            UpstreamChannelPool pool = onePerLoop.forLoop((EventLoop) group.next());
            CompletableFuture<Channel> busy = new CompletableFuture<>();
            CompletableFuture<Future<Channel>> queued = new CompletableFuture<>();
            pool.eventLoop().execute(() -> {
                pool.acquire(target).addListener(f -> busy.complete((Channel) f.getNow()));
                queued.complete(pool.acquire(target));
            });
            assertThat(busy.get(5, TimeUnit.SECONDS).isActive()).isTrue();
            Future<Channel> waiter = queued.get(5, TimeUnit.SECONDS);
            assertThat(waiter.isDone()).as("the second request waits for the only connection").isFalse();

            onePerLoop.closeConnections();

            assertThat(waiter.await(5, TimeUnit.SECONDS)).as("the waiter is failed, not left waiting").isTrue();
            assertThat(waiter.cause()).isInstanceOf(UpstreamPoolClosedException.class);
            MappedFailure told = UpstreamFailures.beforeHead(waiter.cause(), false, JsonRpcId.of(7), target,
                    Duration.ofSeconds(30), Era.MODERN);
            assertThat(told.rejection().httpStatus()).isEqualTo(503);
            assertThat(told.rejection().id()).isEqualTo(JsonRpcId.of(7));
            JsonNode data = told.rejection().error().data();
            assertThat(data.path("outcome").asText()).isEqualTo(FailureMapper.NOT_DELIVERED);
            assertThat(told.rejection().error().message()).contains("the gateway is stopping");
            CompletableFuture<Throwable> later = new CompletableFuture<>();
            pool.eventLoop().execute(() -> pool.acquire(target).addListener(f -> later.complete(f.cause())));
            assertThat(later.get(5, TimeUnit.SECONDS)).as("a later request fails at once the same way")
                    .isInstanceOf(UpstreamPoolClosedException.class);
        } finally {
            onePerLoop.close();
        }
    }
}
