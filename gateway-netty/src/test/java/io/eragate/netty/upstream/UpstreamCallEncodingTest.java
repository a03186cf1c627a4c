package io.eragate.netty.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
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

    private final AtomicInteger bytesReceived = new AtomicInteger();
    private LoopbackUpstream upstream;

    @BeforeEach
    void start() throws InterruptedException {
        // One connection per loop: a second call waits for the first one's connection.
        upstream = LoopbackUpstream.start(new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                bytesReceived.addAndGet(((ByteBuf) msg).readableBytes());
                ReferenceCountUtil.release(msg);
            }
        }, new UpstreamPoolSettings(1, 4, Duration.ofSeconds(2), Duration.ofSeconds(30)));
    }

    @AfterEach
    void stop() {
        upstream.close();
    }

    @Test
    void aCallWaitingForAConnectionHoldsNoEncodedBufferAndEncodesOnceItGetsOne() throws Exception {
        UpstreamChannelPool pool = upstream.pool();
        Channel held = upstream.onLoop(() -> {
            CompletableFuture<Channel> first = new CompletableFuture<>();
            pool.acquire(upstream.target()).addListener(f -> first.complete((Channel) f.getNow()));
            return first;
        }).get(5, TimeUnit.SECONDS);
        AtomicInteger encoded = new AtomicInteger();
        UpstreamCall.RequestEncoder encoder = alloc -> {
            encoded.incrementAndGet();
            return alloc.buffer(REQUEST.length).writeBytes(REQUEST);
        };

        UpstreamCall abandoned = upstream.onLoop(() -> UpstreamCall.startEncoded(pool, upstream.target(), encoder,
                Duration.ofSeconds(30), new IgnoringHandler()));
        UpstreamCall waiting = upstream.onLoop(() -> UpstreamCall.startEncoded(pool, upstream.target(), encoder,
                Duration.ofSeconds(30), new IgnoringHandler()));
        assertThat(encoded.get()).as("nothing is encoded while the calls wait for a connection").isZero();

        upstream.onLoop(() -> {
            abandoned.abort();
            pool.release(upstream.target(), held);
            return null;
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (bytesReceived.get() < REQUEST.length && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }

        assertThat(bytesReceived.get()).as("the waiting call's request reached the upstream").isEqualTo(REQUEST.length);
        assertThat(encoded.get()).as("only the call that got the connection encoded its request").isEqualTo(1);
        upstream.onLoop(() -> {
            waiting.abort();
            return null;
        });
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
