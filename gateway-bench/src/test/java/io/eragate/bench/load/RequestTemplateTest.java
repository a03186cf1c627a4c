package io.eragate.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.bench.McpSamples;
import io.eragate.core.frontdoor.FrontDoor;
import io.eragate.core.frontdoor.FrontDoorPolicy;
import io.eragate.core.frontdoor.HeaderView;
import io.eragate.core.frontdoor.InboundRequest;
import io.eragate.core.frontdoor.Verdict;
import io.eragate.core.mcp.ProtocolVersions;
import io.eragate.core.route.Route;
import io.eragate.core.route.RouteTable;
import io.eragate.core.security.OriginPolicy;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpRequestDecoder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestTemplateTest {

    @Test
    void theEncodedRequestIsOneValidHttpRequestThatEragatesFrontDoorAccepts() {
        Endpoint endpoint = Endpoint.loopback(18080, McpSamples.PATH);
        EmbeddedChannel channel = new EmbeddedChannel(new HttpRequestDecoder(), new HttpObjectAggregator(1 << 16));
        channel.writeInbound(Unpooled.wrappedBuffer(RequestTemplate.toolsCall(endpoint)));
        FullHttpRequest request = channel.readInbound();
        try {
            assertThat(request.decoderResult().isSuccess()).isTrue();
            assertThat(request.uri()).isEqualTo(McpSamples.PATH);
            assertThat(request.headers().get(HttpHeaderNames.HOST)).isEqualTo("127.0.0.1:18080");
            byte[] body = ByteBufUtil.getBytes(request.content());
            assertThat(body).isEqualTo(McpSamples.toolsCallBody());
            assertThat(request.headers().getInt(HttpHeaderNames.CONTENT_LENGTH)).isEqualTo(body.length);

            Map<String, List<String>> fields = new LinkedHashMap<>();
            request.headers().forEach(h -> fields.computeIfAbsent(h.getKey(), k -> new ArrayList<>()).add(h.getValue()));
            FrontDoor frontDoor = new FrontDoor(new FrontDoorPolicy(
                    new RouteTable(List.of(new Route(McpSamples.PATH, "fixture"))),
                    OriginPolicy.of(List.of("http://localhost"), List.of("127.0.0.1")), ProtocolVersions.MODERN));
            Verdict verdict = frontDoor.check(new InboundRequest(request.method().name(), request.uri(),
                    HeaderView.of(fields), body));
            assertThat(verdict).as("every scenario must send a request the gateway accepts")
                    .isInstanceOf(Verdict.Accepted.class);
        } finally {
            request.release();
            assertThat(channel.finishAndReleaseAll()).isFalse();
        }
    }
}
