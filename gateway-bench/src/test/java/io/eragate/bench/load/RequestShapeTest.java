package io.eragate.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eragate.bench.McpSamples;
import io.eragate.core.frontdoor.HeaderView;
import io.eragate.core.frontdoor.InboundRequest;
import io.eragate.core.frontdoor.LegacyTraffic;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpRequestDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestShapeTest {
    private static final Endpoint ENDPOINT = Endpoint.loopback(18080, McpSamples.PATH);

    @Test
    void theLegacyCallCarriesEachSessionsIdAndIsLegacyTrafficByItsBodyAndHeaders() {
        RequestShape shape = RequestShape.legacyToolsCall(ENDPOINT, List.of("s-1", "s-2"));

        assertThat(shape.requests()).hasSize(2);
        assertThat(shape.expected()).containsExactly(McpSamples.ECHO_MARKER);
        for (int i = 0; i < 2; i++) {
            FullHttpRequest request = decode(shape.requests().get(i));
            try {
                assertThat(request.headers().get("Mcp-Session-Id")).isEqualTo("s-" + (i + 1));
                assertThat(request.headers().get("MCP-Protocol-Version")).isEqualTo("2025-11-25");
                assertThat(request.headers().contains("Mcp-Method")).as("a 2025 client sends no Mcp-Method").isFalse();
                byte[] body = ByteBufUtil.getBytes(request.content());
                assertThat(new String(body, StandardCharsets.UTF_8)).contains("\"method\":\"tools/call\"")
                        .doesNotContain("_meta");
                assertThat(LegacyTraffic.isLegacyEra(inbound(request, body)))
                        .as("the gateway must take it for a legacy client's call").isTrue();
            } finally {
                request.release();
            }
        }
    }

    @Test
    void theListShapeWantsEveryToolNameQuotedAndIsAModernRequest() {
        RequestShape shape = RequestShape.toolsList(ENDPOINT, List.of("alpha_echo", "gamma_echo"));

        assertThat(shape.expected()).containsExactly("\"alpha_echo\"", "\"gamma_echo\"");
        FullHttpRequest request = decode(shape.requests().get(0));
        try {
            byte[] body = ByteBufUtil.getBytes(request.content());
            assertThat(request.headers().get("Mcp-Method")).isEqualTo("tools/list");
            assertThat(new String(body, StandardCharsets.UTF_8)).contains("\"method\":\"tools/list\"")
                    .contains("io.modelcontextprotocol/protocolVersion");
            assertThat(LegacyTraffic.isLegacyEra(inbound(request, body))).isFalse();
        } finally {
            request.release();
        }
    }

    @Test
    void aLegacyGetStreamIsABodilessGetInItsSession() {
        FullHttpRequest request = decode(RequestTemplate.get(ENDPOINT, McpSamples.legacyStreamHeaders("s-9")));
        try {
            assertThat(request.method()).isEqualTo(HttpMethod.GET);
            assertThat(request.headers().get(HttpHeaderNames.ACCEPT)).isEqualTo("text/event-stream");
            assertThat(request.headers().get("Mcp-Session-Id")).isEqualTo("s-9");
            assertThat(request.content().readableBytes()).isZero();
        } finally {
            request.release();
        }
    }

    @Test
    void aShapeNeedsARequestAndAnExpectedText() {
        assertThatThrownBy(() -> new RequestShape(List.of(), List.of("x")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RequestShape(List.of(new byte[1]), List.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void everyScenarioSendsWhatItsComparisonNeeds() {
        assertThat(Scenario.LEGACY_FRONT.call()).isEqualTo(Scenario.Call.LEGACY_TOOLS_CALL);
        assertThat(Scenario.LIST_PASS_THROUGH.call()).isEqualTo(Scenario.Call.TOOLS_LIST);
        assertThat(Scenario.FEDERATED_LIST_CACHED.call()).isEqualTo(Scenario.Call.TOOLS_LIST);
        assertThat(Scenario.FEDERATED_LIST_UNCACHED.call()).isEqualTo(Scenario.Call.TOOLS_LIST);
        assertThat(Scenario.ERAGATE_PASS_THROUGH.call()).isEqualTo(Scenario.Call.TOOLS_CALL);
        assertThat(Scenario.LEGACY_FRONT_BASELINE.call()).isEqualTo(Scenario.Call.LEGACY_TOOLS_CALL);
        assertThat(Scenario.FEDERATED_LIST_CACHED_BASELINE.call()).isEqualTo(Scenario.Call.TOOLS_LIST);
        assertThat(Scenario.values()).filteredOn(Scenario::isFederated).containsExactly(
                Scenario.FEDERATED_LIST_CACHED, Scenario.FEDERATED_LIST_UNCACHED,
                Scenario.FEDERATED_LIST_CACHED_BASELINE);
    }

    @Test
    void theBaselineBridgeIsTheWarmBridgeOfTheCompareJar() {
        // Its hop must bridge to the legacy fixture with the same call, or its row is no before/after of the bridge.
        assertThat(Scenario.BRIDGE_POOLED_BASELINE.call()).isEqualTo(Scenario.ERAGATE_BRIDGE_POOLED.call());
        assertThat(Scenario.BRIDGE_POOLED_BASELINE.isBridge()).isTrue();
        assertThat(Scenario.BRIDGE_POOLED_BASELINE.isBaseline()).isTrue();
        assertThat(Scenario.BRIDGE_POOLED_BASELINE.runsByDefault()).isFalse();
        assertThat(Scenario.byKey("bridge-pooled-baseline")).isEqualTo(Scenario.BRIDGE_POOLED_BASELINE);
        assertThat(Scenario.ERAGATE_BRIDGE_POOLED.isBaseline()).isFalse();
    }

    private static FullHttpRequest decode(byte[] bytes) {
        EmbeddedChannel channel = new EmbeddedChannel(new HttpRequestDecoder(), new HttpObjectAggregator(1 << 16));
        channel.writeInbound(Unpooled.wrappedBuffer(bytes));
        FullHttpRequest request = channel.readInbound();
        assertThat(request.decoderResult().isSuccess()).isTrue();
        assertThat(channel.finishAndReleaseAll()).as("one request, nothing left over").isFalse();
        return request;
    }

    private static InboundRequest inbound(FullHttpRequest request, byte[] body) {
        Map<String, List<String>> fields = new LinkedHashMap<>();
        request.headers().forEach(h -> fields.computeIfAbsent(h.getKey(), k -> new ArrayList<>()).add(h.getValue()));
        return new InboundRequest(request.method().name(), request.uri(), HeaderView.of(fields), body);
    }
}
