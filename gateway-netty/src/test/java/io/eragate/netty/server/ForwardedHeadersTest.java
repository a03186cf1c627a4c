package io.eragate.netty.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import org.junit.jupiter.api.Test;

/** Which of a client's header fields travel upstream, whatever their case; credentials never do. */
class ForwardedHeadersTest {
    private static HttpHeaders client() {
        return new DefaultHttpHeaders().add("User-Agent", "agent/1").add("TRACEPARENT", "00-abc-def-01")
                .add("Authorization", "Bearer secret").add("mcp-param-region", "eu").add("Mcp-Session-Id", "s-1")
                .add("Content-Type", "application/json");
    }

    @Test
    void everyUpstreamGetsTheUserAgentTheTraceContextAndTheParamFieldsButNoCredential() {
        HttpHeaders passed = ForwardedHeaders.passed(client());

        assertThat(passed.get("user-agent")).isEqualTo("agent/1");
        assertThat(passed.get("traceparent")).isEqualTo("00-abc-def-01");
        assertThat(passed.get("Mcp-Param-Region")).isEqualTo("eu");
        assertThat(passed.contains("Authorization")).isFalse();
        assertThat(passed.contains("Mcp-Session-Id")).isFalse();
        assertThat(passed.contains("Content-Type")).isFalse();
    }

    @Test
    void aLegacyUpstreamAlsoGetsTheLegacyTransportsOwnFields() {
        HttpHeaders passed = ForwardedHeaders.legacy(client());

        assertThat(passed.get("Mcp-Session-Id")).isEqualTo("s-1");
        assertThat(passed.get("Content-Type")).isEqualTo("application/json");
        assertThat(passed.get("User-Agent")).isEqualTo("agent/1");
        assertThat(passed.contains("Authorization")).isFalse();
    }
}
