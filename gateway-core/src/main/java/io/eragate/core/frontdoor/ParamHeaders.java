package io.eragate.core.frontdoor;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.mcp.McpHeaders;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code Mcp-Param-*} rules of the 2026-07-28 Streamable HTTP transport (SEP-2243): a tool's input schema binds
 * properties to headers with {@code "x-mcp-header": "<Name>"}, and a {@code tools/call} must mirror each bound
 * argument's value into {@code Mcp-Param-<Name>}. The gateway processes the body, so it must reject a call whose
 * headers disagree with it; a legacy upstream (or a process, which sees no headers) never checks them.
 *
 * <p>Rules: a value in the body with no header is rejected; a header whose decoded value differs from the body's is
 * rejected (strings exactly, integers numerically, booleans as {@code true}/{@code false}); a header for a value the
 * body does not carry is rejected; {@code =?base64?…?=} values are decoded first and invalid Base64 (padding,
 * characters) is rejected; anything else, {@code =?BASE64?…?=} included, is a literal. Surrounding whitespace is not
 * part of a value. Headers no declaration recognises pass unchecked. All rejections are 400/-32020.
 */
public final class ParamHeaders {

    private static final String ANNOTATION = "x-mcp-header";
    private static final Set<String> HEADER_TYPES = Set.of("string", "integer", "boolean");

    private ParamHeaders() {
    }

    /**
     * One declaration: the argument at {@code path} (a chain of {@code properties} keys) is mirrored into
     * {@code Mcp-Param-<header>}.
     *
     * @param header the name after {@code Mcp-Param-}, as declared
     * @param path the property names from {@code arguments} down to the bound value
     * @param type the property's JSON Schema type: string, integer or boolean
     */
    public record Binding(String header, List<String> path, String type) {
        public Binding {
            path = List.copyOf(path);
        }

        /** The full header name. */
        public String headerName() {
            return McpHeaders.PARAM_PREFIX + header;
        }
    }

    /**
     * The declarations of a tool's input schema; empty when the annotations break the spec's rules (clients drop such
     * a tool, so there is nothing they could have mirrored): a name that is not a non-empty RFC 9110 token, two names
     * equal ignoring case, an annotation on a property that is not a string, integer or boolean, or one reachable
     * other than through {@code properties}.
     */
    public static Optional<List<Binding>> declarations(JsonNode inputSchema) {
        List<Binding> bindings = new ArrayList<>();
        if (inputSchema == null || !inputSchema.isObject()) {
            return Optional.of(bindings);
        }
        if (!collect(inputSchema, new ArrayList<>(), bindings) || inputSchema.has(ANNOTATION)
                || hasStrayAnnotation(inputSchema, true)) {
            return Optional.empty();
        }
        Set<String> seen = new HashSet<>();
        for (Binding binding : bindings) {
            if (!isToken(binding.header()) || !seen.add(binding.header().toLowerCase(Locale.ROOT))) {
                return Optional.empty();
            }
        }
        return Optional.of(bindings);
    }

    /**
     * The rejection of a {@code tools/call} whose {@code Mcp-Param-*} headers disagree with its {@code arguments},
     * if any.
     *
     * @param headers the request's {@code Mcp-Param-*} fields by lower-case name, each with its values
     */
    public static Optional<Rejection> check(JsonRpcId id, List<Binding> bindings, JsonNode arguments,
            Map<String, List<String>> headers) {
        for (Binding binding : bindings) {
            String headerName = binding.headerName();
            List<String> values = headers.get(headerName.toLowerCase(Locale.ROOT));
            JsonNode value = valueAt(arguments, binding.path());
            boolean inBody = value != null && !value.isNull();
            if (values == null || values.isEmpty()) {
                if (inBody) {
                    return Optional.of(Rejections.headerMismatch(id, headerName, null, text(value),
                            "the " + headerName + " header is required: arguments." + String.join(".", binding.path())
                                    + " is in the body"));
                }
                continue;
            }
            String raw = values.get(0).strip();
            HeaderSentinel.DecodeResult decoded = HeaderSentinel.decode(raw);
            if (decoded instanceof HeaderSentinel.DecodeResult.Invalid invalid) {
                return Optional.of(Rejections.headerInvalid(id, headerName, "the " + headerName
                        + " header is not valid Base64: " + invalid.reason()));
            }
            if (!inBody) {
                return Optional.of(Rejections.headerMismatch(id, headerName, raw, null, "the " + headerName
                        + " header is sent, but arguments." + String.join(".", binding.path())
                        + " is not in the body"));
            }
            if (!matches(decoded.valueOrNull(), value)) {
                return Optional.of(Rejections.headerMismatch(id, headerName, decoded.valueOrNull(), text(value),
                        "the " + headerName + " header does not match arguments." + String.join(".", binding.path())));
            }
        }
        return Optional.empty();
    }

