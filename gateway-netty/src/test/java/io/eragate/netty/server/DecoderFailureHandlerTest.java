package io.eragate.netty.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class DecoderFailureHandlerTest {
    private static final int MAX_HEADER_BYTES = 1024;
    private static final int MAX_LINE_BYTES = 256;

    private static EmbeddedChannel channel() {
        return new EmbeddedChannel(
                new HttpServerCodec(new HttpDecoderConfig().setMaxHeaderSize(MAX_HEADER_BYTES)
                        .setMaxInitialLineLength(MAX_LINE_BYTES)),
                new DecoderFailureHandler(MAX_HEADER_BYTES, MAX_LINE_BYTES),
                new HttpObjectAggregator(4096));
    }

    private static String responseOf(EmbeddedChannel channel) {
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
    void headerBlockOverTheLimitIsAnswered431AndClosed() {
        EmbeddedChannel channel = channel();
        String request = "POST /mcp HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(2000) + "\r\n\r\n";
        channel.writeInbound(Unpooled.copiedBuffer(request, StandardCharsets.US_ASCII));

        String response = responseOf(channel);
        assertThat(response).as("status line").startsWith("HTTP/1.1 431");
        assertThat(response).as("body names the limit").contains("1024");
        assertThat(channel.isOpen()).as("connection closed after a decoder failure").isFalse();
        assertThat((Object) channel.readInbound()).as("nothing reaches later handlers").isNull();
        channel.finishAndReleaseAll();
    }

    @Test
    void requestLineOverTheLimitIsAnswered414() {
        EmbeddedChannel channel = channel();
        String request = "POST /" + "p".repeat(400) + " HTTP/1.1\r\nHost: x\r\n\r\n";
        channel.writeInbound(Unpooled.copiedBuffer(request, StandardCharsets.US_ASCII));

        assertThat(responseOf(channel)).startsWith("HTTP/1.1 414");
        assertThat(channel.isOpen()).isFalse();
        channel.finishAndReleaseAll();
    }

    @Test
    void garbageIsAnswered400NeverAHang() {
        EmbeddedChannel channel = channel();
        channel.writeInbound(Unpooled.copiedBuffer("POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
                StandardCharsets.US_ASCII));

        String response = responseOf(channel);
        assertThat(response).startsWith("HTTP/1.1 400");
        assertThat(response).contains("\"jsonrpc\":\"2.0\"");
        assertThat(channel.isOpen()).isFalse();
        channel.finishAndReleaseAll();
    }

    @Test
    void wellFormedRequestsPassThrough() {
        EmbeddedChannel channel = channel();
        channel.writeInbound(Unpooled.copiedBuffer("POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}",
                StandardCharsets.US_ASCII));

        FullHttpRequest request = channel.readInbound();
        assertThat(request.uri()).isEqualTo("/mcp");
        assertThat(request.content().toString(StandardCharsets.UTF_8)).isEqualTo("{}");
        request.release();
        assertThat(channel.isOpen()).isTrue();
        channel.finishAndReleaseAll();
    }
}
