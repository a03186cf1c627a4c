package io.eragate.netty.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.netty.testing.ModernFixtureUpstream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What the front door refuses about how a request travels, on real sockets: each case gets its exact status, a
 * well-formed JSON-RPC error naming what was refused, and the request id wherever the body could be read.
 */
class StrictFramingIT {
    private static ModernFixtureUpstream upstream;
    private static TestGateway gateway;

    @BeforeAll
    static void start() {
        upstream = ModernFixtureUpstream.start();
        gateway = TestGateway.modern(upstream.uri());
    }

    @AfterAll
    static void stop() {
        gateway.close();
        upstream.close();
    }

    private static McpCall echo(String id) {
        return McpCall.toolsCall(id, "echo", "{\"message\":\"" + id + "\"}");
    }

    /** {@code head} (CRLF-separated lines, no blank line) then {@code body}, sent as they are. */
    private static byte[] raw(String head, byte[] body) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        all.writeBytes((head + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        all.writeBytes(body);
        return all.toByteArray();
    }

    /** The head of {@link #echo} as sent to the gateway, with {@code requestLine} and {@code extraLines}. */
    private static String headOf(String requestLine, McpCall call, String... extraLines) {
        StringBuilder head = new StringBuilder(requestLine).append("\r\nHost: ").append(gateway.hostHeader());
        call.headers().forEach(h -> head.append("\r\n").append(h.getKey()).append(": ").append(h.getValue()));
        for (String line : extraLines) {
            head.append("\r\n").append(line);
        }
        return head.toString();
    }

    /** {@code call}'s head with {@code body} as its bytes, however they are encoded. */
    private static byte[] withBody(McpCall call, byte[] body) {
        return raw(headOf("POST /mcp HTTP/1.1", call, "Content-Length: " + body.length), body);
    }

    private static RawResponse exchange(byte[] request) {
        try (RawConnection connection = gateway.connect()) {
            connection.send(request);
            return connection.readResponse();
        }
    }

    /** Asserts status, JSON-RPC code, id and that the message names {@code named}; returns the error. */
    private static JsonNode assertRefused(RawResponse response, int status, int code, String id, String named) {
        assertThat(response.status()).as(response.text()).isEqualTo(status);
        assertThat(response.head().first("Content-Type")).hasValue("application/json");
        JsonNode body = response.json();
        assertThat(body.path("jsonrpc").asText()).isEqualTo("2.0");
        assertThat(body.path("error").path("code").asInt()).isEqualTo(code);
        assertThat(body.path("error").path("message").asText()).contains(named);
        if (id == null) {
            assertThat(body.get("id").isNull()).as("no id could be read").isTrue();
        } else {
            assertThat(body.path("id").asText()).as("the request id is kept").isEqualTo(id);
        }
        return body.path("error");
    }

    private static void assertCloses(RawResponse response) {
        assertThat(response.head().first("Connection")).hasValue("close");
    }

    @Test
    void aChunkExtensionOverTheLineLimitIsA400ThatSaysSoNotA414() {
        McpCall call = echo("c1");
        byte[] body = call.bodyBytes();
        String chunked = Integer.toHexString(body.length) + ";ext=" + "e".repeat(9 * 1024) + "\r\n"
                + call.body() + "\r\n0\r\n\r\n";
        RawResponse response = exchange(raw(headOf("POST /mcp HTTP/1.1", call, "Transfer-Encoding: chunked"),
                chunked.getBytes(StandardCharsets.US_ASCII)));

        JsonNode error = assertRefused(response, 400, -32600, null, "chunk-size line");
        assertThat(error.path("data").path("limitBytes").asInt()).isEqualTo(8 * 1024);
        assertCloses(response);
    }

    @Test
    void anUnsupportedExpectationIs417WithABodyAndConnectionClose() {
        McpCall call = echo("e1");
        RawResponse response = exchange(call.raw(TestGateway.PATH, gateway.hostHeader(), "Expect: 200-ok"));

        assertRefused(response, 417, -32600, null, "\"200-ok\"");
        assertCloses(response);
    }

    @Test
    void aForeignHostIs403AndKeepsTheId() {
        RawResponse response = exchange(echo("h1").raw(TestGateway.PATH, "evil.example.com"));

        assertRefused(response, 403, -32600, "h1", "Host \"evil.example.com\"");
    }

    @Test
    void aForeignOriginIs403AndKeepsTheId() {
        RawResponse response = exchange(echo("o1").raw(TestGateway.PATH, gateway.hostHeader(),
                "Origin: http://evil.example.com"));

        assertRefused(response, 403, -32600, "o1", "Origin \"http://evil.example.com\"");
    }

    @Test
    void anHttpVersionOtherThan10Or11Is505() {
        RawResponse response = exchange(echo("v1").rawAs("HTTP/9.9", TestGateway.PATH, gateway.hostHeader()));

        assertRefused(response, 505, -32600, null, "\"HTTP/9.9\"");
        assertCloses(response);
    }

    @Test
    void aFragmentInTheTargetIs400() {
        RawResponse response = exchange(echo("f1").raw(TestGateway.PATH + "#frag", gateway.hostHeader()));

        assertRefused(response, 400, -32600, null, "\"/mcp#frag\"");
        assertCloses(response);
    }

    @Test
    void anUnknownTransferCodingBeforeChunkedIs501() {
        McpCall call = echo("t1");
        RawResponse response = exchange(raw(headOf("POST /mcp HTTP/1.1", call,
                "Transfer-Encoding: gzip, chunked"), call.bodyBytes()));

        assertRefused(response, 501, -32600, null, "\"gzip, chunked\"");
        assertCloses(response);
    }

    @Test
    void chunkedThatIsNotTheFinalCodingIs400() {
        McpCall call = echo("t2");
        RawResponse response = exchange(raw(headOf("POST /mcp HTTP/1.1", call,
                "Transfer-Encoding: chunked, gzip", "Content-Length: " + call.bodyBytes().length), call.bodyBytes()));

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().path("error").path("code").asInt()).isEqualTo(-32600);
        assertCloses(response);
    }

    @Test
    void aContentEncodingIs415() {
        RawResponse response = exchange(echo("z1").raw(TestGateway.PATH, gateway.hostHeader(),
                "Content-Encoding: gzip"));

        assertRefused(response, 415, -32600, null, "Content-Encoding \"gzip\"");
        assertCloses(response);
    }

    @Test
    void aUtf16BodyIs400ParseError() {
        McpCall call = echo("u1");
        RawResponse response = exchange(withBody(call, ("\uFEFF" + call.body()).getBytes(StandardCharsets.UTF_16LE)));

        assertRefused(response, 400, -32700, null, "UTF-16LE");
    }

    @Test
    void anInvalidUtf8BodyIs400ParseError() {
        McpCall call = echo("u2").body("{\"jsonrpc\":\"2.0\",\"id\":\"u2\",\"method\":\"tools/call\",\"params\":{"
                + "\"name\":\"caf\u00e9\"}}");
        RawResponse response = exchange(withBody(call, call.body().getBytes(StandardCharsets.ISO_8859_1)));

        assertRefused(response, 400, -32700, null, "invalid UTF-8");
    }

    @Test
    void aWellFormedRequestStillPasses() {
        RawResponse response = exchange(echo("ok").raw(TestGateway.PATH, gateway.hostHeader()));

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().path("id").asText()).isEqualTo("ok");
    }
}
