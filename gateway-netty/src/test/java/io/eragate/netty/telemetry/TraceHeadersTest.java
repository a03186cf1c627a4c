package io.eragate.netty.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TraceHeadersTest {
    private static final String TRACEPARENT = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

    @Test
    void theHeadersRepeatWhatTheBodyCarries() {
        HttpHeaders headers = new DefaultHttpHeaders();
        headers.set("traceparent", "00-11111111111111111111111111111111-2222222222222222-01");

        TraceHeaders.fromBody(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"_meta\":{"
                + "\"traceparent\":\"" + TRACEPARENT + "\",\"tracestate\":\"k=v\"}}}").getBytes(StandardCharsets.UTF_8),
                headers);

        assertThat(headers.get("traceparent")).isEqualTo(TRACEPARENT);
        assertThat(headers.get("tracestate")).isEqualTo("k=v");
        assertThat(headers.contains("baggage")).isFalse();
    }

    @Test
    void aBodyWithoutTraceContextLeavesTheHeadersAlone() {
        HttpHeaders headers = new DefaultHttpHeaders();

        TraceHeaders.fromBody("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"
                .getBytes(StandardCharsets.UTF_8), headers);

        assertThat(headers.isEmpty()).isTrue();
    }

    @Test
    void onlyTraceContextAndTheSessionAreCapturedFromTheClient() {
        HttpHeaders client = new DefaultHttpHeaders();
        client.set("Traceparent", TRACEPARENT).set("Authorization", "Bearer secret").set("Mcp-Session-Id", "s1");

        var captured = TraceHeaders.capture(client);

        assertThat(captured.apply("traceparent")).isEqualTo(TRACEPARENT);
        assertThat(captured.apply("mcp-session-id")).isEqualTo("s1");
        assertThat(captured.apply("authorization")).isNull();
    }
}
