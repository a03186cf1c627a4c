package io.eragate.core.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.mcp.Methods;
import java.util.Objects;

/**
 * Translates what a legacy upstream answers with instead of a result into what a 2026-07-28 client may receive.
 *
 * <ul>
 *   <li>-32601 stays -32601 and is sent with HTTP 404, as 2026-07-28 requires for an unknown method;</li>
 *   <li>-32002 (legacy "resource not found") becomes -32602, its {@code data} (with {@code uri}) kept;</li>
 *   <li>a -32602 answer to {@code resources/read} names the requested {@code uri} in {@code data} when the upstream
 *       left it out (see {@link #map(JsonRpcError, String, JsonNode)});</li>
 *   <li>-32042 (legacy "URL elicitation required") is flagged for the multi-round-trip layer and otherwise falls
 *       back to -32603;</li>
 *   <li>any other code in -32099…-32020, which only the spec may define and whose legacy meanings describe the
 *       upstream hop, becomes -32603 with the original in {@code data.upstreamError};</li>
 *   <li>everything else (standard codes, -32000…-32019, application codes) passes in-band with HTTP 200.</li>
 * </ul>
 * An upstream answer that is no JSON-RPC error at all (an HTML page, a serialized exception, an empty 5xx) is
 * turned into -32603 with HTTP 502 by {@link #fromNonJsonRpcBody(int, String, byte[])}; its body never reaches the
 * client as it was.
 */
public final class ErrorMapper {

    /** HTTP status of an error that travels in-band. */
    public static final int STATUS_IN_BAND = 200;
    /** HTTP status of a method-not-found error on the 2026-07-28 wire. */
    public static final int STATUS_METHOD_NOT_FOUND = 404;
    /** HTTP status when the upstream answered something that is not MCP. */
    public static final int STATUS_BAD_GATEWAY = 502;

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private ErrorMapper() {
    }

    /** Maps an error the legacy upstream returned in a JSON-RPC response. */
    public static MappedError map(JsonRpcError upstream) {
        Objects.requireNonNull(upstream, "upstream");
        int code = upstream.code();
        if (code == JsonRpcErrorCodes.METHOD_NOT_FOUND) {
            return new MappedError(upstream, STATUS_METHOD_NOT_FOUND, false);
        }
        if (code == JsonRpcErrorCodes.LEGACY_RESOURCE_NOT_FOUND) {
            JsonRpcError invalidParams =
                    new JsonRpcError(JsonRpcErrorCodes.INVALID_PARAMS, upstream.message(), upstream.data());
            return new MappedError(invalidParams, STATUS_IN_BAND, false);
        }
        if (JsonRpcErrorCodes.isSpecReserved(code)) {
            return new MappedError(wrapReserved(upstream), STATUS_IN_BAND, isUrlElicitationRequired(upstream));
        }
        return new MappedError(upstream, STATUS_IN_BAND, false);
    }

    /**
     * Maps an error the legacy upstream returned for a request with {@code method} and {@code params}: as
     * {@link #map(JsonRpcError)}, and a {@code resources/read} that ends in -32602 carries the requested URI in
     * {@code data.uri}. 2026-07-28 asks servers to name the URI of a resource that does not exist there (SEP-2164);
     * legacy servers often send no {@code data} at all (TypeScript SDK v1 answers -32602 "Resource … not found"),
     * and the gateway knows the URI from the request. Existing {@code data} members are kept, an upstream's own
     * {@code uri} wins, and a {@code data} that is not an object is left alone.
     *
     * @param params the modern request's params, or {@code null}
     */
    public static MappedError map(JsonRpcError upstream, String method, JsonNode params) {
        Objects.requireNonNull(method, "method");
        MappedError mapped = map(upstream);
        JsonRpcError error = mapped.error();
        if (!Methods.RESOURCES_READ.equals(method) || error.code() != JsonRpcErrorCodes.INVALID_PARAMS
                || params == null || !params.path("uri").isTextual()) {
            return mapped;
        }
        JsonNode data = error.data();
        if (data != null && (!data.isObject() || data.has("uri"))) {
            return mapped;
        }
        ObjectNode withUri = data == null ? NODES.objectNode() : ((ObjectNode) data).deepCopy();
        withUri.put("uri", params.get("uri").textValue());
        return new MappedError(new JsonRpcError(error.code(), error.message(), withUri), mapped.httpStatus(),
                mapped.urlElicitationRequired());
    }

    /** Whether the upstream failed with the legacy -32042 "URL elicitation required". */
    public static boolean isUrlElicitationRequired(JsonRpcError upstream) {
        Objects.requireNonNull(upstream, "upstream");
        return upstream.code() == JsonRpcErrorCodes.LEGACY_URL_ELICITATION_REQUIRED;
    }

    /**
     * An error for an upstream answer that is not a JSON-RPC response to the request: it names the upstream's HTTP
     * status and carries a short, sanitized snippet of the body (markup stripped, stack frames cut, control
     * characters removed, length bounded). Sent with HTTP 502, since the fault lies between Eragate and the upstream.
     *
     * @param httpStatus the upstream's HTTP status
     * @param contentType the upstream's {@code Content-Type}, or {@code null}
     * @param body the upstream's body, or {@code null}; only its start is read
     */
    public static MappedError fromNonJsonRpcBody(int httpStatus, String contentType, byte[] body) {
        String snippet = BodySnippet.of(contentType, body);
        String message = "Upstream answered HTTP " + httpStatus + (snippet.isEmpty() ? "" : ": " + snippet);
        ObjectNode data = NODES.objectNode();
        data.put("upstreamStatus", httpStatus);
        String type = BodySnippet.contentTypeForDisplay(contentType);
        if (!type.isEmpty()) {
            data.put("upstreamContentType", type);
        }
        if (!snippet.isEmpty()) {
            data.put("upstreamBody", snippet);
        }
        // The request was sent and no answer to it came back: the tool may have run.
        data.put("outcome", "unknown");
        return new MappedError(new JsonRpcError(JsonRpcErrorCodes.INTERNAL_ERROR, message, data), STATUS_BAD_GATEWAY,
                false);
    }

    private static JsonRpcError wrapReserved(JsonRpcError upstream) {
        ObjectNode original = NODES.objectNode();
        original.put("code", upstream.code());
        original.put("message", upstream.message());
        JsonNode originalData = upstream.data();
        if (originalData != null) {
            original.set("data", originalData.deepCopy());
        }
        ObjectNode data = NODES.objectNode();
        data.set("upstreamError", original);
        String message = "Upstream error " + upstream.code() + ": " + upstream.message();
        return new JsonRpcError(JsonRpcErrorCodes.INTERNAL_ERROR, message, data);
    }
}
