package io.eragate.netty.legacysse;

import io.eragate.netty.telemetry.TraceHeaders;
import io.eragate.netty.upstream.JsonPosts;
import io.eragate.netty.upstream.UpstreamTarget;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;

/** The HTTP requests of the 2024-11-05 transport: the GET that opens the event stream, and message POSTs. */
final class HttpSseRequests {

    private HttpSseRequests() {
    }

    /** The GET that opens a session's event stream. */
    static FullHttpRequest openStream(UpstreamTarget target) {
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET,
                target.pathAndQuery(), Unpooled.EMPTY_BUFFER);
        request.headers()
                .set(HttpHeaderNames.HOST, target.hostHeader())
                .set(HttpHeaderNames.ACCEPT, "text/event-stream")
                .set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_CACHE)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, 0);
        return request;
    }

    /** A POST of one JSON-RPC message. */
    static FullHttpRequest post(UpstreamTarget target, byte[] json) {
        FullHttpRequest request = JsonPosts.to(target, json);
        TraceHeaders.fromBody(json, request.headers());
        return request;
    }

    /** The DELETE that ends a 2025 session opened while detecting the transport. */
    static FullHttpRequest delete(UpstreamTarget target, String sessionId) {
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.DELETE,
                target.pathAndQuery(), Unpooled.EMPTY_BUFFER);
        request.headers()
                .set(HttpHeaderNames.HOST, target.hostHeader())
                .set("Mcp-Session-Id", sessionId)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, 0);
        return request;
    }
}
