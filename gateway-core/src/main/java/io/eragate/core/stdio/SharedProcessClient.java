package io.eragate.core.stdio;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.bridge.InitializeSynthesizer;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.mcp.Methods;
import java.util.Objects;

/**
 * Eragate as the one legacy client of a server that many modern clients share: a stdio process, or a 2024-11-05
 * HTTP+SSE session.
 *
 * <p>The server is initialized once, in Eragate's own name, so it cannot carry any one client's capabilities: it
 * declares only {@code roots}, which Eragate can always answer (with no roots: spec digest §6.5; a server such as
 * server-filesystem then keeps the directories it was started with). Sampling and elicitation are not declared, since
 * a modern client cannot be asked anything in the middle of a request on this path.
 */
public final class SharedProcessClient {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final String gatewayVersion;

    /** @param gatewayVersion Eragate's version, reported in {@code clientInfo} */
    public SharedProcessClient(String gatewayVersion) {
        this.gatewayVersion = Objects.requireNonNull(gatewayVersion, "gatewayVersion");
    }

    /** The params of the one {@code initialize} a legacy process gets. */
    public ObjectNode initializeParams() {
        ObjectNode params = NODES.objectNode();
        params.put("protocolVersion", InitializeSynthesizer.LEGACY_VERSION);
        params.putObject("capabilities").putObject("roots");
        params.putObject("clientInfo").put("name", InitializeSynthesizer.GATEWAY_NAME).put("version", gatewayVersion);
        return params;
    }

    /**
     * The answer to a request the process sends to its client: {@code ping} is answered, {@code roots/list} gets no
     * roots, and anything else (never declared) is refused with -32601.
     */
    public static JsonRpcResponse answer(JsonRpcRequest serverRequest) {
        Objects.requireNonNull(serverRequest, "serverRequest");
        return switch (serverRequest.method()) {
            case Methods.PING -> JsonRpcResponse.success(serverRequest.id(), NODES.objectNode());
            case Methods.ROOTS_LIST -> JsonRpcResponse.success(serverRequest.id(),
                    NODES.objectNode().set("roots", NODES.arrayNode()));
            default -> JsonRpcResponse.failure(serverRequest.id(), JsonRpcError.of(JsonRpcErrorCodes.METHOD_NOT_FOUND,
                    "Method not found: Eragate, the client of this process, does not offer " + serverRequest.method()));
        };
    }
}
