package io.eragate.netty.upstream;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeadersFactory;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;

/**
 * Requests the gateway builds for upstreams. Their header names are constants and their values either constants,
 * values derived from a validated body, or header values the server codec already validated on the way in, so
 * Netty's per-header validation is skipped on this hot path.
 */
public final class TrustedHeaders {
    private static final HttpHeadersFactory UNVALIDATED =
            DefaultHttpHeadersFactory.headersFactory().withValidation(false);
    private static final HttpHeadersFactory UNVALIDATED_TRAILERS =
            DefaultHttpHeadersFactory.trailersFactory().withValidation(false);

    private TrustedHeaders() {
    }

    /** A request whose headers are set by the gateway. */
    public static FullHttpRequest request(HttpMethod method, String uri, ByteBuf content) {
        return new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, uri, content, UNVALIDATED,
                UNVALIDATED_TRAILERS);
    }
}
