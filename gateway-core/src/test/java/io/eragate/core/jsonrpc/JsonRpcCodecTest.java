package io.eragate.core.jsonrpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class JsonRpcCodecTest {

    static Stream<Arguments> wellFormed() {
        return Stream.of(
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}",
                        new JsonRpcRequest(JsonRpcId.of(1), "tools/list", null)),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":\"a-1\",\"method\":\"tools/list\",\"params\":{}}",
                        new JsonRpcRequest(JsonRpcId.of("a-1"), "tools/list", JsonNodeFactory.instance.objectNode())),
                Arguments.of("{\"method\":\"x\",\"jsonrpc\":\"2.0\",\"extra\":true}",
                        new JsonRpcNotification("x", null)),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}",
                        JsonRpcResponse.success(JsonRpcId.of(2), JsonNodeFactory.instance.objectNode())),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"bad\"}}",
                        JsonRpcResponse.failure(null, JsonRpcError.of(-32700, "bad"))),
                Arguments.of(" \n{\"jsonrpc\":\"2.0\",\"method\":\"\"}\n ", new JsonRpcNotification("", null)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("wellFormed")
    void classifiesWellFormedMessages(String json, JsonRpcMessage expected) {
        Decoded decoded = JsonRpcCodec.decode(json.getBytes(StandardCharsets.UTF_8));
        assertThat(decoded).isInstanceOf(Decoded.Message.class);
        assertThat(((Decoded.Message) decoded).message()).isEqualTo(expected);
    }

    static Stream<Arguments> malformed() {
        return Stream.of(
                Arguments.of("", "Parse error: the body is empty"),
                Arguments.of("   ", "Parse error: the body holds no JSON value"),
                Arguments.of("{\"a\":", "Parse error: …"),
                Arguments.of("{\"a\":1}{\"b\":2}", "Parse error: …"),
                Arguments.of("{\"a\":1,\"a\":2}", "Parse error: Duplicate field 'a' …"),
                Arguments.of("{\"a\":{\"b\":1,\"b\":1}}", "Parse error: Duplicate field 'b' …"),
                Arguments.of("\u00ff\u00fe", "Parse error: …"));
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @MethodSource("malformed")
    void reportsParseErrors(String body, String message) {
        Decoded decoded = JsonRpcCodec.decode(body.getBytes(StandardCharsets.ISO_8859_1));
        assertThat(decoded).isInstanceOf(Decoded.Malformed.class);
        JsonRpcError error = ((Decoded.Malformed) decoded).error();
        assertThat(error.code()).isEqualTo(JsonRpcErrorCodes.PARSE_ERROR);
        if (message.endsWith("…")) {
            assertThat(error.message()).startsWith(message.substring(0, message.length() - 1).trim());
            assertThat(error.message()).doesNotContain("\n").hasSizeLessThan(300);
        } else {
            assertThat(error.message()).isEqualTo(message);
        }
    }

    static Stream<Arguments> invalid() {
        return Stream.of(
                Arguments.of("[]", null, "Invalid Request: the body is an array (batches are not supported; send "
                        + "exactly one request or notification per POST), not a JSON-RPC message object"),
                Arguments.of("\"x\"", null, "Invalid Request: the body is a string, not a JSON-RPC message object"),
                Arguments.of("{\"id\":1,\"method\":\"m\"}", "1",
                        "Invalid Request: the \"jsonrpc\" member is missing; it must be \"2.0\""),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":[1],\"method\":\"m\"}", null,
                        "Invalid Request: \"id\" must be a string or a number, not an array"),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"m\"}", null,
                        "Invalid Request: \"id\" must be a string or a number, not an object"),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":\"k\",\"method\":null}", "\"k\"",
                        "Invalid Request: \"method\" must be a string, not null"),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":\"p\"}", "1",
                        "Invalid Request: \"params\" must be an object, not a string"),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"result\":{}}", "1",
                        "Invalid Request: an object with \"method\" must not carry \"result\" or \"error\""),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":1}", "1", "Invalid Request: the object has no \"method\" "
                        + "(request or notification) and no \"result\" or \"error\" (response)"),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":1,\"error\":{}}", "1",
                        "Invalid Request: a response carries exactly one of \"result\" and \"error\", not both"),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"result\":1}", null,
                        "Invalid Request: a response needs an \"id\" that is a string, a number or null"),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":\"x\",\"message\":\"m\"}}", "1",
                        "Invalid Request: \"error\" must be an object with an integer \"code\" and a string "
                                + "\"message\""),
                Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":\"boom\"}", "1",
                        "Invalid Request: \"error\" must be an object with an integer \"code\" and a string "
                                + "\"message\""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalid")
    void reportsInvalidShapesKeepingValidIds(String json, String id, String message) throws Exception {
        Decoded decoded = JsonRpcCodec.decode(json.getBytes(StandardCharsets.UTF_8));
        assertThat(decoded).isInstanceOf(Decoded.Invalid.class);
        Decoded.Invalid invalid = (Decoded.Invalid) decoded;
        assertThat(invalid.error()).isEqualTo(JsonRpcError.of(JsonRpcErrorCodes.INVALID_REQUEST, message));
        assertThat(invalid.idOrNull() == null ? null : invalid.idOrNull().toString()).isEqualTo(id);

        JsonNode tree = JsonRpcCodec.mapper().readTree(json);
        assertThatThrownBy(() -> JsonRpcCodec.classify(tree))
                .isInstanceOfSatisfying(JsonRpcShapeException.class, e -> {
                    assertThat(e.error()).isEqualTo(invalid.error());
                    assertThat(e.idOrNull()).isEqualTo(invalid.idOrNull());
                });
    }

    /** Found by the front door's fuzz test: a number Jackson's BigDecimal parser refuses must not escape. */
    @Test
    void aNumberTooLargeToReadIsAParseErrorNotAnException() {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":11111111111111111111111111111111111111e1111111111111111111111111,"
                + "\"method\":\"ping\"}";

        Decoded decoded = JsonRpcCodec.decode(body.getBytes(StandardCharsets.UTF_8));

        assertThat(decoded).isInstanceOfSatisfying(Decoded.Malformed.class, malformed -> {
            assertThat(malformed.error().code()).isEqualTo(JsonRpcErrorCodes.PARSE_ERROR);
            assertThat(malformed.error().message()).isEqualTo("Parse error: a number is too large to read");
        });
    }

    @Test
    void idsAreEchoedExactlyAsWritten() {
        for (String id : new String[] {"1.10", "12345678901234567890123", "-5", "1e400", "\"007\"", "0"}) {
            byte[] body = ("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"m\"}").getBytes(StandardCharsets.UTF_8);
            JsonRpcRequest request = (JsonRpcRequest) ((Decoded.Message) JsonRpcCodec.decode(body)).message();
            String echoed = new String(JsonRpcCodec.encodeError(request.id(), JsonRpcError.of(-32601, "x")),
                    StandardCharsets.UTF_8);
            assertThat(echoed).as(id).startsWith("{\"jsonrpc\":\"2.0\",\"id\":" + jsonOf(id) + ",");
        }
    }

    private static String jsonOf(String id) {
        return id.equals("1e400") ? "1E+400" : id;
    }

    static Stream<Arguments> encodings() {
        ObjectNode params = JsonNodeFactory.instance.objectNode().put("name", "echo");
        ObjectNode data = JsonNodeFactory.instance.objectNode().put("limitBytes", 10);
        return Stream.of(
                Arguments.of(new JsonRpcRequest(JsonRpcId.of(1), "tools/call", params),
                        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\"}}"),
                Arguments.of(new JsonRpcRequest(JsonRpcId.of("a"), "tools/list", null),
                        "{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"tools/list\"}"),
                Arguments.of(new JsonRpcNotification("notifications/cancelled", params),
                        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"name\":\"echo\"}}"),
                Arguments.of(JsonRpcResponse.success(JsonRpcId.of(3), params),
                        "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"name\":\"echo\"}}"),
                Arguments.of(JsonRpcResponse.failure(null, JsonRpcError.of(-32700, "Parse error: x")),
                        "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error: x\"}}"),
                Arguments.of(JsonRpcResponse.failure(JsonRpcId.of(4), new JsonRpcError(-32600, "big", data)),
                        "{\"jsonrpc\":\"2.0\",\"id\":4,\"error\":{\"code\":-32600,\"message\":\"big\","
                                + "\"data\":{\"limitBytes\":10}}}"),
                Arguments.of(JsonRpcResponse.failure(JsonRpcId.of(5), JsonRpcError.of(-32600, "a \"quoted\"\n\u0000")),
                        "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-32600,"
                                + "\"message\":\"a \\\"quoted\\\"\\n\\u0000\"}}"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("encodings")
    void encodesWithJsonrpcFirstAndRoundTrips(JsonRpcMessage message, String json) {
        byte[] encoded = JsonRpcCodec.encode(message);
        assertThat(new String(encoded, StandardCharsets.UTF_8)).isEqualTo(json);
        Decoded decoded = JsonRpcCodec.decode(encoded);
        assertThat(((Decoded.Message) decoded).message()).isEqualTo(message);
    }

    @Test
    void encodeErrorWritesNullId() {
        assertThat(new String(JsonRpcCodec.encodeError(null, JsonRpcError.of(-32600, "m")), StandardCharsets.UTF_8))
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":\"m\"}}");
    }

    @Test
    void classifyAcceptsAWellFormedTree() throws Exception {
        JsonNode tree = JsonRpcCodec.mapper().readTree("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\"}");
        assertThat(JsonRpcCodec.classify(tree)).isEqualTo(new JsonRpcRequest(JsonRpcId.of(9), "ping", null));
    }

    @Test
    void decodeKeepsTheTree() {
        byte[] body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"k\":[1,2]}}"
                .getBytes(StandardCharsets.UTF_8);
        Decoded.Message message = (Decoded.Message) JsonRpcCodec.decode(body);
        assertThat(message.tree().get("params").get("k")).hasToString("[1,2]");
        assertThat(((JsonRpcRequest) message.message()).params()).isSameAs(message.tree().get("params"));
    }

    @ParameterizedTest(name = "id {0}")
    @MethodSource("resultIds")
    void aSuccessAroundAnEncodedResultIsTheSameBytesAsTheResponseEncodedWhole(JsonRpcId id) {
        ObjectNode result = JsonNodeFactory.instance.objectNode();
        result.putArray("tools").addObject().put("name", "alpha_echo").put("description", "Zürich \"quoted\" \u2028");
        result.put("nextCursor", (String) null);

        byte[] around = JsonRpcCodec.encodeSuccess(id, JsonRpcCodec.encodeValue(result));

        assertThat(new String(around, StandardCharsets.UTF_8)).isEqualTo(new String(
                JsonRpcCodec.encode(JsonRpcResponse.success(id, result)), StandardCharsets.UTF_8));
    }

    static Stream<JsonRpcId> resultIds() {
        return Stream.of(JsonRpcId.of(7), JsonRpcId.of("req-\"1\""), JsonRpcId.of(Long.MAX_VALUE));
    }
}
