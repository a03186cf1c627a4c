package io.eragate.netty.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpRequestDecoder;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The pass-through's upstream request written as bytes: an HTTP/1.1 decoder reads from them the request the
 * gateway means to send, every field and the body, with the client's forwarding headers replaced by the gateway's.
 */
class PassThroughRequestBytesTest {
    private static final byte[] BODY =
            "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\"}}"
                    .getBytes(StandardCharsets.UTF_8);
    private static final UpstreamTarget TARGET =
            UpstreamTarget.of("up", URI.create("http://upstream.test:8080/mcp?x=1"));

    private static Map<String, String> mcpHeaders() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("MCP-Protocol-Version", "2026-07-28");
        headers.put("Mcp-Method", "tools/call");
        headers.put("Mcp-Name", "echo");
        return headers;
    }

    private static FullHttpRequest decoded(ByteBuf bytes) {
        EmbeddedChannel decoder = new EmbeddedChannel(new HttpRequestDecoder(), new HttpObjectAggregator(1 << 20));
        decoder.writeInbound(bytes);
        FullHttpRequest request = decoder.readInbound();
        assertThat(decoder.finishAndReleaseAll()).isFalse();
        return request;
    }

    @Test
    void theDecoderReadsTheRequestTheGatewayMeansToSend() {
        HttpHeaders passed = new DefaultHttpHeaders()
                .add("User-Agent", "client/1.0")
                .add("traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")
                .add("Mcp-Param-Region", "eu-west");
        FullHttpRequest request = decoded(PassThroughRequestBytes.encode(ByteBufAllocator.DEFAULT, TARGET, passed,
                mcpHeaders(), "10.1.2.3", "gateway.test", BODY));
        try {
            assertThat(request.decoderResult().isSuccess()).isTrue();
            assertThat(request.method()).isEqualTo(HttpMethod.POST);
            assertThat(request.uri()).isEqualTo("/mcp?x=1");
            HttpHeaders headers = request.headers();
            assertThat(headers.get("host")).isEqualTo("upstream.test:8080");
            assertThat(headers.get("content-type")).isEqualTo("application/json");
            assertThat(headers.get("accept")).isEqualTo("application/json, text/event-stream");
            assertThat(headers.getInt("content-length")).isEqualTo(BODY.length);
            assertThat(headers.get("user-agent")).isEqualTo("client/1.0");
            assertThat(headers.get("traceparent")).isEqualTo("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01");
            assertThat(headers.get("mcp-param-region")).isEqualTo("eu-west");
            assertThat(headers.get("mcp-protocol-version")).isEqualTo("2026-07-28");
            assertThat(headers.get("mcp-method")).isEqualTo("tools/call");
            assertThat(headers.get("mcp-name")).isEqualTo("echo");
            assertThat(headers.getAll("x-forwarded-for")).containsExactly("10.1.2.3");
            assertThat(headers.get("forwarded")).isEqualTo("for=10.1.2.3;host=\"gateway.test\";proto=http");
            assertThat(headers.size()).isEqualTo(12);
            assertThat(ByteBufUtil.getBytes(request.content())).isEqualTo(BODY);
        } finally {
            request.release();
        }
    }

    @Test
    void anUnknownClientAddressSendsNoForwardingHeadersAndAnIpv6OneIsQuoted() {
        FullHttpRequest unknown = decoded(PassThroughRequestBytes.encode(ByteBufAllocator.DEFAULT, TARGET,
                new DefaultHttpHeaders(), mcpHeaders(), null, null, BODY));
        FullHttpRequest ipv6 = decoded(PassThroughRequestBytes.encode(ByteBufAllocator.DEFAULT, TARGET,
                new DefaultHttpHeaders(), mcpHeaders(), "::1", null, new byte[0]));
        try {
            assertThat(unknown.headers().contains("x-forwarded-for")).isFalse();
            assertThat(unknown.headers().contains("forwarded")).isFalse();
            assertThat(ipv6.headers().get("forwarded")).isEqualTo("for=\"[::1]\";proto=http");
            assertThat(ipv6.headers().getInt("content-length")).isZero();
            assertThat(ipv6.content().readableBytes()).isZero();
        } finally {
            unknown.release();
            ipv6.release();
        }
    }
}
