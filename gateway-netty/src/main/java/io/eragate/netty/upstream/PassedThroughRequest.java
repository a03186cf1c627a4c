package io.eragate.netty.upstream;

import io.netty.handler.codec.http.HttpHeaders;
import java.util.Objects;

/**
 * A legacy-era client's request as it goes through to a legacy upstream unchanged.
 *
 * @param httpMethod {@code POST}, {@code GET} or {@code DELETE}
 * @param body the body bytes as received (empty for GET and DELETE)
 * @param passedHeaders the client headers that travel upstream: the legacy transport's own ({@code Content-Type},
 *     {@code Accept}, {@code Mcp-Session-Id}, {@code MCP-Protocol-Version}, {@code Last-Event-ID}) and the ones
 *     every upstream gets (user agent, trace context); never credentials
 * @param clientAddress the client's IP address, for {@code X-Forwarded-For} and {@code Forwarded}
 * @param clientHost the {@code Host} the client used, for {@code Forwarded: host=}
 * @param keepAlive whether the client connection stays open after the response
 * @param clientAcceptsChunked whether the client speaks HTTP/1.1
 */
public record PassedThroughRequest(String httpMethod, byte[] body, HttpHeaders passedHeaders, String clientAddress,
        String clientHost, boolean keepAlive, boolean clientAcceptsChunked) {

    public PassedThroughRequest {
        Objects.requireNonNull(httpMethod, "httpMethod");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(passedHeaders, "passedHeaders");
    }
}
