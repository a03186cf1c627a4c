package io.eragate.netty.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.exchange.ExchangeOutcome;
import io.eragate.core.frontdoor.ValidatedRequest;
import io.eragate.core.jsonrpc.Decoded;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.mcp.Era;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestObservationTest {
    private static final String BODY_TRACE = "0af7651916cd43dd8448eb211c80319c";
    private static final String BODY_PARENT = "00-" + BODY_TRACE + "-b7ad6b7169203331-01";
    private static final String HEADER_TRACE = "11111111111111111111111111111111";
    private static final String HEADER_PARENT = "00-" + HEADER_TRACE + "-2222222222222222-01";

    private final CollectingExporter exporter = new CollectingExporter();
    private final GatewayMetrics metrics = GatewayMetrics.trafficOnly(10);
    private final GatewayTelemetry telemetry = new GatewayTelemetry(metrics,
            GatewayTracing.exportingTo(exporter, "eragate-test", 100), metrics);

    private static ValidatedRequest toolCall(String meta) {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                + "\"arguments\":{},\"_meta\":" + meta + "}}";
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        JsonRpcRequest message = (JsonRpcRequest) ((Decoded.Message) JsonRpcCodec.decode(bytes)).message();
        return new ValidatedRequest(message, bytes, "2026-07-28", "tools/call", "echo", JsonRpcId.of(7));
    }

    private static ExchangeOutcome outcome(String method, String errorType, int status) {
        return new ExchangeOutcome("/mcp", "fleet", Era.MODERN, Era.LEGACY, method, "echo", status, null, errorType,
                1, 1, System.nanoTime(), 1_000_000, "anonymous", null, null);
    }

    @Test
    void theBodysTraceContextWinsAndTheUpstreamIsToldTheGatewaysClientSpan() {
        RequestObservation request = telemetry.begin("POST", Map.of("traceparent", HEADER_PARENT)::get);

        ValidatedRequest forwarded = request.validated(
                toolCall("{\"traceparent\":\"" + BODY_PARENT + "\"}"), "/mcp", "fleet", Era.MODERN);
        String sent = forwarded.params().path("_meta").path("traceparent").asText();
        request.onOutcome(outcome("tools/call", null, 200));
        telemetry.tracing().close();

        SpanData server = exporter.server("tools/call echo");
        assertThat(server.getKind()).isEqualTo(SpanKind.SERVER);
        assertThat(server.getTraceId()).isEqualTo(BODY_TRACE);
        assertThat(server.getParentSpanId()).isEqualTo("b7ad6b7169203331");
        assertThat(server.getAttributes().get(AttributeKey.stringKey("mcp.method.name"))).isEqualTo("tools/call");
        assertThat(server.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.name"))).isEqualTo("echo");
        assertThat(server.getAttributes().get(AttributeKey.stringKey("jsonrpc.request.id"))).isEqualTo("7");
        assertThat(server.getAttributes().get(AttributeKey.stringKey("mcp.protocol.version")))
                .isEqualTo("2026-07-28");
        SpanData client = exporter.spans().stream().filter(span -> span.getKind() == SpanKind.CLIENT).findFirst()
                .orElseThrow();
        assertThat(client.getParentSpanId()).isEqualTo(server.getSpanId());
        assertThat(sent).isEqualTo("00-" + BODY_TRACE + "-" + client.getSpanId() + "-01");
        assertThat(request.upstreamTraceparent()).isEqualTo(sent);
        assertThat(new String(forwarded.originalBody(), StandardCharsets.UTF_8)).contains(sent)
                .doesNotContain(BODY_PARENT);
    }

    @Test
    void theHeaderServesWhenTheBodyHasNoTraceContext() {
        RequestObservation request = telemetry.begin("POST", Map.of("traceparent", HEADER_PARENT)::get);

        request.validated(toolCall("{}"), "/mcp", "fleet", Era.MODERN);
        request.onOutcome(outcome("tools/call", null, 200));
        telemetry.tracing().close();

        assertThat(exporter.server("tools/call echo").getTraceId()).isEqualTo(HEADER_TRACE);
    }

    @Test
    void upstreamExchangesMadeWhileTheRequestIsCurrentAreItsChildrenAndAreTimed() {
        RequestObservation request = telemetry.begin("POST", name -> null);
        request.validated(toolCall("{}"), "/mcp", "fleet", Era.MODERN);

        UpstreamSpan initialize;
        try (Scope ignored = request.makeCurrent()) {
            initialize = UpstreamSpan.start("initialize", "fleet", Era.LEGACY);
        }
        UpstreamSpan outside = UpstreamSpan.start("initialize", "fleet", Era.LEGACY);
        initialize.end("upstream_failed");
        request.onOutcome(outcome("tools/call", "upstream_failed", 502));
        telemetry.tracing().close();

        assertThat(outside).isSameAs(UpstreamSpan.NONE);
        SpanData server = exporter.server("tools/call echo");
        SpanData handshake = exporter.named("initialize");
        assertThat(handshake.getParentSpanId()).isEqualTo(server.getSpanId());
        assertThat(initialize.traceparent()).contains(handshake.getSpanId());
        assertThat(handshake.getAttributes().get(AttributeKey.stringKey("error.type"))).isEqualTo("upstream_failed");
        assertThat(server.getAttributes().get(AttributeKey.stringKey("error.type"))).isEqualTo("upstream_failed");
        assertThat(server.getAttributes().get(AttributeKey.longKey("http.response.status_code"))).isEqualTo(502L);
        assertThat(metrics.scrape()).contains("mcp_client_operation_duration_seconds_count{client_era=\"modern\","
                + "error_type=\"upstream_failed\",mcp_method_name=\"initialize\",route=\"/mcp\",upstream=\"fleet\","
                + "upstream_era=\"legacy\"} 1");
    }

    @Test
    void aRequestRefusedBeforeValidationStillGetsItsServerSpan() {
        RequestObservation request = telemetry.begin("POST", Map.of("traceparent", HEADER_PARENT)::get);

        request.onOutcome(outcome(null, "rejected", 400));
        telemetry.tracing().close();

        SpanData server = exporter.server("POST");
        assertThat(server.getTraceId()).isEqualTo(HEADER_TRACE);
        assertThat(server.getAttributes().get(AttributeKey.stringKey("error.type"))).isEqualTo("rejected");
    }

    @Test
    void withTracingOffTheRequestGoesUpAsTheClientSentIt() {
        GatewayTelemetry off = GatewayTelemetry.minimal();
        ValidatedRequest original = toolCall("{\"traceparent\":\"" + BODY_PARENT + "\"}");

        RequestObservation request = off.begin("POST", name -> null);

        assertThat(request.validated(original, "/mcp", "fleet", Era.MODERN)).isSameAs(original);
        assertThat(request.upstreamTraceparent()).isNull();
        assertThat(request.traceId()).isNull();
    }
}
