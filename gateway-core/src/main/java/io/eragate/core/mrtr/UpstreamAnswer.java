package io.eragate.core.mrtr;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.mcp.Methods;
import java.util.Objects;

/**
 * The gateway's own answer to an upstream server-to-client request that no client will answer: exactly one of a
 * result and an error, waiting for the upstream request's id.
 *
 * @param result the result to send, or {@code null}
 * @param error the error to send, or {@code null}
 */
public record UpstreamAnswer(JsonNode result, JsonRpcError error) {

    public UpstreamAnswer {
        if ((result == null) == (error == null)) {
            throw new IllegalArgumentException("an upstream answer has exactly one of result and error");
        }
    }

    /**
     * The answer that refuses {@code method} as a client without the capability would: an elicitation is declined
     * ({@code {action:"decline"}}), roots are empty ({@code {roots:[]}}), and sampling or any other method is not found
     * (-32601).
     */
    public static UpstreamAnswer decline(String method) {
        Objects.requireNonNull(method, "method");
        return switch (method) {
            case Methods.ELICITATION_CREATE -> result(action("decline"));
            case Methods.ROOTS_LIST -> {
                ObjectNode roots = JsonNodeFactory.instance.objectNode();
                roots.putArray("roots");
                yield result(roots);
            }
            default -> new UpstreamAnswer(null, JsonRpcError.of(JsonRpcErrorCodes.METHOD_NOT_FOUND,
                    "Method not found: " + method + " is not available to this request"));
        };
    }

    /**
     * The answer for a request whose client never came back in time: an elicitation is cancelled
     * ({@code {action:"cancel"}}), anything else fails with -32603.
     */
    public static UpstreamAnswer cancel(String method) {
        Objects.requireNonNull(method, "method");
        if (Methods.ELICITATION_CREATE.equals(method)) {
            return result(action("cancel"));
        }
        return new UpstreamAnswer(null, JsonRpcError.of(JsonRpcErrorCodes.INTERNAL_ERROR,
                "The client did not answer " + method + " before the gateway's deadline"));
    }

    /** This answer as the JSON-RPC response to the upstream request {@code upstreamRequestId}. */
    public JsonRpcResponse toResponse(JsonRpcId upstreamRequestId) {
        Objects.requireNonNull(upstreamRequestId, "upstreamRequestId");
        return error == null ? JsonRpcResponse.success(upstreamRequestId, result.deepCopy())
                : JsonRpcResponse.failure(upstreamRequestId, error);
    }

    private static UpstreamAnswer result(JsonNode result) {
        return new UpstreamAnswer(result, null);
    }

    private static ObjectNode action(String action) {
        return JsonNodeFactory.instance.objectNode().put("action", action);
    }
}
