package io.eragate.core.jsonrpc;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Bytes to JSON-RPC 2.0 messages and back. A body is parsed once into a Jackson tree, classified by its members, and
 * the tree is kept so that later steps read the same values the classification saw.
 *
 * <p>Parsing is strict where leniency would let two parsers disagree about one body: duplicate member names and
 * trailing content after the JSON value are parse errors (-32700). A gateway validates a body and may forward the
 * original bytes; if it read the last {@code "method"} member while the upstream read the first, the validated headers
 * would describe a different request than the one executed.
 */
public final class JsonRpcCodec {

    /** The only JSON-RPC version there is. */
    public static final String VERSION = "2.0";
    private static final byte[] SUCCESS_HEAD = "{\"jsonrpc\":\"2.0\",\"id\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SUCCESS_MIDDLE = ",\"result\":".getBytes(StandardCharsets.US_ASCII);

    private static final int MAX_PARSE_DETAIL_CHARS = 200;
    private static final String NUMBER_TOO_LARGE = "a number is too large to read";

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            // Ids such as 1.10 or 1e400 are echoed as written instead of being rounded through a double.
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    private JsonRpcCodec() {
    }

    /**
     * The shared, configured mapper (strict duplicate detection, no trailing tokens, exact decimals). Callers must not
     * reconfigure it; it is shared by every thread.
     */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /**
     * Parses {@code json} with the shared mapper. A number the exact-decimal reading cannot hold (an exponent beyond
     * an int, such as {@code 1e1111111111}) fails like any other unreadable input, with an {@link IOException}: the
     * mapper's own {@link NumberFormatException} would escape every {@code catch (IOException)} (found by fuzzing).
     */
    public static JsonNode readTree(byte[] json) throws IOException {
        try {
            return MAPPER.readTree(json);
        } catch (NumberFormatException e) {
            throw new IOException(NUMBER_TOO_LARGE, e);
        }
    }

    /** {@link #readTree(byte[])} for text. */
    public static JsonNode readTree(String json) throws IOException {
        try {
            return MAPPER.readTree(json);
        } catch (NumberFormatException e) {
            throw new IOException(NUMBER_TOO_LARGE, e);
        }
    }

    /**
     * Parses and classifies one HTTP body. Never throws: every failure is a {@link Decoded.Malformed} (-32700) or a
     * {@link Decoded.Invalid} (-32600) whose message names what was wrong.
     */
    public static Decoded decode(byte[] body) {
        Objects.requireNonNull(body, "body");
        if (body.length == 0) {
            return new Decoded.Malformed(JsonRpcError.of(JsonRpcErrorCodes.PARSE_ERROR, "Parse error: the body is empty"));
        }
        JsonNode tree;
        try {
            tree = readTree(body);
        } catch (JacksonException e) {
            return new Decoded.Malformed(JsonRpcError.of(JsonRpcErrorCodes.PARSE_ERROR, parseErrorMessage(e)));
        } catch (IOException e) {
            return new Decoded.Malformed(JsonRpcError.of(JsonRpcErrorCodes.PARSE_ERROR, "Parse error: " + e.getMessage()));
        }
        if (tree == null || tree.isMissingNode()) {
            return new Decoded.Malformed(
                    JsonRpcError.of(JsonRpcErrorCodes.PARSE_ERROR, "Parse error: the body holds no JSON value"));
        }
        return classifyTree(tree);
    }

    /**
     * Classifies a parsed JSON value: {@code method} with {@code id} is a request, {@code method} alone a notification,
     * {@code result} or {@code error} a response.
     *
     * @throws JsonRpcShapeException when the value is not a valid JSON-RPC 2.0 message; it carries the -32600 error and
     *     the id when that id is itself valid
     */
    public static JsonRpcMessage classify(JsonNode tree) throws JsonRpcShapeException {
        Objects.requireNonNull(tree, "tree");
        Decoded decoded = classifyTree(tree);
        if (decoded instanceof Decoded.Invalid invalid) {
            throw new JsonRpcShapeException(invalid.idOrNull(), invalid.error());
        }
        return ((Decoded.Message) decoded).message();
    }

