package io.eragate.netty.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.frontdoor.ValidatedRequest;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * How {@link ModernExchange} hands an upstream answer to the client: a JSON answer leaves in one flush, head and body
 * together (a flush is a system call, and a client that gets the head alone wakes up for nothing); an SSE answer is
 * flushed as it goes, head first, so the client sees the stream begin.
 */
class ModernExchangeRelayTest {
    private static final byte[] BODY = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}".getBytes(StandardCharsets.UTF_8);

    private final EmbeddedChannel client = new EmbeddedChannel(new ChannelInboundHandlerAdapter());
    private final AtomicInteger completed = new AtomicInteger();

    @AfterEach
    void closeChannel() {
        Object message;
        while ((message = client.readOutbound()) != null) {
            ReferenceCountUtil.release(message);
        }
        client.finishAndReleaseAll();
    }

    private ModernExchange exchange() {
        ChannelHandlerContext ctx = client.pipeline().firstContext();
        JsonRpcRequest request = new JsonRpcRequest(JsonRpcId.of(1), "tools/call", null);
        ValidatedRequest validated = new ValidatedRequest(request, BODY, "2026-07-28", "tools/call", "echo",
                request.id());
        ForwardedRequest forwarded = new ForwardedRequest(validated, new DefaultHttpHeaders(), "127.0.0.1",
                "gateway", true, true);
        return new ModernExchange(ctx, forwarded, UpstreamTarget.of("upstream", URI.create("http://127.0.0.1:1/mcp")),
                null, Duration.ofSeconds(1), completed::incrementAndGet, ignored -> { });
    }

    private static HttpResponse head(String contentType) {
        HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        head.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType);
        if (contentType.startsWith("application/json")) {
            head.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, BODY.length);
        }
        return head;
    }

    @Test
    void aJsonAnswerIsFlushedOnceWithItsHeadAndBodyTogether() {
        ModernExchange exchange = exchange();

        exchange.onHead(head("application/json"));
        assertThat((Object) client.readOutbound()).as("nothing is flushed before the body's end").isNull();
        exchange.onContent(new DefaultHttpContent(Unpooled.wrappedBuffer(BODY, 0, 10)), false);
        assertThat((Object) client.readOutbound()).as("nor after a part of it").isNull();
        exchange.onContent(new DefaultLastHttpContent(Unpooled.wrappedBuffer(BODY, 10, BODY.length - 10)), true);

        HttpResponse relayedHead = client.readOutbound();
        HttpContent first = client.readOutbound();
        LastHttpContent last = client.readOutbound();
        assertThat(relayedHead.headers().getInt(HttpHeaderNames.CONTENT_LENGTH)).isEqualTo(BODY.length);
        assertThat(first.content().readableBytes() + last.content().readableBytes()).isEqualTo(BODY.length);
        first.release();
        last.release();
        assertThat(completed).hasValue(1);
    }

    @Test
    void anSseAnswerIsFlushedHeadFirstAndThenEventByEvent() {
        ModernExchange exchange = exchange();

        exchange.onHead(head("text/event-stream"));
        HttpResponse relayedHead = client.readOutbound();
        exchange.onContent(new DefaultHttpContent(Unpooled.copiedBuffer("data: {}\n\n", StandardCharsets.UTF_8)),
                false);
        HttpContent event = client.readOutbound();

        assertThat(relayedHead.headers().get(HttpHeaderNames.CACHE_CONTROL)).isEqualTo("no-cache");
        assertThat(event.content().toString(StandardCharsets.UTF_8)).isEqualTo("data: {}\n\n");
        event.release();
        assertThat(completed).hasValue(0);
    }
}
