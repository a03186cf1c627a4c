package io.eragate.core.session;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** A connector that records opens and closes; opens complete at once or when the test says so. */
final class FakeConnector implements SessionConnector {

    /** One call to {@link #open}. */
    record Open(SessionKey key, ObjectNode params, CompletableFuture<UpstreamSession> future, String sessionId) {

        UpstreamSession succeed() {
            UpstreamSession session = new UpstreamSession(key, sessionId, "2025-11-25",
                    JsonNodeFactory.instance.objectNode().put("protocolVersion", "2025-11-25"), Instant.EPOCH);
            future.complete(session);
            return session;
        }

        void fail(String why) {
            future.completeExceptionally(new IllegalStateException(why));
        }
    }

    final List<Open> opens = new CopyOnWriteArrayList<>();
    final List<UpstreamSession> closed = new CopyOnWriteArrayList<>();
    private final AtomicInteger sequence = new AtomicInteger();
    volatile boolean completeAtOnce = true;
    volatile RuntimeException throwOnOpen;
    volatile RuntimeException throwOnClose;

    @Override
    public CompletableFuture<UpstreamSession> open(SessionKey key, ObjectNode initializeParams) {
        if (throwOnOpen != null) {
            throw throwOnOpen;
        }
        Open open = new Open(key, initializeParams, new CompletableFuture<>(), "s-" + sequence.incrementAndGet());
        opens.add(open);
        if (completeAtOnce) {
            open.succeed();
        }
        return open.future();
    }

    @Override
    public CompletableFuture<Void> close(UpstreamSession session) {
        if (throwOnClose != null) {
            throw throwOnClose;
        }
        closed.add(session);
        return CompletableFuture.completedFuture(null);
    }

    Open lastOpen() {
        return opens.get(opens.size() - 1);
    }
}
