package io.eragate.netty.stdio;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** Where a {@link StdioExchange} gets the shared session that serves its request. */
public interface SessionSource {

    /** The configured upstream name, for errors and logs. */
    String name();

    /** How long one request may take before the client gets 504 and the server a cancellation. */
    Duration requestTimeout();

    /**
     * A session ready for requests; completes on any thread, or fails with an exception whose message says why
     * (a {@link StdioUnavailableException} carries the status to answer with).
     */
    CompletableFuture<StdioSession> acquire();
}
