package io.eragate.core.stdio;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.bridge.UpstreamExchange;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.mcp.MetaKeys;
import java.util.Objects;

/**
 * A modern request on its way to a modern stdio process, and its error on the way back. The request keeps its
 * envelope (stdio has no headers: everything is in {@code _meta}); only its id and progress token are Eragate's, so
 * that requests of many clients cannot collide on one process.
 */
public final class ModernStdioRequests {

    private ModernStdioRequests() {
    }

    /**
     * The request as the process receives it: the client's params with {@code _meta.progressToken} replaced by the
     * exchange's upstream token (or removed when the exchange has none), under the exchange's upstream id.
     */
    public static JsonRpcRequest forward(JsonRpcRequest modern, UpstreamExchange exchange) {
        Objects.requireNonNull(modern, "modern");
        Objects.requireNonNull(exchange, "exchange");
        ObjectNode params = modern.params() == null ? null : modern.params().deepCopy();
        if (params != null && params.get(MetaKeys.META) instanceof ObjectNode meta) {
            meta.remove(MetaKeys.PROGRESS_TOKEN);
            JsonNode token = exchange.upstreamProgressToken();
            if (token != null) {
                meta.set(MetaKeys.PROGRESS_TOKEN, token.deepCopy());
            }
        }
        return new JsonRpcRequest(exchange.upstreamId(), modern.method(), params);
    }

    /**
     * The HTTP status a modern error from a stdio process is sent with, as a modern HTTP server would have sent it
     * (spec digest §1.6): 404 for an unknown method, 400 for the transport-level and envelope errors, and 200 for the
     * rest, which travel in-band.
     */
    public static int httpStatus(JsonRpcError error) {
        Objects.requireNonNull(error, "error");
        return switch (error.code()) {
            case JsonRpcErrorCodes.METHOD_NOT_FOUND -> 404;
            case JsonRpcErrorCodes.PARSE_ERROR, JsonRpcErrorCodes.INVALID_REQUEST, JsonRpcErrorCodes.HEADER_MISMATCH,
                    JsonRpcErrorCodes.MISSING_REQUIRED_CLIENT_CAPABILITY,
                    JsonRpcErrorCodes.UNSUPPORTED_PROTOCOL_VERSION -> 400;
            default -> 200;
        };
    }
}
