package io.eragate.netty.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.frontdoor.Rejection;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpServerCodec;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class JsonBodyAggregatorTest {

    private static String drain(EmbeddedChannel channel) {
        StringBuilder text = new StringBuilder();
        Object out;
        while ((out = channel.readOutbound()) != null) {
            ByteBuf buf = (ByteBuf) out;
            text.append(buf.toString(StandardCharsets.UTF_8));
            buf.release();
        }
        return text.toString();
    }

    @Test
    void declaredBodyOverTheLimitIsRefused413WithAJsonRpcErrorNamingTheLimit() {
        EmbeddedChannel channel = new EmbeddedChannel(new HttpServerCodec(), new JsonBodyAggregator(1024));
        channel.writeInbound(Unpooled.copiedBuffer(
                "POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n",
                StandardCharsets.US_ASCII));

        assertThat(drain(channel)).as("answered in turn by the MCP handler, which then closes").isEmpty();
        Rejection rejection = refusalOf(channel);
        assertThat(rejection.httpStatus()).isEqualTo(413);
        assertThat(new String(rejection.body(), StandardCharsets.UTF_8)).contains("\"error\"").contains("1024");
        channel.finishAndReleaseAll();
    }

    private static Rejection refusalOf(EmbeddedChannel channel) {
        Object passed = channel.readInbound();
        assertThat(passed).isInstanceOf(InputRefused.class);
        return ((InputRefused) passed).rejection();
    }

    @Test
    void anUnsupportedExpectationIsAnswered417WithAJsonRpcErrorAndConnectionClose() {
        EmbeddedChannel channel = new EmbeddedChannel(new HttpServerCodec(), new JsonBodyAggregator(1024));
        channel.writeInbound(Unpooled.copiedBuffer("POST /mcp HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\n"
                + "Content-Type: application/json\r\nContent-Length: 4\r\n\r\n", StandardCharsets.US_ASCII));

        String response = drain(channel);
        assertThat(response).startsWith("HTTP/1.1 417");
        assertThat(response).containsIgnoringCase("connection: close").contains("application/json")
                .contains("\"code\":-32600").contains("\\\"200-ok\\\"");
        assertThat(channel.isOpen()).isFalse();
        channel.finishAndReleaseAll();
    }

    @Test
    void bodyOverTheLimitAnnouncedWithExpectContinueIsAnswered413NamingTheLimitAndClosed() {
        EmbeddedChannel channel = new EmbeddedChannel(new HttpServerCodec(), new JsonBodyAggregator(1024));
        channel.writeInbound(Unpooled.copiedBuffer("POST /mcp HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n"
                + "Content-Type: application/json\r\nContent-Length: 5000\r\n\r\n", StandardCharsets.US_ASCII));

        String response = drain(channel);
        assertThat(response).startsWith("HTTP/1.1 413").doesNotContain("100 Continue");
        assertThat(response).contains("application/json").contains("\"error\"").contains("1024");
        assertThat(channel.isOpen()).isFalse();
        channel.finishAndReleaseAll();
    }

    @Test
    void bodyWithinTheLimitAnnouncedWithExpectContinueIsInvited() {
        EmbeddedChannel channel = new EmbeddedChannel(new HttpServerCodec(), new JsonBodyAggregator(1024));
        channel.writeInbound(Unpooled.copiedBuffer("POST /mcp HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n"
                + "Content-Length: 4\r\n\r\n", StandardCharsets.US_ASCII));

        assertThat(drain(channel)).startsWith("HTTP/1.1 100 Continue");
        channel.writeInbound(Unpooled.copiedBuffer("{\"a\"", StandardCharsets.US_ASCII));
        FullHttpRequest request = channel.readInbound();
        assertThat(request.content().readableBytes()).isEqualTo(4);
        request.release();
        assertThat(channel.isOpen()).isTrue();
        channel.finishAndReleaseAll();
    }

    @Test
    void chunkedBodyThatGrowsOverTheLimitIsAnswered413() {
        EmbeddedChannel channel = new EmbeddedChannel(new HttpServerCodec(), new JsonBodyAggregator(1024));
        String chunk = "x".repeat(800);
        String request = "POST /mcp HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                + Integer.toHexString(chunk.length()) + "\r\n" + chunk + "\r\n"
                + Integer.toHexString(chunk.length()) + "\r\n" + chunk + "\r\n0\r\n\r\n";
        channel.writeInbound(Unpooled.copiedBuffer(request, StandardCharsets.US_ASCII));

        assertThat(refusalOf(channel).httpStatus()).isEqualTo(413);
        assertThat((Object) channel.readInbound()).isNull();
        channel.finishAndReleaseAll();
    }

    @Test
    void bodyWithinTheLimitIsAggregated() {
        EmbeddedChannel channel = new EmbeddedChannel(new HttpServerCodec(), new JsonBodyAggregator(1024));
        channel.writeInbound(Unpooled.copiedBuffer("POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\n{\"a\"",
                StandardCharsets.US_ASCII));

        FullHttpRequest request = channel.readInbound();
        assertThat(request.content().readableBytes()).isEqualTo(4);
        request.release();
        channel.finishAndReleaseAll();
    }
}
