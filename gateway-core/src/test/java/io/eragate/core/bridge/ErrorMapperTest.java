package io.eragate.core.bridge;

import static io.eragate.core.bridge.TestJson.node;
import static io.eragate.core.bridge.TestJson.obj;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.jsonrpc.JsonRpcError;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ErrorMapperTest {

    @ParameterizedTest(name = "{0} -> {1} / HTTP {2}")
    @CsvSource({
        // method not found keeps its code and gets the 2026 status
        "-32601, -32601, 404, false",
        // retired resource-not-found becomes invalid params, in-band
        "-32002, -32602, 200, false",
        // codes only the spec may define are remapped
        "-32020, -32603, 200, false",
        "-32021, -32603, 200, false",
        "-32022, -32603, 200, false",
        "-32042, -32603, 200, true",
        "-32050, -32603, 200, false",
        "-32099, -32603, 200, false",
        // legacy / implementation-defined range passes in-band
        "-32000, -32000, 200, false",
        "-32001, -32001, 200, false",
        "-32019, -32019, 200, false",
        // standard and application codes pass in-band
        "-32700, -32700, 200, false",
        "-32600, -32600, 200, false",
        "-32602, -32602, 200, false",
        "-32603, -32603, 200, false",
        "-32100, -32100, 200, false",
        "1, 1, 200, false",
        "-1, -1, 200, false",
    })
    void mapsEachUpstreamCode(int upstream, int expectedCode, int expectedStatus, boolean urlElicitation) {
        MappedError mapped = ErrorMapper.map(JsonRpcError.of(upstream, "boom"));

        assertThat(mapped.error().code()).isEqualTo(expectedCode);
        assertThat(mapped.httpStatus()).isEqualTo(expectedStatus);
        assertThat(mapped.urlElicitationRequired()).isEqualTo(urlElicitation);
    }

    @Test
    void passesCodesThroughUnchanged() {
        JsonRpcError upstream = new JsonRpcError(-32000, "Bad thing", obj("{'detail':1}"));

        assertThat(ErrorMapper.map(upstream).error()).isSameAs(upstream);
    }

    @Test
    void resourceNotFoundKeepsMessageAndUri() {
        JsonRpcError upstream = new JsonRpcError(-32002, "Resource not found", obj("{'uri':'file:///missing'}"));

        JsonRpcError mapped = ErrorMapper.map(upstream).error();

        assertThat(mapped.code()).isEqualTo(-32602);
        assertThat(mapped.message()).isEqualTo("Resource not found");
        assertThat(mapped.data()).isEqualTo(obj("{'uri':'file:///missing'}"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
        # case                                   | method         | code   | data                        | expected data
        SDK v1 not-found without data gets uri   | resources/read | -32602 |                             | {'uri':'test://r'}
        legacy -32002 without data gets uri      | resources/read | -32002 |                             | {'uri':'test://r'}
        other data members are kept              | resources/read | -32602 | {'reason':'gone'}           | {'reason':'gone','uri':'test://r'}
        the upstream's own uri wins              | resources/read | -32002 | {'uri':'test://upstream'}   | {'uri':'test://upstream'}
        data that is no object is left alone     | resources/read | -32602 | 'text'                      | 'text'
        other codes get nothing                  | resources/read | -32603 |                             |
        other methods get nothing                | prompts/get    | -32602 |                             |
        """)
    void resourcesReadInvalidParamsNamesTheRequestedUri(String description, String method, int code, String data,
            String expectedData) {
        JsonRpcError upstream = new JsonRpcError(code, "Resource test://r not found", data == null ? null : node(data));

        MappedError mapped = ErrorMapper.map(upstream, method, obj("{'uri':'test://r','_meta':{}}"));

        assertThat(mapped.error().data()).as(description)
                .isEqualTo(expectedData == null ? null : node(expectedData));
        assertThat(mapped.error().message()).isEqualTo("Resource test://r not found");
        assertThat(mapped.httpStatus()).isEqualTo(200);
    }

    @Test
    void addingTheUriLeavesTheUpstreamErrorUntouched() {
        JsonRpcError upstream = new JsonRpcError(-32602, "not found", obj("{'reason':'gone'}"));

        ErrorMapper.map(upstream, "resources/read", obj("{'uri':'test://r'}"));

        assertThat(upstream.data()).isEqualTo(obj("{'reason':'gone'}"));
    }

    @Test
    void aRequestWithoutAUriGetsNothing() {
        JsonRpcError upstream = JsonRpcError.of(-32602, "uri is required");

        assertThat(ErrorMapper.map(upstream, "resources/read", null).error().data()).isNull();
        assertThat(ErrorMapper.map(upstream, "resources/read", obj("{'uri':7}")).error().data()).isNull();
    }

    @Test
    void reservedCodesCarryTheOriginalInData() {
        JsonRpcError upstream = new JsonRpcError(-32042, "This request requires more information.",
                obj("{'elicitations':[{'mode':'url','url':'https://x','elicitationId':'e1','message':'m'}]}"));

        JsonRpcError mapped = ErrorMapper.map(upstream).error();

        assertThat(mapped.code()).isEqualTo(-32603);
        assertThat(mapped.message()).contains("-32042").contains("This request requires more information.");
        assertThat(mapped.data()).isEqualTo(obj("""
                {'upstreamError':{'code':-32042,'message':'This request requires more information.',
                  'data':{'elicitations':[{'mode':'url','url':'https://x','elicitationId':'e1','message':'m'}]}}}"""));
    }

    @Test
    void aReservedCodeWithoutDataCarriesNoDataMember() {
        JsonNode data = ErrorMapper.map(JsonRpcError.of(-32030, "x")).error().data();

        assertThat(data).isEqualTo(obj("{'upstreamError':{'code':-32030,'message':'x'}}"));
    }

    @Test
    void tellsUrlElicitationRequiredApart() {
        assertThat(ErrorMapper.isUrlElicitationRequired(JsonRpcError.of(-32042, "x"))).isTrue();
        assertThat(ErrorMapper.isUrlElicitationRequired(JsonRpcError.of(-32603, "x"))).isFalse();
    }

    @Test
    void anHtmlPageBecomesItsTextWithoutMarkupOrScripts() {
        String page = """
                <html><head><title>502 Bad Gateway</title><style>body{color:red}</style>
                <script>alert('x')</script></head>
                <body><center><h1>502 Bad Gateway</h1></center><hr>
                <center>nginx &amp; co &lt;b&gt;</center></body></html>""";

        MappedError mapped = ErrorMapper.fromNonJsonRpcBody(502, "text/html", bytes(page));

        assertThat(mapped.httpStatus()).isEqualTo(502);
        assertThat(mapped.error().code()).isEqualTo(-32603);
        assertThat(mapped.error().message())
                .isEqualTo("Upstream answered HTTP 502: 502 Bad Gateway 502 Bad Gateway nginx & co &lt;b&gt;");
        assertThat(mapped.error().message()).doesNotContain("<", "alert", "color");
        assertThat(mapped.error().data()).isEqualTo(obj("""
                {'upstreamStatus':502,'upstreamContentType':'text/html',
                 'upstreamBody':'502 Bad Gateway 502 Bad Gateway nginx & co &lt;b&gt;','outcome':'unknown'}"""));
    }

    @Test
    void aSerializedJavaExceptionBecomesItsMessage() {
        // The Java SDK's answer to a request without a session (real-peers §5.4), shortened.
        String body = """
                {"jsonRpcError":{"code":-32601,"message":"Session ID required in mcp-session-id header"},
                 "cause":null,"localizedMessage":"Session ID required in mcp-session-id header",
                 "message":"Session ID required in mcp-session-id header",
                 "stackTrace":[{"classLoaderName":"app","declaringClass":"io.modelcontextprotocol.server.X",
                   "methodName":"doPost","fileName":"X.java","lineNumber":301}],"suppressed":[]}""";

        MappedError mapped = ErrorMapper.fromNonJsonRpcBody(400, "application/json", bytes(body));

        assertThat(mapped.error().message())
                .isEqualTo("Upstream answered HTTP 400: Session ID required in mcp-session-id header");
        assertThat(mapped.error().data().toString()).doesNotContain("stackTrace", "doPost");
    }

    @Test
    void aJsonRpcErrorBodyWithoutIdBecomesItsMessage() {
        String body = "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32000,"
                + "\"message\":\"Bad Request: Server not initialized\"},\"id\":null}";

        MappedError mapped = ErrorMapper.fromNonJsonRpcBody(400, "application/json", bytes(body));

        assertThat(mapped.error().message())
                .isEqualTo("Upstream answered HTTP 400: Bad Request: Server not initialized");
    }

    @Test
    void aPlainTextStackTraceIsCutAtTheFirstFrame() {
        String body = "java.lang.IllegalStateException: pool exhausted\n\tat com.acme.Pool.take(Pool.java:12)\n"
                + "\tat com.acme.Server.handle(Server.java:40)\nCaused by: secret detail\n";

        MappedError mapped = ErrorMapper.fromNonJsonRpcBody(500, "text/plain", bytes(body));

        assertThat(mapped.error().message())
                .isEqualTo("Upstream answered HTTP 500: java.lang.IllegalStateException: pool exhausted");
    }

    @Test
    void anErrorPageNamesNoFilePathAddressOrCredentialOfTheUpstream() {
        String page = "<html><body><h1>500 Internal Server Error</h1><p>ENOENT: open '/srv/mcp/app/tools.json' "
                + "(backend 10.0.3.7:8080, token=abc123secret)</p></body></html>";

        MappedError mapped = ErrorMapper.fromNonJsonRpcBody(500, "text/html", bytes(page));

        assertThat(mapped.error().message()).isEqualTo("Upstream answered HTTP 500: 500 Internal Server Error "
                + "ENOENT: open '[path]' (backend [address], token=[redacted])");
        assertThat(mapped.error().data().get("upstreamBody").textValue())
                .isEqualTo("500 Internal Server Error ENOENT: open '[path]' (backend [address], token=[redacted])");
        assertThat(mapped.error().toString()).doesNotContain("/srv", "10.0.3.7", "abc123secret");
    }

    @Test
    void aNodeStackTraceIsCutAtTheFirstFrame() {
        String body =
                "TypeError: x is undefined\n    at Object.<anonymous> (/srv/app.js:3:9)\n    at Module._compile";

        assertThat(ErrorMapper.fromNonJsonRpcBody(500, null, bytes(body)).error().message())
                .isEqualTo("Upstream answered HTTP 500: TypeError: x is undefined");
    }

    @Test
    void anEmptyOrAbsentBodyNamesOnlyTheStatus() {
        MappedError empty = ErrorMapper.fromNonJsonRpcBody(503, null, new byte[0]);
        MappedError absent = ErrorMapper.fromNonJsonRpcBody(401, "", null);

        assertThat(empty.error().message()).isEqualTo("Upstream answered HTTP 503");
        assertThat(empty.error().data()).isEqualTo(obj("{'upstreamStatus':503,'outcome':'unknown'}"));
        assertThat(absent.error().message()).isEqualTo("Upstream answered HTTP 401");
        assertThat(absent.httpStatus()).isEqualTo(502);
    }

    @Test
    void aLongBodyIsBoundedAndControlCharactersAreRemoved() {
        String body = "line one\r\n\u0000\u001b[31mred\u2028" + "x".repeat(10_000);

        String message = ErrorMapper.fromNonJsonRpcBody(500, "text/plain", bytes(body)).error().message();

        assertThat(message).startsWith("Upstream answered HTTP 500: line one [31mred x");
        assertThat(message).doesNotContainPattern("\\p{Cntrl}");
        assertThat(message.length()).isLessThanOrEqualTo("Upstream answered HTTP 500: ".length() + 200);
        assertThat(message).endsWith("…");
    }

    @Test
    void truncationNeverSplitsASurrogatePair() {
        String body = "a".repeat(198) + "\uD83D\uDE00" + "b".repeat(50);

        String snippet = BodySnippet.of("text/plain", bytes(body));

        assertThat(snippet).hasSize(199).endsWith("a…");
    }

    @Test
    void malformedUtf8AndJsonWithoutAMessageAreHandled() {
        byte[] malformed = {(byte) 0xC3, (byte) 0x28, 'o', 'k'};

        assertThat(BodySnippet.of("text/plain", malformed)).endsWith("(ok");
        assertThat(BodySnippet.of("application/json", bytes("{\"status\":\"down\"}"))).isEmpty();
        assertThat(BodySnippet.of("application/json", bytes("{\"truncated\":"))).isEqualTo("{\"truncated\":");
    }

    @Test
    void theContentTypeIsShownPrintableAndBounded() {
        MappedError mapped = ErrorMapper.fromNonJsonRpcBody(500, "text/html;\r\n charset=" + "x".repeat(300), null);

        String type = mapped.error().data().get("upstreamContentType").textValue();
        assertThat(type).startsWith("text/html; charset=x").doesNotContainPattern("\\p{Cntrl}");
        assertThat(type.length()).isLessThanOrEqualTo(100);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
