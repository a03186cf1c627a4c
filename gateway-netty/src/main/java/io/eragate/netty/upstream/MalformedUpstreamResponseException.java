package io.eragate.netty.upstream;

import java.io.IOException;

/** The upstream's response could not be decoded as HTTP. */
public final class MalformedUpstreamResponseException extends IOException {

    MalformedUpstreamResponseException(String message) {
        super(message);
    }
}
