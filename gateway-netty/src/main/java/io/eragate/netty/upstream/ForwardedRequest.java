package io.eragate.netty.upstream;

import io.eragate.core.auth.Principal;
import io.eragate.core.frontdoor.ValidatedRequest;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.Objects;

/**
 * What a client asked for, as the upstream exchange needs it.
 *
 * @param request the validated request, with the original body bytes
 * @param passedHeaders client headers that travel upstream unchanged ({@code Mcp-Param-*}, trace context,
 *     {@code User-Agent}); never credentials
 * @param clientAddress the client's IP address, for {@code X-Forwarded-For} and {@code Forwarded}
 * @param clientHost the {@code Host} the client used, for {@code Forwarded: host=}
 * @param keepAlive whether the client connection stays open after the response
 * @param clientAcceptsChunked whether the client speaks HTTP/1.1, so that a response of unknown length may be sent
 *     chunked; an HTTP/1.0 client gets such a response delimited by closing the connection instead
 * @param principal who sent it: what keys pooled sessions, pending rounds, {@code requestState} and listen streams
 */
public record ForwardedRequest(ValidatedRequest request, HttpHeaders passedHeaders, String clientAddress,
        String clientHost, boolean keepAlive, boolean clientAcceptsChunked, Principal principal) {

    public ForwardedRequest {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(passedHeaders, "passedHeaders");
        Objects.requireNonNull(principal, "principal");
    }

    /** A request of the principal {@code anonymous} (authentication off). */
    public ForwardedRequest(ValidatedRequest request, HttpHeaders passedHeaders, String clientAddress,
            String clientHost, boolean keepAlive, boolean clientAcceptsChunked) {
        this(request, passedHeaders, clientAddress, clientHost, keepAlive, clientAcceptsChunked,
                Principal.ANONYMOUS);
    }
}
