package io.eragate.core.frontdoor;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcMessage;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.mcp.Methods;
import java.util.Objects;

/**
 * A request or notification that passed the front door. Every value here comes from the body and, for requests, has
 * been checked against the mirrored headers; routing and policy use these values, never the raw headers.
 *
 * @param message the classified message, a {@link JsonRpcRequest} or a {@link JsonRpcNotification}
 * @param originalBody the bytes as received, for forwarding unchanged to a modern upstream (not copied)
 * @param protocolVersion the envelope's protocol version; {@code null} for a notification
 * @param method the JSON-RPC method
 * @param name the value {@code Mcp-Name} carried, decoded (equal to {@code params.name} or {@code params.uri}), or
 *     {@code null} when the method has no name
 * @param id the request id; {@code null} for a notification
 */
public record ValidatedRequest(JsonRpcMessage message, byte[] originalBody, String protocolVersion, String method,
        String name, JsonRpcId id) {

    public ValidatedRequest {
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(originalBody, "originalBody");
        Objects.requireNonNull(method, "method");
        if (message instanceof JsonRpcRequest request) {
            Objects.requireNonNull(protocolVersion, "protocolVersion");
            if (!request.id().equals(id) || !request.method().equals(method)) {
                throw new IllegalArgumentException("id and method must be those of the request");
            }
        } else if (message instanceof JsonRpcNotification notification) {
            if (id != null || !notification.method().equals(method)) {
                throw new IllegalArgumentException("a notification has no id, and method must be its method");
            }
        } else {
            throw new IllegalArgumentException("only requests and notifications pass the front door");
        }
    }

    /** Whether this is a notification (the HTTP layer answers 202 with no body). */
    public boolean isNotification() {
        return message instanceof JsonRpcNotification;
    }

    /**
     * This request with its name replaced: {@code params.name} (or {@code params.uri}) and the name {@code Mcp-Name}
     * will carry upstream, or, for {@code completion/complete}, the reference's {@code name}. The body is re-encoded;
     * everything else in it stays as the client sent it. For a federated route, which shows names its upstreams do
     * not know.
     *
     * @throws IllegalStateException for a notification or a request that carries no name
     */
    public ValidatedRequest withName(String newName) {
        Objects.requireNonNull(newName, "newName");
        if (!(message instanceof JsonRpcRequest request) || request.params() == null) {
            throw new IllegalStateException("only a request with params carries a name");
        }
        ObjectNode params = request.params().deepCopy();
        String field = Methods.nameField(method);
        if (field != null) {
            params.put(field, newName);
        } else if (Methods.COMPLETION_COMPLETE.equals(method) && params.path("ref").isObject()) {
            ((ObjectNode) params.get("ref")).put("name", newName);
        } else {
            throw new IllegalStateException(method + " carries no name");
        }
        JsonRpcRequest renamed = new JsonRpcRequest(request.id(), method, params);
        return new ValidatedRequest(renamed, JsonRpcCodec.encode(renamed), protocolVersion, method,
                field != null ? newName : name, id);
    }

    /** The params object, or {@code null} when the message has none. */
    public ObjectNode params() {
        return message instanceof JsonRpcRequest request ? request.params()
                : ((JsonRpcNotification) message).params();
    }
}
