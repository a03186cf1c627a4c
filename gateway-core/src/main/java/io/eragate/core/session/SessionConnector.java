package io.eragate.core.session;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.concurrent.CompletableFuture;

/**
 * The I/O behind {@link SessionPool}, implemented by the transport layer. Both methods may be called from any thread
 * and must not block; their futures must complete eventually (the implementation applies its own timeouts), since
 * the pool holds a pending open for as long as it runs.
 */
public interface SessionConnector {

    /**
     * Opens a session: POST {@code initialize} with {@code initializeParams}, then {@code notifications/initialized}.
     * The future fails when either step fails.
     */
    CompletableFuture<UpstreamSession> open(SessionKey key, ObjectNode initializeParams);

    /** Ends a session: DELETE with its {@code Mcp-Session-Id} (a 405 answer counts as done). */
    CompletableFuture<Void> close(UpstreamSession session);
}
