package io.eragate.core.frontdoor;

import static io.eragate.core.frontdoor.TestRequests.call;
import static io.eragate.core.frontdoor.TestRequests.toolsCall;
import static io.eragate.core.frontdoor.TestRequests.toolsList;
import static io.eragate.core.frontdoor.TestRequests.withBody;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** One table per rung of the ladder: each row breaks one thing and expects the exact answer. */
class FrontDoorLadderTest {

    private static final String META_TAIL = "every request needs params._meta with "
            + "\"io.modelcontextprotocol/protocolVersion\" (a string) and "
            + "\"io.modelcontextprotocol/clientCapabilities\" (an object)";

    // --- rung 1: route and HTTP method ---

    static Stream<LadderCase> routeAndMethod() {
        return Stream.of(
                LadderCase.of("unrouted path", toolsCall().path("/other"), 404, -32600,
                        "Not found: no MCP endpoint at path \"/other\""),
                LadderCase.of("trailing slash is another path", toolsCall().path("/mcp/"), 404, -32600,
                        "Not found: no MCP endpoint at path \"/mcp/\""),
                LadderCase.of("path case matters", toolsCall().path("/MCP"), 404, -32600,
                        "Not found: no MCP endpoint at path \"/MCP\""),
                LadderCase.of("no percent-decoding", toolsCall().path("/m%63p"), 404, -32600,
                        "Not found: no MCP endpoint at path \"/m%63p\""),
                LadderCase.of("GET without body", toolsCall().httpMethod("GET").body(""), 405, -32600,
                        "Method not allowed: \"GET\"; this MCP endpoint accepts only POST").withId("null"),
                LadderCase.of("DELETE", toolsCall().httpMethod("DELETE").body(""), 405, -32600,
                        "Method not allowed: \"DELETE\"; this MCP endpoint accepts only POST").withId("null"),
                LadderCase.of("PUT with a body keeps its id", toolsCall().httpMethod("PUT"), 405, -32600,
                        "Method not allowed: \"PUT\"; this MCP endpoint accepts only POST"),
                LadderCase.of("OPTIONS", toolsCall().httpMethod("OPTIONS").body(""), 405, -32600,
                        "Method not allowed: \"OPTIONS\"; this MCP endpoint accepts only POST").withId("null"),
                LadderCase.of("method names are case-sensitive", toolsCall().httpMethod("post"), 405, -32600,
                        "Method not allowed: \"post\"; this MCP endpoint accepts only POST"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("routeAndMethod")
    void rung1RouteAndMethod(LadderCase row) {
        Rejection rejection = row.assertRejected();
        if (rejection.httpStatus() == 405) {
            assertThat(rejection.headers()).containsEntry("Allow", "POST");
        }
    }

    // --- rung 2: Origin and Host ---

    static Stream<LadderCase> originAndHost() {
        return Stream.of(
                LadderCase.of("foreign Origin", toolsCall().header("Origin", "http://evil.example.com"), 403, -32600,
                        "Forbidden: Origin \"http://evil.example.com\" is not allowed"),
                LadderCase.of("right host, wrong scheme", toolsCall().header("Origin", "https://localhost"), 403,
                        -32600, "Forbidden: Origin \"https://localhost\" is not allowed"),
                LadderCase.of("opaque Origin", toolsCall().header("Origin", "null"), 403, -32600,
                        "Forbidden: Origin \"null\" is not allowed (an opaque origin such as a sandboxed page or a "
                                + "file)"),
                LadderCase.of("two Origin fields", toolsCall().header("Origin", "http://localhost",
                        "http://localhost"), 403, -32600, "Forbidden: more than one Origin header field (2)"),
                LadderCase.of("Origin with a path", toolsCall().header("Origin", "http://localhost/x"), 403, -32600,
                        "Forbidden: Origin \"http://localhost/x\" is not scheme://host[:port]"),
                LadderCase.of("foreign Host", toolsCall().header("Host", "evil.example.com"), 403, -32600,
                        "Forbidden: Host \"evil.example.com\" is not allowed"),
                LadderCase.of("rebinding Host with allowed port", toolsCall().header("Host", "evil.example.com:8080"),
                        403, -32600, "Forbidden: Host \"evil.example.com:8080\" is not allowed"),
                LadderCase.of("no Host", toolsCall().without("Host"), 403, -32600,
                        "Forbidden: the Host header is missing (HTTP/1.1 requires it)"),
                LadderCase.of("two Host fields", toolsCall().header("Host", "localhost", "localhost"), 403, -32600,
                        "Forbidden: more than one Host header field (2)"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("originAndHost")
    void rung2OriginAndHostKeepTheRequestId(LadderCase row) {
        row.assertRejected();
    }

    // --- rung 3: Accept and Content-Type ---

    static Stream<LadderCase> mediaTypes() {
        String acceptPrefix = "Not Acceptable: the Accept header must list both application/json and "
                + "text/event-stream; ";
        String typePrefix = "Unsupported Media Type: Content-Type must be application/json; ";
        return Stream.of(
                LadderCase.of("no Accept", toolsCall().without("Accept"), 406, -32600,
                        acceptPrefix + "no Accept header"),
                LadderCase.of("JSON only", toolsCall().header("Accept", "application/json"), 406, -32600,
                        acceptPrefix + "got \"application/json\""),
                LadderCase.of("SSE only", toolsCall().header("Accept", "text/event-stream"), 406, -32600,
                        acceptPrefix + "got \"text/event-stream\""),
                LadderCase.of("SSE refused by q=0", toolsCall().header("Accept", "*/*, text/event-stream;q=0"), 406,
                        -32600, acceptPrefix + "got \"*/*, text/event-stream;q=0\""),
                LadderCase.of("JSON refused by q=0.000", toolsCall().header("Accept",
                        "application/json;q=0.000, text/event-stream"), 406, -32600,
                        acceptPrefix + "got \"application/json;q=0.000, text/event-stream\""),
                LadderCase.of("substring is not a media type", toolsCall().header("Accept",
                        "text/plain;a=\"application/json, text/event-stream\""), 406, -32600, acceptPrefix + "…"),
                LadderCase.of("no Content-Type", toolsCall().without("Content-Type"), 415, -32600,
                        typePrefix + "no Content-Type header"),
                LadderCase.of("text/plain", toolsCall().header("Content-Type", "text/plain"), 415, -32600,
                        typePrefix + "got \"text/plain\""),
                LadderCase.of("json-seq is not json", toolsCall().header("Content-Type", "application/json-seq"),
                        415, -32600, typePrefix + "got \"application/json-seq\""),
                LadderCase.of("two Content-Type fields that disagree", toolsCall().header("Content-Type",
                        "application/json", "text/plain"), 415, -32600,
                        typePrefix + "got \"application/json, text/plain\""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mediaTypes")
    void rung3MediaTypesKeepTheId(LadderCase row) {
        row.assertRejected();
    }

    // --- rung 4: JSON and JSON-RPC shape ---

    static Stream<LadderCase> bodyShape() {
        String notObject = "Invalid Request: the body is ";
        return Stream.of(
                LadderCase.of("empty body", withBody(""), 400, -32700, "Parse error: the body is empty"),
                LadderCase.of("UTF-16LE with a byte order mark", toolsCall().body(encoded("\uFEFF", "UTF-16LE")), 400,
                        -32700, "Parse error: the body is not UTF-8: it starts with the UTF-16LE byte order mark")
                        .withId("null"),
                LadderCase.of("UTF-16BE with a byte order mark", toolsCall().body(encoded("\uFEFF", "UTF-16BE")), 400,
                        -32700, "Parse error: the body is not UTF-8: it starts with the UTF-16BE byte order mark")
                        .withId("null"),
                LadderCase.of("UTF-32LE with a byte order mark", toolsCall().body(encoded("\uFEFF", "UTF-32LE")), 400,
                        -32700, "Parse error: the body is not UTF-8: it starts with the UTF-32LE byte order mark")
                        .withId("null"),
                LadderCase.of("UTF-16 without a byte order mark", toolsCall().body(encoded("", "UTF-16LE")), 400,
                        -32700, "Parse error: the body is not UTF-8: it has NUL bytes, as UTF-16 or UTF-32 text does")
                        .withId("null"),
                LadderCase.of("invalid UTF-8", toolsCall().body(latin1Name()), 400, -32700,
                        "Parse error: the body is not UTF-8: it has an invalid UTF-8 byte sequence").withId("null"),
                LadderCase.of("truncated JSON", withBody("{\"jsonrpc\":"), 400, -32700, "Parse error: …"),
                LadderCase.of("not JSON", withBody("hello"), 400, -32700, "Parse error: …"),
                LadderCase.of("trailing content", withBody("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"} x"),
                        400, -32700, "Parse error: …"),
                LadderCase.of("duplicate member", withBody("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\","
                        + "\"method\":\"tools/call\"}"), 400, -32700, "Parse error: Duplicate field 'method'…"),
                LadderCase.of("batch", withBody("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}]"), 400,
                        -32600, notObject + "an array (batches are not supported; send exactly one request or "
                                + "notification per POST), not a JSON-RPC message object"),
                LadderCase.of("JSON null", withBody("null"), 400, -32600,
                        notObject + "null, not a JSON-RPC message object"),
                LadderCase.of("JSON number", withBody("42"), 400, -32600,
                        notObject + "a number, not a JSON-RPC message object"),
                LadderCase.of("posted response", withBody("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}"), 400,
                        -32600, "Invalid Request: a JSON-RPC response cannot be posted; in 2026-07-28 servers send "
                                + "no requests that a client could answer").withId("1"),
                LadderCase.of("null id", withBody("{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"tools/list\"}"), 400,
                        -32600, "Invalid Request: \"id\" must not be null; omit it for a notification"),
                LadderCase.of("boolean id", withBody("{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"tools/list\"}"),
                        400, -32600, "Invalid Request: \"id\" must be a string or a number, not a boolean"),
                LadderCase.of("no jsonrpc member", withBody("{\"id\":\"a\",\"method\":\"tools/list\"}"), 400, -32600,
                        "Invalid Request: the \"jsonrpc\" member is missing; it must be \"2.0\"").withId("\"a\""),
                LadderCase.of("wrong jsonrpc", withBody("{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"tools/list\"}"),
                        400, -32600, "Invalid Request: \"jsonrpc\" must be \"2.0\", not \"1.0\"").withId("1"),
                LadderCase.of("jsonrpc as number", withBody("{\"jsonrpc\":2.0,\"id\":1,\"method\":\"tools/list\"}"),
                        400, -32600, "Invalid Request: \"jsonrpc\" must be \"2.0\", not 2.0").withId("1"),
                LadderCase.of("method not a string", withBody("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":5}"), 400,
                        -32600, "Invalid Request: \"method\" must be a string, not a number").withId("1"),
                LadderCase.of("params an array", withBody("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\","
                        + "\"params\":[]}"), 400, -32600, "Invalid Request: \"params\" must be an object, not an "
                        + "array").withId("1"),
                LadderCase.of("params null", withBody("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\","
                        + "\"params\":null}"), 400, -32600, "Invalid Request: \"params\" must be an object, not "
                        + "null").withId("1"))
                .map(row -> row.id().equals("7") ? row.withId("null") : row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bodyShape")
    void rung4BodyShape(LadderCase row) {
        row.assertRejected();
    }

    // --- rung 5: notifications are accepted without header checks ---

    static Stream<TestRequests.Builder> notifications() {
        String cancelled = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":1}}";
        return Stream.of(
                withBody(cancelled).without("MCP-Protocol-Version").without("Mcp-Method").without("Mcp-Name"),
                withBody(cancelled).header("Mcp-Method", "tools/call").header("MCP-Protocol-Version", "1999-01-01"),
                withBody("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"),
                withBody("{\"jsonrpc\":\"2.0\",\"method\":\"x/custom\",\"params\":{}}"));
    }

    @ParameterizedTest
    @MethodSource("notifications")
    void rung5NotificationsAreAccepted(TestRequests.Builder request) {
        Verdict verdict = request.check();
        assertThat(verdict).isInstanceOf(Verdict.Accepted.class);
        ValidatedRequest accepted = ((Verdict.Accepted) verdict).request();
        assertThat(accepted.isNotification()).isTrue();
        assertThat(accepted.id()).isNull();
        assertThat(accepted.protocolVersion()).isNull();
        assertThat(accepted.name()).isNull();
    }

    @Test
    void malformedNotificationIsRejectedWithoutId() {
        LadderCase.of("notification with array params", withBody("{\"jsonrpc\":\"2.0\",\"method\":\"x\","
                + "\"params\":[1]}"), 400, -32600, "Invalid Request: \"params\" must be an object, not an array")
                .withId("null").assertRejected();
    }

    // --- legacy handshake on a modern-only front ---

    @Test
    void legacyInitializeGetsTheSupportedVersions() {
        Rejection rejection = LadderCase.of("legacy initialize", withBody("{\"jsonrpc\":\"2.0\",\"id\":0,"
                + "\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"old\",\"version\":\"1\"}}}").without("MCP-Protocol-Version")
                .header("Mcp-Method", "initialize"), 400, -32022, "Unsupported protocol version \"2025-06-18\": "
                + "this endpoint speaks 2026-07-28, which has no initialize handshake; send each request with "
                + "params._meta instead").withId("0").assertRejected();
        JsonNode data = rejection.error().data();
        assertThat(data.get("supported")).hasToString("[\"2026-07-28\"]");
        assertThat(data.get("requested").asText()).isEqualTo("2025-06-18");
    }

    // --- rung 6: protocol version header and envelope ---

    static Stream<LadderCase> versionAndEnvelope() {
        String bare = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"params\":%s}";
        return Stream.of(
                LadderCase.of("no MCP-Protocol-Version", toolsList().without("MCP-Protocol-Version"), 400, -32020,
                        "Header mismatch: the MCP-Protocol-Version header is missing; it is required on every "
                                + "request and must equal the body's protocol version \"2026-07-28\""),
                LadderCase.of("no params", toolsList().body("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\"}"),
                        400, -32602, "Invalid params: params is missing; " + META_TAIL),
                LadderCase.of("no _meta", toolsList().body(String.format(bare, "{}")), 400, -32602,
                        "Invalid params: params._meta is missing; " + META_TAIL),
                LadderCase.of("_meta not an object", toolsList().body(String.format(bare, "{\"_meta\":[]}")), 400,
                        -32602, "Invalid params: params._meta must be an object with "
                                + "\"io.modelcontextprotocol/protocolVersion\" (a string) and "
                                + "\"io.modelcontextprotocol/clientCapabilities\" (an object)"),
                LadderCase.of("_meta without protocolVersion", toolsList().body(String.format(bare,
                        "{\"_meta\":{\"io.modelcontextprotocol/clientCapabilities\":{}}}")), 400, -32602,
                        "Invalid params: params._meta lacks \"io.modelcontextprotocol/protocolVersion\""),
                LadderCase.of("_meta without clientCapabilities", toolsList().body(String.format(bare,
                        "{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}")), 400, -32602,
                        "Invalid params: params._meta lacks \"io.modelcontextprotocol/clientCapabilities\""),
                LadderCase.of("empty _meta", toolsList().body(String.format(bare, "{\"_meta\":{}}")), 400, -32602,
                        "Invalid params: params._meta lacks \"io.modelcontextprotocol/protocolVersion\" and lacks "
                                + "\"io.modelcontextprotocol/clientCapabilities\""),
                LadderCase.of("wrong types in _meta", toolsList().body(String.format(bare,
                        "{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":20260728,"
                                + "\"io.modelcontextprotocol/clientCapabilities\":\"all\"}}")), 400, -32602,
                        "Invalid params: params._meta \"io.modelcontextprotocol/protocolVersion\" must be a string, "
                                + "not a number and \"io.modelcontextprotocol/clientCapabilities\" must be an object, "
                                + "not a string"),
                LadderCase.of("header and body versions differ", toolsList().body(String.format(bare,
                        "{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"v999.0.0\","
                                + "\"io.modelcontextprotocol/clientCapabilities\":{}}}")), 400, -32020,
                        "Header mismatch: MCP-Protocol-Version header \"2026-07-28\" does not match body protocol "
                                + "version \"v999.0.0\""),
                LadderCase.of("unsupported version", toolsList().header("MCP-Protocol-Version", "v999.0.0")
                        .body(String.format(bare, "{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":"
                                + "\"v999.0.0\",\"io.modelcontextprotocol/clientCapabilities\":{}}}")), 400, -32022,
                        "Unsupported protocol version \"v999.0.0\"; supported: 2026-07-28"),
                LadderCase.of("legacy version in both places", toolsList().header("MCP-Protocol-Version",
                        "2025-11-25").body(String.format(bare, "{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\""
                        + ":\"2025-11-25\",\"io.modelcontextprotocol/clientCapabilities\":{}}}")), 400, -32022,
                        "Unsupported protocol version \"2025-11-25\"; supported: 2026-07-28"),
                LadderCase.of("two version fields that disagree", toolsList().header("MCP-Protocol-Version",
                        "2026-07-28", "2025-11-25"), 400, -32020, "Header mismatch: MCP-Protocol-Version is sent in "
                        + "several fields that disagree (\"2026-07-28\", \"2025-11-25\")"),
                LadderCase.of("NUL in the version", toolsList().header("MCP-Protocol-Version", "2026\u0000-07-28"),
                        400, -32020, "Header mismatch: the MCP-Protocol-Version header contains the control "
                                + "character 0x00 at position 4"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("versionAndEnvelope")
    void rung6VersionAndEnvelope(LadderCase row) {
        row.assertRejected();
    }

    @Test
    void versionMismatchCarriesBothValues() {
        Rejection rejection = LadderCase.of("mismatch", toolsList().header("MCP-Protocol-Version", "2025-11-25"), 400,
                -32020, "Header mismatch: …").assertRejected();
        assertThat(rejection.error().data()).hasToString("{\"headerName\":\"MCP-Protocol-Version\","
                + "\"mismatch\":{\"header\":\"2025-11-25\",\"body\":\"2026-07-28\"}}");
    }

    @Test
    void unsupportedVersionListsSupportedAndRequested() {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":301,\"method\":\"server/discover\",\"params\":{\"_meta\":{"
                + "\"io.modelcontextprotocol/protocolVersion\":\"v999.0.0\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
        Rejection rejection = LadderCase.of("unsupported", call("server/discover", null, null).body(body)
                .header("MCP-Protocol-Version", "v999.0.0"), 400, -32022, "Unsupported protocol version …")
                .withId("301").assertRejected();
        assertThat(rejection.error().data()).hasToString("{\"supported\":[\"2026-07-28\"],\"requested\":\"v999.0.0\"}");
    }

    // --- rung 7: Mcp-Method, Mcp-Name, Mcp-Param-* ---

    static Stream<LadderCase> mirroredHeaders() {
        String helloWorld = "\"name\":\"Hello, 世界\",\"arguments\":{}";
        return Stream.of(
                LadderCase.of("no Mcp-Method", toolsCall().without("Mcp-Method"), 400, -32020, "Header mismatch: the "
                        + "Mcp-Method header is missing; it must repeat the body method \"tools/call\""),
                LadderCase.of("other Mcp-Method", toolsCall().header("Mcp-Method", "tools/list"), 400, -32020,
                        "Header mismatch: Mcp-Method header \"tools/list\" does not match body method \"tools/call\""),
                LadderCase.of("values are case-sensitive", toolsCall().header("mcp-method", "TOOLS/CALL"), 400, -32020,
                        "Header mismatch: Mcp-Method header \"TOOLS/CALL\" does not match body method "
                                + "\"tools/call\""),
                LadderCase.of("two Mcp-Method fields", toolsCall().header("Mcp-Method", "tools/call", "tools/list"),
                        400, -32020, "Header mismatch: Mcp-Method is sent in several fields that disagree "
                                + "(\"tools/call\", \"tools/list\")"),
                LadderCase.of("CR in Mcp-Method", toolsCall().header("Mcp-Method", "tools/call\r"), 400, -32020,
                        "Header mismatch: the Mcp-Method header contains the control character 0x0D at position 10"),
                LadderCase.of("no Mcp-Name", toolsCall().without("Mcp-Name"), 400, -32020, "Header mismatch: the "
                        + "Mcp-Name header is missing; tools/call requires it to repeat params.name \"echo\""),
                LadderCase.of("other Mcp-Name", toolsCall().header("Mcp-Name", "wrong_tool_name"), 400, -32020,
                        "Header mismatch: Mcp-Name header \"wrong_tool_name\" does not match params.name \"echo\""),
                LadderCase.of("sentinel of another name", toolsCall().header("Mcp-Name", "=?base64?SGVsbG8=?="), 400,
                        -32020, "Header mismatch: Mcp-Name header \"=?base64?SGVsbG8=?=\" (decoded \"Hello\") does "
                                + "not match params.name \"echo\""),
                LadderCase.of("sentinel without padding", call("tools/call", "\"name\":\"Hello\"",
                        "=?base64?SGVsbG8?="), 400, -32020, "Header mismatch: Mcp-Name header \"=?base64?SGVsbG8?=\" is "
                        + "not a valid Base64 sentinel: the Base64 payload length 7 is not a multiple of 4 (padding "
                        + "is required)"),
                LadderCase.of("sentinel with bad characters", call("tools/call", "\"name\":\"Hello\"",
                        "=?base64?SGVs!!!bG8=?="), 400, -32020, "Header mismatch: Mcp-Name header "
                        + "\"=?base64?SGVs!!!bG8=?=\" is not a valid Base64 sentinel: the Base64 payload has the "
                        + "character '!' at position 4, outside the standard alphabet"),
                LadderCase.of("sentinel of invalid UTF-8", call("tools/call", "\"name\":\"x\"", "=?base64?/w==?="), 400,
                        -32020, "Header mismatch: Mcp-Name header \"=?base64?/w==?=\" is not a valid Base64 "
                                + "sentinel: the Base64 payload does not decode to valid UTF-8"),
                LadderCase.of("uppercase sentinel is a literal", call("tools/call", "\"name\":\"Hello\"",
                        "=?BASE64?SGVsbG8=?="), 400, -32020, "Header mismatch: Mcp-Name header "
                        + "\"=?BASE64?SGVsbG8=?=\" does not match params.name \"Hello\""),
                LadderCase.of("raw non-ASCII instead of the sentinel", call("tools/call", helloWorld,
                        "Hello, ä¸\u0096ç\u0095\u008C"), 400, -32020, "Header mismatch: Mcp-Name header …"),
                LadderCase.of("prompts/get without Mcp-Name", call("prompts/get", "\"name\":\"greet\"", null), 400,
                        -32020, "Header mismatch: the Mcp-Name header is missing; prompts/get requires it to repeat "
                                + "params.name \"greet\""),
                LadderCase.of("resources/read with another uri", call("resources/read", "\"uri\":\"test://a\"",
                        "test://b"), 400, -32020, "Header mismatch: Mcp-Name header \"test://b\" does not match "
                        + "params.uri \"test://a\""),
                LadderCase.of("tools/call without params.name", call("tools/call", "\"arguments\":{}", "echo"), 400,
                        -32602, "Invalid params: tools/call requires params.name, a string"),
                LadderCase.of("resources/read with a numeric uri", call("resources/read", "\"uri\":5", "5"), 400,
                        -32602, "Invalid params: resources/read requires params.uri, a string, not a number"),
                LadderCase.of("two Mcp-Name fields on tools/list", toolsList().header("Mcp-Name", "a", "b"), 400,
                        -32020, "Header mismatch: Mcp-Name is sent in several fields that disagree (\"a\", \"b\")"),
                LadderCase.of("two Mcp-Param fields that disagree", toolsCall().header("Mcp-Param-Region", "eu")
                        .add("mcp-param-region", "us"), 400, -32020, "Header mismatch: Mcp-Param-Region is sent in "
                        + "several fields that disagree (\"eu\", \"us\")"),
                LadderCase.of("NUL in an Mcp-Param field", toolsCall().header("Mcp-Param-Region", "e\u0000u"), 400,
                        -32020, "Header mismatch: the Mcp-Param-Region header contains the control character 0x00 "
                                + "at position 1"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mirroredHeaders")
    void rung7MirroredHeaders(LadderCase row) {
        row.assertRejected();
    }

    @Test
    void methodMismatchCarriesBothValues() {
        Rejection rejection = LadderCase.of("mismatch", toolsCall().header("Mcp-Method", "tools/list"), 400, -32020,
                "Header mismatch: …").assertRejected();
        assertThat(rejection.error().data()).hasToString("{\"headerName\":\"Mcp-Method\","
                + "\"mismatch\":{\"header\":\"tools/list\",\"body\":\"tools/call\"}}");
    }

    // --- rung 8: method inventory ---

    static Stream<LadderCase> methodInventory() {
        String removed = " (removed in protocol version 2026-07-28)";
        return Stream.of(
                LadderCase.of("initialize with an envelope", call("initialize", null, null), 404, -32601,
                        "Method not found: \"initialize\"" + removed),
                LadderCase.of("ping", call("ping", null, null), 404, -32601, "Method not found: \"ping\"" + removed),
                LadderCase.of("logging/setLevel", call("logging/setLevel", "\"level\":\"info\"", null), 404, -32601,
                        "Method not found: \"logging/setLevel\"" + removed),
                LadderCase.of("resources/subscribe", call("resources/subscribe", "\"uri\":\"test://a\"", null), 404,
                        -32601, "Method not found: \"resources/subscribe\"" + removed),
                LadderCase.of("resources/unsubscribe", call("resources/unsubscribe", "\"uri\":\"test://a\"", null),
                        404, -32601, "Method not found: \"resources/unsubscribe\"" + removed),
                LadderCase.of("unknown method", call("unknown/method", null, null), 404, -32601,
                        "Method not found: \"unknown/method\""),
                LadderCase.of("server-to-client method", call("sampling/createMessage", null, null), 404, -32601,
                        "Method not found: \"sampling/createMessage\""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("methodInventory")
    void rung8MethodInventory(LadderCase row) {
        row.assertRejected();
    }

    // --- accepted requests ---

    static Stream<TestRequests.Builder> accepted() {
        return Stream.of(
                toolsCall(),
                toolsCall().path("/mcp?trace=1"),
                toolsCall().header("Origin", "http://localhost:3000"),
                toolsCall().header("Origin", "HTTP://LOCALHOST"),
                toolsCall().header("Host", "localhost"),
                toolsCall().header("Accept", "*/*"),
                toolsCall().header("Accept", "application/*, text/*"),
                toolsCall().header("Accept", "text/event-stream").add("Accept", "application/json;q=0.5"),
                toolsCall().header("Content-Type", "application/json; charset=utf-8"),
                toolsCall().header("Content-Type", "Application/JSON"),
                toolsCall().header("mcp-method", "tools/call").header("MCP-NAME", "echo"),
                toolsCall().header("Mcp-Name", "  echo\t"),
                toolsCall().header("MCP-Protocol-Version", " 2026-07-28 ", "2026-07-28"),
                toolsCall().header("Mcp-Method", "tools/call", " tools/call"),
                toolsCall().header("Mcp-Session-Id", "stale-session").header("Last-Event-ID", "42"),
                toolsCall().header("Mcp-Param-Region", "eu").add("MCP-PARAM-REGION", "eu"),
                toolsList().header("Mcp-Name", "ignored-on-tools-list"),
                call("tools/call", "\"name\":\"Hello, 世界\"", "=?base64?SGVsbG8sIOS4lueVjA==?="),
                call("tools/call", "\"name\":\"=?BASE64?SGVsbG8=?=\"", "=?BASE64?SGVsbG8=?="),
                call("tools/call", "\"name\":\"=?base64?SGVsbG8=?=\"", HeaderSentinel.encode("=?base64?SGVsbG8=?=")),
                call("prompts/get", "\"name\":\"greet\"", "greet"),
                call("resources/read", "\"uri\":\"test://static-text\"", "test://static-text"),
                call("server/discover", null, null),
                call("subscriptions/listen", "\"filter\":{}", null),
                toolsList().body("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"params\":{\"_meta\":{"
                        + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                        + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}"));
    }

    @ParameterizedTest
    @MethodSource("accepted")
    void validRequestsAreAccepted(TestRequests.Builder request) {
        InboundRequest inbound = request.build();
        Verdict verdict = TestRequests.FRONT_DOOR.check(inbound);
        assertThat(verdict).isInstanceOf(Verdict.Accepted.class);
        ValidatedRequest accepted = ((Verdict.Accepted) verdict).request();
        assertThat(accepted.isNotification()).isFalse();
        assertThat(accepted.protocolVersion()).isEqualTo("2026-07-28");
        assertThat(accepted.id()).hasToString("7");
        assertThat(accepted.originalBody()).isSameAs(inbound.body());
    }

    @Test
    void acceptedRequestCarriesTheValidatedValues() {
        Verdict verdict = call("tools/call", "\"name\":\"Hello, 世界\",\"arguments\":{\"a\":1}",
                "=?base64?SGVsbG8sIOS4lueVjA==?=").check();
        ValidatedRequest accepted = ((Verdict.Accepted) verdict).request();
        assertThat(accepted.method()).isEqualTo("tools/call");
        assertThat(accepted.name()).isEqualTo("Hello, 世界");
        assertThat(accepted.params().get("arguments")).hasToString("{\"a\":1}");

        ValidatedRequest list = ((Verdict.Accepted) toolsList().header("Mcp-Name", "x").check()).request();
        assertThat(list.name()).isNull();
        ValidatedRequest read = ((Verdict.Accepted) call("resources/read", "\"uri\":\"test://a\"", "test://a")
                .check()).request();
        assertThat(read.name()).isEqualTo("test://a");
    }

    @Test
    void checkBeforeBodyRunsOnlyTheFirstThreeRungs() {
        FrontDoor door = TestRequests.FRONT_DOOR;
        HeaderView fine = toolsCall().build().headers();
        assertThat(door.checkBeforeBody("POST", "/mcp?x=1", fine)).isEmpty();
        assertThat(door.checkBeforeBody("GET", "/mcp", fine)).hasValueSatisfying(r -> {
            assertThat(r.httpStatus()).isEqualTo(405);
            assertThat(r.id()).isNull();
        });
        HeaderView noAccept = toolsCall().without("Accept").build().headers();
        assertThat(door.checkBeforeBody("POST", "/mcp", noAccept)).hasValueSatisfying(r ->
                assertThat(r.httpStatus()).isEqualTo(406));
        HeaderView missingMcpHeaders = toolsCall().without("Mcp-Method").without("MCP-Protocol-Version").build()
                .headers();
        assertThat(door.checkBeforeBody("POST", "/mcp", missingMcpHeaders)).isEmpty();
    }

    @Test
    void knownMethodsCanBeWidened() {
        FrontDoorPolicy base = TestRequests.POLICY;
        Set<String> known = new HashSet<>(base.knownMethods());
        known.add("tasks/get");
        FrontDoor widened = new FrontDoor(new FrontDoorPolicy(base.routes(), base.originPolicy(),
                base.supportedVersions(), known));
        TestRequests.Builder tasksGet = call("tasks/get", "\"taskId\":\"t1\"", null);
        assertThat(TestRequests.FRONT_DOOR.check(tasksGet.build())).isInstanceOf(Verdict.Rejected.class);
        assertThat(widened.check(tasksGet.build())).isInstanceOf(Verdict.Accepted.class);
    }

    /** The default tools/call body, with {@code prefix} before it, in {@code charset}. */
    private static byte[] encoded(String prefix, String charset) {
        return (prefix + new String(toolsCall().build().body(), StandardCharsets.UTF_8))
                .getBytes(Charset.forName(charset));
    }

    /** A tools/call body with an ISO-8859-1 "é" in a string: a byte that starts no valid UTF-8 sequence. */
    private static byte[] latin1Name() {
        return "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"caf\u00e9\"}}"
                .getBytes(StandardCharsets.ISO_8859_1);
    }
}
