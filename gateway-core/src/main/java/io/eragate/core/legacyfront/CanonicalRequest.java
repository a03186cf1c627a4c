package io.eragate.core.legacyfront;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.bridge.LogLevel;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.mcp.MetaKeys;
import io.eragate.core.mcp.Methods;
import io.eragate.core.mcp.ProtocolVersions;
import java.util.Objects;

/**
 * Turns one request of a legacy client's session into the canonical form every back serves: the same request as a
 * 2026-07-28 client sends it, with the {@code params._meta} envelope carrying what the legacy client said once, in
 * {@code initialize} (protocol version, client capabilities, client info), and what it set since (the log level). The
 * request keeps its id, method and params; a {@code progressToken} and trace context the client put in {@code _meta}
 * stay where they are, and envelope keys it sent itself are replaced by the session's.
 *
 * <p>A session that set no log level asks for every level ({@code debug}): a 2025 server sends its log messages
 * until the client sets a level, while a 2026-07-28 server sends none to a request without one.
 */
public final class CanonicalRequest {

    /** The level a session that set none asks for: every level, as a 2025 server sends them by default. */
    public static final LogLevel DEFAULT_LOG_LEVEL = LogLevel.DEBUG;

    private CanonicalRequest() {
    }

    /**
     * The modern form of {@code request}.
     *
     * @param logLevel the level the session set with {@code logging/setLevel}, or null when it set none (then
     *     {@link #DEFAULT_LOG_LEVEL} is asked for)
     */
    public static JsonRpcRequest of(JsonRpcRequest request, LegacyClientSession session, LogLevel logLevel) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(session, "session");
        ObjectNode params = request.params() == null ? JsonNodeFactory.instance.objectNode()
                : request.params().deepCopy();
        JsonNode existing = params.get(MetaKeys.META);
        ObjectNode meta = existing instanceof ObjectNode object ? object : params.putObject(MetaKeys.META);
        meta.put(MetaKeys.PROTOCOL_VERSION, ProtocolVersions.V2026_07_28);
        meta.set(MetaKeys.CLIENT_CAPABILITIES, session.clientCapabilities().deepCopy());
        meta.set(MetaKeys.CLIENT_INFO, session.clientInfo().deepCopy());
        meta.put(MetaKeys.LOG_LEVEL, (logLevel == null ? DEFAULT_LOG_LEVEL : logLevel).wireName());
        return new JsonRpcRequest(request.id(), request.method(), params);
    }

    /** A {@code server/discover} request in the canonical form, for answering {@code initialize}. */
    public static JsonRpcRequest discover(JsonRpcId id, LegacyClientSession session) {
        JsonRpcRequest discover = of(new JsonRpcRequest(id, Methods.SERVER_DISCOVER, null), session, null);
        ((ObjectNode) discover.params().get(MetaKeys.META)).remove(MetaKeys.LOG_LEVEL);
        return discover;
    }

}
