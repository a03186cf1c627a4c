package io.eragate.netty.bridge;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.mcp.Methods;

/**
 * The gateway's own answers to requests a legacy upstream sends where no modern client can be asked (a listen
 * stream's GET stream): {@code ping} is answered, roots are none, an elicitation is declined, anything else is
 * refused, so that the upstream's work goes on.
 */
final class ServerRequestReplies {

    private ServerRequestReplies() {
    }

    static JsonRpcResponse replyTo(JsonRpcRequest serverRequest) {
        return switch (serverRequest.method()) {
            case Methods.PING -> JsonRpcResponse.success(serverRequest.id(), JsonNodeFactory.instance.objectNode());
            case Methods.ROOTS_LIST -> JsonRpcResponse.success(serverRequest.id(),
                    JsonNodeFactory.instance.objectNode().set("roots", JsonNodeFactory.instance.arrayNode()));
            case Methods.ELICITATION_CREATE -> JsonRpcResponse.success(serverRequest.id(),
                    JsonNodeFactory.instance.objectNode().put("action", "decline"));
            default -> JsonRpcResponse.failure(serverRequest.id(), JsonRpcError.of(
                    JsonRpcErrorCodes.METHOD_NOT_FOUND, "no client of this gateway can answer "
                            + serverRequest.method() + " outside a request"));
        };
    }
}
