package io.eragate.netty.upstream;

import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponse;

/**
 * Receives what one upstream connection delivers during one exchange. Called on the connection's event loop.
 * The listener owns every {@link HttpContent} it is given and must release it.
 */
public interface UpstreamListener {

    /** The response status line and headers arrived. */
    void onResponseHead(HttpResponse head);

    /** A piece of the body arrived; the last one is a {@link io.netty.handler.codec.http.LastHttpContent}. */
    void onContent(HttpContent content);

    /** The connection closed or failed before the exchange ended. */
    void onConnectionLost(Throwable cause);
}
