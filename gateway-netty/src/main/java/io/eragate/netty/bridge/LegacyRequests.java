package io.eragate.netty.bridge;

import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcMessage;
import io.eragate.core.mcp.McpHeaders;
import io.eragate.netty.telemetry.TraceHeaders;
import io.eragate.netty.upstream.TrustedHeaders;
import io.eragate.netty.upstream.UpstreamTarget;
import io.eragate.core.session.UpstreamSession;
import io.eragate.netty.upstream.UpstreamCredentials;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;

/** Builds the HTTP requests the gateway sends to legacy (2025-11-25 and earlier) upstreams. */
final class LegacyRequests {

    private LegacyRequests() {
    }

    /**
     * A POST of {@code message}. {@code sessionId} and {@code protocolVersion} may be null: {@code initialize}
     * carries neither; later requests carry the session and the negotiated legacy version (never a 2026 value,
     * which legacy servers refuse).
     */
    static FullHttpRequest post(UpstreamTarget target, JsonRpcMessage message, String sessionId,
            String protocolVersion) {
        FullHttpRequest request = postBytes(target, JsonRpcCodec.encode(message), sessionId, protocolVersion);
        TraceHeaders.fromBody(message, request.headers());
        return request;
    }

    /**
     * A POST of {@code message} in {@code session}, made for the session's principal (whose exchanged token it
     * carries when the upstream exchanges tokens).
     */
    static FullHttpRequest post(UpstreamTarget target, JsonRpcMessage message, UpstreamSession session) {
        return forPrincipal(target, post(target, message, session.sessionId(), session.negotiatedVersion()),
                session.key().principal());
    }

    /** The GET of {@code session}'s standalone stream, made for the session's principal. */
    static FullHttpRequest get(UpstreamTarget target, UpstreamSession session) {
        return forPrincipal(target, get(target, session.sessionId(), session.negotiatedVersion()),
                session.key().principal());
    }

    /** The DELETE that ends {@code session}, made for the session's principal. */
    static FullHttpRequest delete(UpstreamTarget target, UpstreamSession session) {
        return forPrincipal(target, delete(target, session.sessionId(), session.negotiatedVersion()),
                session.key().principal());
    }

    /** {@code request}, marked as made for {@code principalId} ({@link UpstreamCredentials#actFor}). */
    static FullHttpRequest forPrincipal(UpstreamTarget target, FullHttpRequest request, String principalId) {
        UpstreamCredentials.actFor(target, request.headers(), principalId);
        return request;
    }

    /** A POST of already encoded JSON. */
    static FullHttpRequest postBytes(UpstreamTarget target, byte[] body, String sessionId, String protocolVersion) {
        FullHttpRequest request = TrustedHeaders.request(HttpMethod.POST, target.pathAndQuery(),
                Unpooled.wrappedBuffer(body));
        request.headers()
                .set(HttpHeaderNames.HOST, target.hostHeader())
                .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                .set(HttpHeaderNames.ACCEPT, "application/json, text/event-stream")
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
        if (sessionId != null) {
            request.headers().set(McpHeaders.SESSION_ID, sessionId);
        }
        if (protocolVersion != null) {
            request.headers().set(McpHeaders.PROTOCOL_VERSION, protocolVersion);
        }
        return request;
    }

    /** The GET that opens a session's standalone SSE stream, where a legacy server sends what no request caused. */
    static FullHttpRequest get(UpstreamTarget target, String sessionId, String protocolVersion) {
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET,
                target.pathAndQuery(), Unpooled.EMPTY_BUFFER);
        request.headers()
                .set(HttpHeaderNames.HOST, target.hostHeader())
                .set(HttpHeaderNames.ACCEPT, "text/event-stream");
        if (sessionId != null) {
            request.headers().set(McpHeaders.SESSION_ID, sessionId);
        }
        if (protocolVersion != null) {
            request.headers().set(McpHeaders.PROTOCOL_VERSION, protocolVersion);
        }
        return request;
    }

    /** The DELETE that ends an upstream session. */
    static FullHttpRequest delete(UpstreamTarget target, String sessionId, String protocolVersion) {
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.DELETE,
                target.pathAndQuery(), Unpooled.EMPTY_BUFFER);
        request.headers()
                .set(HttpHeaderNames.HOST, target.hostHeader())
                .set(McpHeaders.SESSION_ID, sessionId)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, 0);
        if (protocolVersion != null) {
            request.headers().set(McpHeaders.PROTOCOL_VERSION, protocolVersion);
        }
        return request;
    }
}
