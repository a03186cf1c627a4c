package io.eragate.netty.federation;

import io.eragate.netty.upstream.ForwardedRequest;
import java.util.Objects;

/**
 * One request of a fan-out, as it travels over the in-process loopback to the exchange that serves one upstream.
 * Only the gateway itself can send one: it is an object on a local channel, never bytes on a socket.
 *
 * @param forwarded the request for that upstream (a modern request with the client's envelope)
 * @param upstream the upstream that must serve it
 */
public record InternalRequest(ForwardedRequest forwarded, String upstream) {

    public InternalRequest {
        Objects.requireNonNull(forwarded, "forwarded");
        Objects.requireNonNull(upstream, "upstream");
    }
}
