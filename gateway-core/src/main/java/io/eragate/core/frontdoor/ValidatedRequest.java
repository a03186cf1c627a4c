package io.eragate.core.frontdoor;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.Decoded;
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
 * <p>A request the front door validated with a streaming scan (see {@link EnvelopeScan}) carries no tree: its
 * {@link #message()} is parsed from the original body the first time a caller asks for it (translation to a legacy
 * upstream, tracing, policy on arguments), so a pass-through that only forwards the bytes never builds one. Used by one
 * event loop at a time, like the exchange that holds it.
 */
public final class ValidatedRequest {

    private JsonRpcMessage message;
    private final byte[] originalBody;
    private final String protocolVersion;
    private final String method;
    private final String name;
    private final JsonRpcId id;

    /**
     * @param message the classified message, a {@link JsonRpcRequest} or a {@link JsonRpcNotification}
     * @param originalBody the bytes as received, for forwarding unchanged to a modern upstream (not copied)
     * @param protocolVersion the envelope's protocol version; {@code null} for a notification
     * @param method the JSON-RPC method
     * @param name the value {@code Mcp-Name} carried, decoded (equal to {@code params.name} or {@code params.uri}), or
     *     {@code null} when the method has no name
     * @param id the request id; {@code null} for a notification
     */
    public ValidatedRequest(JsonRpcMessage message, byte[] originalBody, String protocolVersion, String method,
            String name, JsonRpcId id) {
        this(originalBody, protocolVersion, method, name, id);
        Objects.requireNonNull(message, "message");
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
        this.message = message;
    }

    private ValidatedRequest(byte[] originalBody, String protocolVersion, String method, String name, JsonRpcId id) {
        this.originalBody = Objects.requireNonNull(originalBody, "originalBody");
        this.protocolVersion = protocolVersion;
        this.method = Objects.requireNonNull(method, "method");
        this.name = name;
        this.id = id;
    }

    /** A request whose fields a scan read from {@code originalBody}, which the tree path classifies as a request. */
    static ValidatedRequest scanned(byte[] originalBody, EnvelopeScan scan) {
        return new ValidatedRequest(originalBody, Objects.requireNonNull(scan.protocolVersion(), "protocolVersion"),
                scan.method(), scan.name(), Objects.requireNonNull(scan.id(), "id"));
    }

    /** The classified message, a {@link JsonRpcRequest} or a {@link JsonRpcNotification}, parsed on first use. */
    public JsonRpcMessage message() {
        if (message == null) {
            Decoded decoded = JsonRpcCodec.decode(originalBody);
            if (!(decoded instanceof Decoded.Message parsed) || !(parsed.message() instanceof JsonRpcRequest)) {
                // The scan accepts only bodies the tree path classifies as a request: this is a bug, not input.
                throw new IllegalStateException("a scanned body is not a request: " + decoded);
            }
            message = parsed.message();
        }
        return message;
    }

    /** The bytes as received, for forwarding unchanged to a modern upstream (not copied). */
    public byte[] originalBody() {
        return originalBody;
    }

    /** The envelope's protocol version; {@code null} for a notification. */
    public String protocolVersion() {
        return protocolVersion;
    }

    /** The JSON-RPC method. */
    public String method() {
        return method;
    }

    /** The decoded {@code Mcp-Name} (equal to {@code params.name} or {@code params.uri}), or {@code null}. */
    public String name() {
        return name;
    }

    /** The request id; {@code null} for a notification. */
    public JsonRpcId id() {
        return id;
    }

    /** Whether this is a notification (the HTTP layer answers 202 with no body). */
    public boolean isNotification() {
        return id == null;
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
        if (!(message() instanceof JsonRpcRequest request) || request.params() == null) {
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
        JsonRpcMessage parsed = message();
        return parsed instanceof JsonRpcRequest request ? request.params()
                : ((JsonRpcNotification) parsed).params();
    }

    /** Equal when the messages (parsed if need be), bodies (the same array), version, method, name and id are. */
    @Override
    public boolean equals(Object other) {
        return other instanceof ValidatedRequest that && originalBody == that.originalBody
                && message().equals(that.message()) && Objects.equals(protocolVersion, that.protocolVersion)
                && method.equals(that.method) && Objects.equals(name, that.name) && Objects.equals(id, that.id);
    }

    @Override
    public int hashCode() {
        return Objects.hash(message(), System.identityHashCode(originalBody), protocolVersion, method, name, id);
    }

    @Override
    public String toString() {
        return "ValidatedRequest[method=" + method + ", id=" + id + ", name=" + name + ", protocolVersion="
                + protocolVersion + "]";
    }
}
