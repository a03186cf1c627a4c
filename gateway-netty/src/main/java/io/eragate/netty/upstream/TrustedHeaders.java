package io.eragate.netty.upstream;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaders;
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

    static final String X_FORWARDED_FOR = "X-Forwarded-For";
    static final String FORWARDED = "Forwarded";

    private TrustedHeaders() {
    }

    /**
     * Adds {@code X-Forwarded-For} and {@code Forwarded} naming the client, when its address is known; the client's
     * own values of these are never passed on, since the gateway cannot vouch for them.
     */
    public static void addForwarded(HttpHeaders headers, String clientAddress, String clientHost) {
        if (clientAddress == null) {
            return;
        }
        headers.add(X_FORWARDED_FOR, clientAddress);
        headers.set(FORWARDED, forwarded(clientAddress, clientHost));
    }

    /** The {@code Forwarded} value naming a client whose address is known. */
    static String forwarded(String clientAddress, String clientHost) {
        String forValue = clientAddress.indexOf(':') >= 0 ? "\"[" + clientAddress + "]\"" : clientAddress;
        return clientHost == null ? "for=" + forValue + ";proto=http"
                : "for=" + forValue + ";host=\"" + clientHost + "\";proto=http";
    }

    /** A request whose headers are set by the gateway. */
    public static FullHttpRequest request(HttpMethod method, String uri, ByteBuf content) {
        return new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, uri, content, UNVALIDATED,
                UNVALIDATED_TRAILERS);
    }
}