    /**
     * Writes a message as one JSON object beginning with {@code "jsonrpc":"2.0"}. A response whose id is {@code null}
     * is written with {@code "id":null}, as JSON-RPC requires when the request id could not be read.
     */
    public static byte[] encode(JsonRpcMessage message) {
        Objects.requireNonNull(message, "message");
        ByteArrayOutputStream out = new ByteArrayOutputStream(128);
        try (JsonGenerator g = MAPPER.getFactory().createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("jsonrpc", VERSION);
            if (message instanceof JsonRpcRequest request) {
                g.writeFieldName("id");
                g.writeTree(request.id().node());
                writeCall(g, request.method(), request.params());
            } else if (message instanceof JsonRpcNotification notification) {
                writeCall(g, notification.method(), notification.params());
            } else {
                writeResponse(g, (JsonRpcResponse) message);
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("writing to a byte array cannot fail", e);
        }
        return out.toByteArray();
    }

    /** {@code value} as JSON bytes. */
    public static byte[] encodeValue(JsonNode value) {
        Objects.requireNonNull(value, "value");
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (IOException e) {
            throw new UncheckedIOException("writing to a byte array cannot fail", e);
        }
    }

    /**
     * The success response {@code {"jsonrpc":"2.0","id":…,"result":…}} around a result already encoded (by
     * {@link #encodeValue}), the same bytes as {@link #encode} of the response with that result as a tree: a result
     * served to many requests is encoded once, and each answer only writes its own id around it.
     */
    public static byte[] encodeSuccess(JsonRpcId id, byte[] encodedResult) {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(encodedResult, "encodedResult");
        byte[] idJson = encodeValue(id.node());
        ByteArrayOutputStream out = new ByteArrayOutputStream(SUCCESS_HEAD.length + idJson.length
                + SUCCESS_MIDDLE.length + encodedResult.length + 1);
        out.writeBytes(SUCCESS_HEAD);
        out.writeBytes(idJson);
        out.writeBytes(SUCCESS_MIDDLE);
        out.writeBytes(encodedResult);
        out.write('}');
        return out.toByteArray();
    }

    /** Writes the error response {@code {"jsonrpc":"2.0","id":…,"error":{…}}}; a {@code null} id is written as null. */
    public static byte[] encodeError(JsonRpcId idOrNull, JsonRpcError error) {
        return encode(JsonRpcResponse.failure(idOrNull, Objects.requireNonNull(error, "error")));
    }

    private static void writeCall(JsonGenerator g, String method, ObjectNode params) throws IOException {
        g.writeStringField("method", method);
        if (params != null) {
            g.writeFieldName("params");
            g.writeTree(params);
        }
    }

    private static void writeResponse(JsonGenerator g, JsonRpcResponse response) throws IOException {
        g.writeFieldName("id");
        if (response.id() == null) {
            g.writeNull();
        } else {
            g.writeTree(response.id().node());
        }
        if (response.isError()) {
            JsonRpcError error = response.error();
            g.writeObjectFieldStart("error");
            g.writeNumberField("code", error.code());
            g.writeStringField("message", error.message());
            if (error.data() != null) {
                g.writeFieldName("data");
                g.writeTree(error.data());
            }
            g.writeEndObject();
        } else {
            g.writeFieldName("result");
            g.writeTree(response.result());
        }
    }

    private static Decoded classifyTree(JsonNode tree) {
        if (!tree.isObject()) {
            String what = tree.isArray()
                    ? "an array (batches are not supported; send exactly one request or notification per POST)"
                    : describeType(tree);
            return invalid(null, "Invalid Request: the body is " + what + ", not a JSON-RPC message object");
        }
        JsonNode idNode = tree.get("id");
        JsonRpcId id = JsonRpcId.isValid(idNode) ? new JsonRpcId(idNode) : null;
        JsonNode version = tree.get("jsonrpc");
        if (version == null) {
            return invalid(id, "Invalid Request: the \"jsonrpc\" member is missing; it must be \"2.0\"");
        }
        if (!version.isTextual() || !VERSION.equals(version.textValue())) {
            return invalid(id, "Invalid Request: \"jsonrpc\" must be \"2.0\", not " + version);
        }
        JsonNode method = tree.get("method");
        boolean hasResult = tree.has("result");
        boolean hasError = tree.has("error");
        if (method != null) {
            return classifyCall(tree, method, idNode, id, hasResult || hasError);
        }
        if (hasResult || hasError) {
            return classifyResponse(tree, idNode, id, hasResult, hasError);
        }
        return invalid(id, "Invalid Request: the object has no \"method\" (request or notification) "
                + "and no \"result\" or \"error\" (response)");
    }

    private static Decoded classifyCall(JsonNode tree, JsonNode method, JsonNode idNode, JsonRpcId id,
            boolean hasResponseMember) {
        if (!method.isTextual()) {
            return invalid(id, "Invalid Request: \"method\" must be a string, not " + describeType(method));
        }
        if (hasResponseMember) {
            return invalid(id, "Invalid Request: an object with \"method\" must not carry \"result\" or \"error\"");
        }
        JsonNode params = tree.get("params");
        if (params != null && !params.isObject()) {
            return invalid(id, "Invalid Request: \"params\" must be an object, not " + describeType(params));
        }
        ObjectNode paramsObject = (ObjectNode) params;
        if (idNode == null) {
            return new Decoded.Message(new JsonRpcNotification(method.textValue(), paramsObject), tree);
        }
        if (id == null) {
            return invalid(null, idNode.isNull()
                    ? "Invalid Request: \"id\" must not be null; omit it for a notification"
                    : "Invalid Request: \"id\" must be a string or a number, not " + describeType(idNode));
        }
        return new Decoded.Message(new JsonRpcRequest(id, method.textValue(), paramsObject), tree);
    }

    private static Decoded classifyResponse(JsonNode tree, JsonNode idNode, JsonRpcId id, boolean hasResult,
            boolean hasError) {
        if (hasResult && hasError) {
            return invalid(id, "Invalid Request: a response carries exactly one of \"result\" and \"error\", not both");
        }
        if (idNode == null || (id == null && !idNode.isNull())) {
            return invalid(null, "Invalid Request: a response needs an \"id\" that is a string, a number or null");
        }
        if (hasResult) {
            return new Decoded.Message(JsonRpcResponse.success(id, tree.get("result")), tree);
        }
        JsonNode error = tree.get("error");
        JsonNode code = error.get("code");
        JsonNode message = error.get("message");
        if (!error.isObject() || code == null || !code.isIntegralNumber() || !code.canConvertToInt()
                || message == null || !message.isTextual()) {
            return invalid(id, "Invalid Request: \"error\" must be an object with an integer \"code\" "
                    + "and a string \"message\"");
        }
        JsonRpcError parsed = new JsonRpcError(code.intValue(), message.textValue(), error.get("data"));
        return new Decoded.Message(JsonRpcResponse.failure(id, parsed), tree);
    }

    private static Decoded.Invalid invalid(JsonRpcId id, String message) {
        return new Decoded.Invalid(id, JsonRpcError.of(JsonRpcErrorCodes.INVALID_REQUEST, message));
    }

    /** The JSON type of {@code node} as messages name it: "null", "an object", "an array", "a number", .... */
    public static String describeType(JsonNode node) {
        if (node.isNull()) {
            return "null";
        }
        if (node.isObject()) {
            return "an object";
        }
        if (node.isArray()) {
            return "an array";
        }
        if (node.isBoolean()) {
            return "a boolean";
        }
        if (node.isNumber()) {
            return "a number";
        }
        return "a string";
    }

    private static String parseErrorMessage(JacksonException e) {
        String detail = e.getOriginalMessage();
        if (detail == null) {
            detail = e.getClass().getSimpleName();
        }
        int lineEnd = detail.indexOf('\n');
        if (lineEnd >= 0) {
            detail = detail.substring(0, lineEnd);
        }
        if (detail.length() > MAX_PARSE_DETAIL_CHARS) {
            detail = detail.substring(0, MAX_PARSE_DETAIL_CHARS) + "…";
        }
        JsonLocation location = e.getLocation();
        if (location != null && location.getLineNr() > 0) {
            return "Parse error: " + detail + " (line " + location.getLineNr() + ", column " + location.getColumnNr()
                    + ")";
        }
        return "Parse error: " + detail;
    }
}
