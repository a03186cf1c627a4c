package io.eragate.core.frontdoor;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.mcp.MetaKeys;
import io.eragate.core.mcp.Methods;
import java.io.IOException;

/**
 * The fields of a 2026-07-28 request that the ladder reads from the body, found with one pass of Jackson's streaming
 * parser over the bytes, without building a tree: {@code jsonrpc}, {@code id}, {@code method},
 * {@code params._meta}'s protocol version and client capabilities, and {@code params.name} or {@code params.uri}.
 *
 * <p>A scan answers only for the common case the ladder would accept on the body alone: one object that the tree path
 * classifies as a request, with a complete envelope and, for a method that has one, a string name. For everything
 * else ({@link #of} returns {@code null}: a notification, a response, a batch, a legacy {@code initialize}, a wrong
 * type, any parse problem) the ladder takes the tree path, so every rejection and its message come from one place.
 * The parser is the shared mapper's, with its strictness: duplicate member names at any depth and content after the
 * value fail the scan, and every number is read as the tree would read it (a float as an exact decimal), so a body
 * the tree cannot hold is never accepted here.
 *
 * @param id the request id
 * @param method the JSON-RPC method
 * @param protocolVersion the envelope's protocol version
 * @param name {@code params.name} or {@code params.uri} as the method requires, or {@code null} for a method with
 *     no name field
 */
record EnvelopeScan(JsonRpcId id, String method, String protocolVersion, String name) {

    private static final String JSONRPC = "jsonrpc";
    private static final String ID = "id";
    private static final String METHOD = "method";
    private static final String PARAMS = "params";
    /** Reads the id value as the tree path does (exact decimals), in the middle of the object. */
    private static final ObjectReader ID_READER = JsonRpcCodec.mapper().reader()
            .without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /** The scan of {@code body}, or {@code null} when the tree path must decide. Never throws. */
    static EnvelopeScan of(byte[] body) {
        try (JsonParser parser = JsonRpcCodec.mapper().createParser(body)) {
            return scan(parser);
        } catch (IOException | RuntimeException e) {
            // Unreadable here means: let the tree path read it and name the problem.
            return null;
        }
    }

    private static EnvelopeScan scan(JsonParser parser) throws IOException {
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            return null;
        }
        Fields fields = new Fields();
        for (JsonToken token = parser.nextToken(); token == JsonToken.FIELD_NAME; token = parser.nextToken()) {
            String member = parser.currentName();
            JsonToken value = parser.nextToken();
            switch (member) {
                case JSONRPC -> {
                    if (value != JsonToken.VALUE_STRING || !JsonRpcCodec.VERSION.equals(parser.getText())) {
                        return null;
                    }
                    fields.versioned = true;
                }
                case ID -> {
                    JsonNode node = ID_READER.readTree(parser);
                    if (!JsonRpcId.isValid(node)) {
                        return null;
                    }
                    fields.id = new JsonRpcId(node);
                }
                case METHOD -> {
                    if (value != JsonToken.VALUE_STRING) {
                        return null;
                    }
                    fields.method = parser.getText();
                }
                case PARAMS -> {
                    if (value != JsonToken.START_OBJECT || !scanParams(parser, fields)) {
                        return null;
                    }
                }
                case "result", "error" -> {
                    return null;
                }
                default -> JsonValues.skip(parser, value, false);
            }
        }
        if (parser.currentToken() != JsonToken.END_OBJECT || parser.nextToken() != null) {
            return null;
        }
        return fields.complete();
    }

    /** Reads {@code params} up to its end; {@code false} when a field the ladder reads has a shape it would refuse. */
    private static boolean scanParams(JsonParser parser, Fields fields) throws IOException {
        fields.hasParams = true;
        for (JsonToken token = parser.nextToken(); token == JsonToken.FIELD_NAME; token = parser.nextToken()) {
            String member = parser.currentName();
            JsonToken value = parser.nextToken();
            switch (member) {
                case MetaKeys.META -> {
                    if (value != JsonToken.START_OBJECT || !scanMeta(parser, fields)) {
                        return false;
                    }
                }
                case "name" -> fields.nameText = textOrSkip(parser, value);
                case "uri" -> fields.uriText = textOrSkip(parser, value);
                default -> JsonValues.skip(parser, value, false);
            }
        }
        return true;
    }

    private static boolean scanMeta(JsonParser parser, Fields fields) throws IOException {
        for (JsonToken token = parser.nextToken(); token == JsonToken.FIELD_NAME; token = parser.nextToken()) {
            String member = parser.currentName();
            JsonToken value = parser.nextToken();
            switch (member) {
                case MetaKeys.PROTOCOL_VERSION -> {
                    if (value != JsonToken.VALUE_STRING) {
                        return false;
                    }
                    fields.protocolVersion = parser.getText();
                }
                case MetaKeys.CLIENT_CAPABILITIES -> {
                    if (value != JsonToken.START_OBJECT) {
                        return false;
                    }
                    fields.capabilities = true;
                    JsonValues.skip(parser, value, false);
                }
                default -> JsonValues.skip(parser, value, false);
            }
        }
        return true;
    }

    /** The string at {@code value}, or {@code null} after skipping a value of another type. */
    private static String textOrSkip(JsonParser parser, JsonToken value) throws IOException {
        if (value == JsonToken.VALUE_STRING) {
            return parser.getText();
        }
        JsonValues.skip(parser, value, false);
        return null;
    }

    /** What the scan has found so far. */
    private static final class Fields {
        private boolean versioned;
        private JsonRpcId id;
        private String method;
        private boolean hasParams;
        private String protocolVersion;
        private boolean capabilities;
        private String nameText;
        private String uriText;

        /** The scan, when the tree path would classify a request with a complete envelope; else {@code null}. */
        EnvelopeScan complete() {
            if (!versioned || id == null || method == null || !hasParams || protocolVersion == null
                    || !capabilities) {
                return null;
            }
            String nameField = Methods.nameField(method);
            if (nameField == null) {
                return new EnvelopeScan(id, method, protocolVersion, null);
            }
            String name = "name".equals(nameField) ? nameText : uriText;
            return name == null ? null : new EnvelopeScan(id, method, protocolVersion, name);
        }
    }
}
