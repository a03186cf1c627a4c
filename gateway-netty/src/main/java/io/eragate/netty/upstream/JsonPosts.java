package io.eragate.netty.upstream;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;

/** The POST of a JSON body to an upstream target, as every MCP transport sends one; callers add their own headers. */
public final class JsonPosts {
    private JsonPosts() {
    }

    /**
     * A POST of {@code json} (wrapped, not copied) to {@code target}'s path, with its {@code Host}, a JSON
     * {@code Content-Type}, an {@code Accept} of JSON and SSE, and its {@code Content-Length}.
     */
    public static FullHttpRequest to(UpstreamTarget target, byte[] json) {
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST,
                target.pathAndQuery(), Unpooled.wrappedBuffer(json));
        request.headers()
                .set(HttpHeaderNames.HOST, target.hostHeader())
                .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                .set(HttpHeaderNames.ACCEPT, "application/json, text/event-stream")
                .setInt(HttpHeaderNames.CONTENT_LENGTH, json.length);
        return request;
    }
}
