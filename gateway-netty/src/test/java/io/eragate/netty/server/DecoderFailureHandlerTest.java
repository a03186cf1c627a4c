package io.eragate.netty.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.frontdoor.Rejection;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.util.ReferenceCountUtil;
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

    /** The refusal passed on for the MCP handler to answer in turn; nothing is written here. */
    private static Rejection refusalOf(EmbeddedChannel channel) {
        assertThat((Object) channel.readOutbound()).as("answered in turn by the MCP handler, not here").isNull();
        Object passed = channel.readInbound();
        assertThat(passed).isInstanceOf(InputRefused.class);
        assertThat((Object) channel.readInbound()).as("nothing after the failure reaches later handlers").isNull();
        return ((InputRefused) passed).rejection();
    }

    private static String text(Rejection rejection) {
        return new String(rejection.body(), StandardCharsets.UTF_8);
    }

    @Test
    void headerBlockOverTheLimitIsRefused431() {
        EmbeddedChannel channel = channel();
        String request = "POST /mcp HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(2000) + "\r\n\r\n";
        channel.writeInbound(Unpooled.copiedBuffer(request, StandardCharsets.US_ASCII));

        Rejection rejection = refusalOf(channel);
        assertThat(rejection.httpStatus()).isEqualTo(431);
        assertThat(text(rejection)).as("body names the limit").contains("1024");
        channel.finishAndReleaseAll();
    }

    @Test
    void requestLineOverTheLimitIsRefused414() {
        EmbeddedChannel channel = channel();
        String request = "POST /" + "p".repeat(400) + " HTTP/1.1\r\nHost: x\r\n\r\n";
        channel.writeInbound(Unpooled.copiedBuffer(request, StandardCharsets.US_ASCII));

        assertThat(refusalOf(channel).httpStatus()).isEqualTo(414);
        channel.finishAndReleaseAll();
    }

    @Test
    void aChunkExtensionOverTheLineLimitIsRefused400NotAsALongUri() {
        EmbeddedChannel channel = new EmbeddedChannel(new HttpServerCodec(new HttpDecoderConfig()
                .setMaxHeaderSize(MAX_HEADER_BYTES).setMaxInitialLineLength(MAX_LINE_BYTES)),
                new DecoderFailureHandler(MAX_HEADER_BYTES, MAX_LINE_BYTES));
        String request = "POST /mcp HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "2;ext=" + "e".repeat(400) + "\r\n{}\r\n0\r\n\r\n";
        channel.writeInbound(Unpooled.copiedBuffer(request, StandardCharsets.US_ASCII));
        ReferenceCountUtil.release(channel.readInbound());

        Rejection rejection = refusalOf(channel);
        assertThat(rejection.httpStatus()).isEqualTo(400);
        assertThat(rejection.error().message()).contains("chunk-size line").contains(String.valueOf(MAX_LINE_BYTES))
                .doesNotContain("URI");
        channel.finishAndReleaseAll();
    }

    @Test
    void garbageIsRefused400NeverAHang() {
        EmbeddedChannel channel = channel();
        channel.writeInbound(Unpooled.copiedBuffer("POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
                StandardCharsets.US_ASCII));

        Rejection rejection = refusalOf(channel);
        assertThat(rejection.httpStatus()).isEqualTo(400);
        assertThat(text(rejection)).contains("\"jsonrpc\":\"2.0\"");
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
