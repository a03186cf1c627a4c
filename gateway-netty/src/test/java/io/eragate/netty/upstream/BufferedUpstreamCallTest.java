package io.eragate.netty.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.lang.ref.WeakReference;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A buffered upstream call over real loopback sockets. Its whole-answer deadline must go with the answer: a deadline
 * left scheduled keeps the call, its answer and its headers reachable from the event loop until it fires, which at
 * the default one-minute timeout and a few thousand session handshakes a second is hundreds of megabytes.
 */
class BufferedUpstreamCallTest {
    private static final byte[] ANSWER = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}".getBytes(StandardCharsets.UTF_8);

    private LoopbackUpstream upstream;

    @BeforeEach
    void start() throws InterruptedException {
        upstream = LoopbackUpstream.start(LoopbackUpstream.http((ctx, msg) -> {
            FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                    Unpooled.wrappedBuffer(ANSWER));
            response.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json")
                    .setInt(HttpHeaderNames.CONTENT_LENGTH, ANSWER.length);
            ctx.writeAndFlush(response);
        }), new UpstreamPoolSettings(4, 4, Duration.ofSeconds(2), Duration.ofMinutes(5)));
    }

    @AfterEach
    void stop() {
        upstream.close();
    }

    private WeakReference<CompletableFuture<UpstreamReply>> answeredCall() throws Exception {
        UpstreamChannelPool pool = upstream.pool();
        UpstreamTarget target = upstream.target();
        FullHttpRequest request = TrustedHeaders.request(HttpMethod.POST, "/mcp", Unpooled.wrappedBuffer(ANSWER));
        request.headers().set(HttpHeaderNames.HOST, target.hostHeader())
                .set(HttpHeaderNames.CONTENT_TYPE, "application/json")
                .setInt(HttpHeaderNames.CONTENT_LENGTH, ANSWER.length);
        CompletableFuture<UpstreamReply> reply = BufferedUpstreamCall.send(pool, target, request, Duration.ofHours(1),
                8192);
        UpstreamReply answered = reply.get(5, TimeUnit.SECONDS);
        assertThat(answered.status()).isEqualTo(200);
        return new WeakReference<>(reply);
    }

    @Test
    void anAnsweredCallLeavesNothingScheduledThatKeepsItReachable() throws Exception {
        WeakReference<CompletableFuture<UpstreamReply>> reply = answeredCall();

        for (int attempt = 0; attempt < 50 && reply.get() != null; attempt++) {
            System.gc();
            // The cancelled deadline leaves the loop's queue on the loop itself; let it run once.
            upstream.group().next().submit(() -> { }).get(5, TimeUnit.SECONDS);
        }

        assertThat(reply.get()).as("the answered call is still reachable (its deadline is still scheduled)").isNull();
    }
}
