package io.eragate.core.frontdoor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eragate.core.jsonrpc.JsonRpcId;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class RejectionsTest {

    private static final JsonRpcId ID = JsonRpcId.of(42);

    static Stream<Arguments> factories() {
        return Stream.of(
                Arguments.of(Rejections.methodNotAllowed(), 405, "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{"
                        + "\"code\":-32600,\"message\":\"Method not allowed: this MCP endpoint accepts only POST\"}}"),
                Arguments.of(Rejections.unknownPath("/nope"), 404, "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{"
                        + "\"code\":-32600,\"message\":\"Not found: no MCP endpoint at path \\\"/nope\\\"\"}}"),
                Arguments.of(Rejections.payloadTooLarge(4_194_304), 413, "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{"
                        + "\"code\":-32600,\"message\":\"Payload too large: the request body exceeds the limit of "
                        + "4194304 bytes\",\"data\":{\"limitBytes\":4194304}}}"),
                Arguments.of(Rejections.headersTooLarge(8192), 431, "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{"
                        + "\"code\":-32600,\"message\":\"Request header fields too large: the headers exceed the "
                        + "limit of 8192 bytes\",\"data\":{\"limitBytes\":8192}}}"),
                Arguments.of(Rejections.malformedHttp("invalid chunk size"), 400, "{\"jsonrpc\":\"2.0\",\"id\":null,"
                        + "\"error\":{\"code\":-32600,\"message\":\"Bad Request: malformed HTTP request: invalid "
                        + "chunk size\"}}"),
                Arguments.of(Rejections.connectionLimit(), 503, "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{"
                        + "\"code\":-32603,\"message\":\"Service unavailable: the gateway is at its connection limit; "
                        + "retry later\"}}"),
                Arguments.of(Rejections.upstreamUnreachable(ID, "everything", "connection refused"), 502,
                        "{\"jsonrpc\":\"2.0\",\"id\":42,\"error\":{\"code\":-32603,\"message\":\"Bad gateway: "
                                + "upstream \\\"everything\\\" is unreachable: connection refused\",\"data\":{"
                                + "\"upstream\":\"everything\"}}}"),
                Arguments.of(Rejections.upstreamProcessFailed(ID, "memory", "upstream process exited with code 1"),
                        502, "{\"jsonrpc\":\"2.0\",\"id\":42,\"error\":{\"code\":-32603,\"message\":\"Bad gateway: "
                                + "upstream \\\"memory\\\": upstream process exited with code 1\",\"data\":{"
                                + "\"upstream\":\"memory\"}}}"),
                Arguments.of(Rejections.upstreamTimeout(ID, "everything", Duration.ofSeconds(30)), 504,
                        "{\"jsonrpc\":\"2.0\",\"id\":42,\"error\":{\"code\":-32603,\"message\":\"Gateway timeout: "
                                + "upstream \\\"everything\\\" did not answer within 30000 ms\",\"data\":{"
                                + "\"upstream\":\"everything\",\"timeoutMs\":30000}}}"),
                Arguments.of(Rejections.upstreamInvalidResponse(ID, "everything", 200, "Content-Type text/html"), 502,
                        "{\"jsonrpc\":\"2.0\",\"id\":42,\"error\":{\"code\":-32603,\"message\":\"Bad gateway: "
                                + "upstream \\\"everything\\\" sent an invalid response (HTTP 200): Content-Type "
                                + "text/html\",\"data\":{\"upstream\":\"everything\",\"status\":200}}}"),
                Arguments.of(Rejections.upstreamError(ID, "everything", 500, "<html><head><title>500 Internal Server "
                        + "Error</title></head><body><h1>Oops</h1></body></html>"), 502,
                        "{\"jsonrpc\":\"2.0\",\"id\":42,\"error\":{\"code\":-32603,\"message\":\"Bad gateway: "
                                + "upstream \\\"everything\\\" failed with HTTP 500: 500 Internal Server Error\","
                                + "\"data\":{\"upstream\":\"everything\",\"status\":500,\"detail\":\"500 Internal "
                                + "Server Error\",\"outcome\":\"unknown\"}}}"),
                Arguments.of(Rejections.upstreamError(ID, "everything", 503, ""), 502,
                        "{\"jsonrpc\":\"2.0\",\"id\":42,\"error\":{\"code\":-32603,\"message\":\"Bad gateway: "
                                + "upstream \\\"everything\\\" failed with HTTP 503\",\"data\":{\"upstream\":"
                                + "\"everything\",\"status\":503,\"outcome\":\"unknown\"}}}"));
    }

    @ParameterizedTest(name = "{1}: {2}")
    @MethodSource("factories")
    void factoriesProduceTheDocumentedAnswer(Rejection rejection, int status, String body) {
        assertThat(rejection.httpStatus()).isEqualTo(status);
        assertThat(new String(rejection.body(), StandardCharsets.UTF_8)).isEqualTo(body);
        assertThat(rejection.contentType()).isEqualTo("application/json");
    }

    @Test
    void anUpstreamErrorDetailNamesNoFilePathOfTheUpstream() {
        Rejection rejection = Rejections.upstreamError(JsonRpcId.of(4), "everything", 500,
                "Error: EACCES: permission denied, open '/home/svc/app/config.json'\n    at open (node:fs:1)");

        assertThat(rejection.error().message()).isEqualTo("Bad gateway: upstream \"everything\" failed with HTTP 500: "
                + "Error: EACCES: permission denied, open '[path]'");
    }

    @Test
    void methodNotAllowedAdvertisesPost() {
        assertThat(Rejections.methodNotAllowed().headers()).isEqualTo(Map.of("Allow", "POST"));
        assertThat(Rejections.methodNotAllowed("GET").headers()).isEqualTo(Map.of("Allow", "POST"));
    }

    static Stream<Arguments> snippets() {
        return Stream.of(
                Arguments.of("<!DOCTYPE html><html><body><h1>Bad Gateway</h1>\n<p>nginx</p></body></html>",
                        "Bad Gateway nginx"),
                Arguments.of("<html><head><style>h1{color:red}</style><script>var x=1;</script></head>"
                        + "<body>Error</body></html>", "Error"),
                Arguments.of("java.lang.IllegalStateException: pool closed\n\tat com.acme.Pool.get(Pool.java:12)\n\tat "
                        + "com.acme.Main.main(Main.java:3)", "java.lang.IllegalStateException: pool closed"),
                Arguments.of("TypeError: x is undefined\n    at handler (/srv/app.js:10:5)", "TypeError: x is undefined"),
                Arguments.of("line1\r\nline2\u0000\u0007  \t line3", "line1 line2 line3"),
                Arguments.of("x".repeat(500), "x".repeat(200) + "…"),
                Arguments.of(null, ""));
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @MethodSource("snippets")
    void upstreamErrorBodiesAreReducedToOneShortLine(String body, String detail) {
        assertThat(Rejections.sanitizeSnippet(body)).isEqualTo(detail);
    }

    @Test
    void rejectionWithoutErrorHasAnEmptyBody() {
        Rejection bare = new Rejection(400, null, null, null);
        assertThat(bare.body()).isEmpty();
        assertThat(bare.contentType()).isNull();
        assertThat(bare.headers()).isEmpty();
    }

    @Test
    void withIdKeepsEverythingElse() {
        Rejection rejection = Rejections.methodNotAllowed("PUT").withId(ID);
        assertThat(rejection.id()).isEqualTo(ID);
        assertThat(rejection.httpStatus()).isEqualTo(405);
        assertThat(rejection.headers()).containsEntry("Allow", "POST");
        assertThat(new String(rejection.body(), StandardCharsets.UTF_8)).contains("\"id\":42");
    }

    @Test
    void statusMustBeAnError() {
        assertThatThrownBy(() -> new Rejection(200, null, null, null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void hostileValuesAreClipped() {
        String message = Rejections.unknownPath("/" + "a".repeat(10_000)).error().message();
        assertThat(message).hasSizeLessThan(260).endsWith("…\"");
    }
}
