package io.eragate.netty.server;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A listener could not bind its address (typically a port in use). Whatever transport reported it (the JDK's
 * {@link java.net.BindException}, or a native epoll error), the gateway reports it as this one type.
 */
public final class ListenerBindException extends UncheckedIOException {

    ListenerBindException(String message, IOException cause) {
        super(message, cause);
    }
}