    /**
     * The {@code Mcp-Param-*} headers a 2026-07-28 client would send with {@code arguments}: what the gateway sends a
     * modern upstream for a client that mirrors nothing (a legacy client behind the front). One header per declaration
     * whose value is in the body and not null: a string as it is, an integer in decimal, a boolean as {@code true} or
     * {@code false}, each in the Base64 sentinel when a plain field cannot carry it ({@link HeaderSentinel#encode}).
     * A value of another shape (an object, an array) gets no header: the upstream's own argument check answers it.
     *
     * @return full header names ({@code Mcp-Param-<Name>}) to values, in declaration order
     */
    public static Map<String, String> headersFor(List<Binding> bindings, JsonNode arguments) {
        Map<String, String> headers = new LinkedHashMap<>();
        for (Binding binding : bindings) {
            JsonNode value = valueAt(arguments, binding.path());
            String text = value == null ? null : value.isTextual() ? value.textValue()
                    : value.isBoolean() ? (value.booleanValue() ? "true" : "false")
                    : value.isIntegralNumber() ? value.bigIntegerValue().toString()
                    : value.isNumber() ? value.decimalValue().toPlainString() : null;
            if (text != null) {
                headers.put(binding.headerName(), HeaderSentinel.encode(text));
            }
        }
        return headers;
    }

    private static boolean matches(String header, JsonNode value) {
        if (value.isTextual()) {
            return header.equals(value.textValue());
        }
        if (value.isBoolean()) {
            return header.equals(value.booleanValue() ? "true" : "false");
        }
        if (value.isNumber()) {
            try {
                return new BigDecimal(header).compareTo(value.decimalValue()) == 0;
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return false;
    }

    private static String text(JsonNode value) {
        return value.isTextual() ? value.textValue() : value.toString();
    }

    private static JsonNode valueAt(JsonNode arguments, List<String> path) {
        JsonNode node = arguments;
        for (String key : path) {
            if (node == null || !node.isObject()) {
                return null;
            }
            node = node.get(key);
        }
        return node;
    }

    /** Walks {@code properties} chains; false when an annotation sits on a property of the wrong type. */
    private static boolean collect(JsonNode schema, List<String> path, List<Binding> bindings) {
        JsonNode properties = schema.get("properties");
        if (properties == null || !properties.isObject()) {
            return true;
        }
        for (Map.Entry<String, JsonNode> property : properties.properties()) {
            JsonNode propertySchema = property.getValue();
            if (!propertySchema.isObject()) {
                continue;
            }
            List<String> propertyPath = new ArrayList<>(path);
            propertyPath.add(property.getKey());
            JsonNode annotation = propertySchema.get(ANNOTATION);
            if (annotation != null) {
                String type = propertySchema.path("type").asText("");
                if (!annotation.isTextual() || !HEADER_TYPES.contains(type)) {
                    return false;
                }
                bindings.add(new Binding(annotation.textValue(), propertyPath, type));
            }
            if (!collect(propertySchema, propertyPath, bindings)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether an annotation is reachable other than through a chain of {@code properties} ({@code items},
     * {@code oneOf}, {@code $ref} targets and the like). {@code viaProperties} says whether {@code node} is a property
     * schema reached through such a chain.
     */
    private static boolean hasStrayAnnotation(JsonNode node, boolean viaProperties) {
        if (node.isArray()) {
            for (JsonNode item : node) {
                if (hasStrayAnnotation(item, false)) {
                    return true;
                }
            }
            return false;
        }
        if (!node.isObject()) {
            return false;
        }
        if (!viaProperties && node.has(ANNOTATION)) {
            return true;
        }
        for (Map.Entry<String, JsonNode> member : node.properties()) {
            if (member.getKey().equals("properties") && member.getValue().isObject()) {
                boolean chain = viaProperties;
                for (JsonNode propertySchema : member.getValue()) {
                    if (hasStrayAnnotation(propertySchema, chain)) {
                        return true;
                    }
                }
            } else if (!member.getKey().equals(ANNOTATION) && hasStrayAnnotation(member.getValue(), false)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isToken(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean tchar = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                    || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
            if (!tchar) {
                return false;
            }
        }
        return true;
    }
}
