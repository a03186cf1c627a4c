package io.eragate.netty.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.netty.testing.ModernFixtureUpstream;
import io.eragate.netty.testing.RecordedRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What a modern upstream receives through the gateway: the client's body bytes unchanged, MCP headers derived from
 * that body, no hop-by-hop fields and no client credentials, the forwarding headers, and {@code Mcp-Param-*} as sent.
 */
class UpstreamRequestIT {
    private static final Duration WAIT = Duration.ofSeconds(5);

    private static ModernFixtureUpstream upstream;
    private static TestGateway gateway;

    @BeforeAll
    static void start() {
        upstream = ModernFixtureUpstream.start();
        gateway = TestGateway.modern(upstream.uri());
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (upstream != null) {
            upstream.close();
        }
    }

    private static RecordedRequest received(String id) {
        return upstream.awaitRequest(r -> id.equals(r.rpcId().asText()), WAIT);
    }

    @Test
    void theUpstreamGetsTheOriginalBodyBytes() {
        // Spacing, key order, an escaped character and a raw non-ASCII one: any re-serialisation changes the bytes.
        String body = "{ \"params\" : {\"arguments\": {\"message\" : \"h\\u00e9 \u00fc \\/ 1.0e2\"},\"name\":\"echo\" ,"
                + McpCall.ENVELOPE + "} ,\n\t\"method\":\"tools/call\", \"id\":\"bytes\", \"jsonrpc\" : \"2.0\" }";
        McpCall call = McpCall.toolsCall("bytes", "echo", "{}").body(body);

        HttpResponse<String> response = Http.send(call.httpRequest(gateway.uri()));

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(received("bytes").body()).isEqualTo(call.bodyBytes());
    }

    @Test
    void mcpHeadersUpstreamAreDerivedFromTheBodyNotCopied() {
        McpCall call = McpCall.toolsCall("derived", "echo", "{\"message\":\"x\"}").with("Mcp-Name",
                "=?base64?ZWNobw==?=").without("Mcp-Method").header("mcp-method", "  tools/call ");

        Http.send(call.httpRequest(gateway.uri()));

        RecordedRequest request = received("derived");
        assertThat(request.headers().all("Mcp-Name")).containsExactly("echo");
        assertThat(request.headers().all("Mcp-Method")).containsExactly("tools/call");
        assertThat(request.headers().all("MCP-Protocol-Version")).containsExactly("2026-07-28");
    }

    @Test
    void aNameThatCannotBeAPlainHeaderValueGoesUpstreamAsTheSentinel() {
        String tool = "h\u00e9llo w\u00f6rld";
        McpCall call = McpCall.toolsCall("encoded", tool, "{}").with("Mcp-Name",
                "=?base64?aMOpbGxvIHfDtnJsZA==?=");

        Http.send(call.httpRequest(gateway.uri()));

        assertThat(received("encoded").headers().all("Mcp-Name")).containsExactly("=?base64?aMOpbGxvIHfDtnJsZA==?=");
    }

    @Test
    void hopByHopFieldsAndClientCredentialsNeverReachTheUpstream() {
        McpCall call = McpCall.toolsCall("hop", "echo", "{\"message\":\"x\"}");
        try (RawConnection connection = gateway.connect()) {
            RawResponse response = connection.send(call.raw(TestGateway.PATH, gateway.hostHeader(),
                    "Connection: keep-alive, X-Foo", "X-Foo: 1", "Keep-Alive: timeout=5, max=100",
                    "Proxy-Authorization: Basic cHJveHk6c2VjcmV0", "Authorization: Bearer secret",
                    "Proxy-Connection: keep-alive", "TE: trailers", "Cookie: session=secret"))
                    .readResponse();
            assertThat(response.status()).as(response.text()).isEqualTo(200);
        }

        RecordedRequest request = received("hop");
        for (String name : List.of("X-Foo", "Keep-Alive", "Proxy-Authorization", "Authorization",
                "Proxy-Connection", "TE", "Cookie")) {
            assertThat(request.headers().contains(name)).as(name + " upstream: " + request.headers()).isFalse();
        }
        assertThat(request.headers().all("Connection")).noneMatch(v -> v.contains("X-Foo"));
        assertThat(request.headers().toString()).doesNotContain("secret").doesNotContain("cHJveHk6c2VjcmV0");
    }

    @Test
    void forwardingHeadersNameTheClient() {
        McpCall call = McpCall.toolsCall("forwarded", "echo", "{\"message\":\"x\"}");
        try (RawConnection connection = gateway.connect()) {
            connection.send(call.raw(TestGateway.PATH, gateway.hostHeader(), "X-Forwarded-For: 203.0.113.9",
                    "Forwarded: for=203.0.113.9")).readResponse();
        }

        RecordedRequest request = received("forwarded");
        assertThat(request.headers().all("X-Forwarded-For")).containsExactly("127.0.0.1");
        assertThat(request.headers().all("Forwarded")).containsExactly("for=127.0.0.1;host=\""
                + gateway.hostHeader() + "\";proto=http");
        assertThat(request.headers().all("Host")).containsExactly("127.0.0.1:" + upstream.port());
    }

    @Test
    void mcpParamFieldsAreForwardedUnchanged() {
        McpCall call = McpCall.toolsCall("params", "echo", "{\"message\":\"x\",\"region\":\"eu west\"}")
                .header("Mcp-Param-Region", "=?base64?ZXUgd2VzdA==?=").header("Mcp-Param-Count", "42")
                .header("Mcp-Param-Count", "42");

        HttpResponse<String> response = Http.send(call.httpRequest(gateway.uri()));

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        RecordedRequest request = received("params");
        assertThat(request.headers().all("Mcp-Param-Region")).containsExactly("=?base64?ZXUgd2VzdA==?=");
        assertThat(request.headers().all("Mcp-Param-Count")).containsOnly("42");
    }

    @Test
    void theUpstreamIsAskedForJsonOrAnEventStream() {
        McpCall call = McpCall.toolsCall("accept", "echo", "{\"message\":\"x\"}").with("Content-Type",
                "application/json; charset=utf-8");

        Http.send(call.httpRequest(gateway.uri()));

        RecordedRequest request = received("accept");
        assertThat(request.httpMethod()).isEqualTo("POST");
        assertThat(request.uri()).isEqualTo("/mcp");
        assertThat(request.headers().all("Accept")).containsExactly("application/json, text/event-stream");
        assertThat(request.headers().all("Content-Type")).containsExactly("application/json");
    }
}
