package io.eragate.netty.stdio;

import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * The requests of one stdio upstream that wait for a process to become ready, in arrival order and at most
 * {@code maxPendingRequests} of them: a request beyond that is refused at once rather than queued without bound.
 *
 * <p>Threading: the supervisor thread only.
 */
final class StdioWaiters {
    private final String upstream;
    private final int max;
    private final ArrayDeque<CompletableFuture<StdioSession>> waiting = new ArrayDeque<>();

    StdioWaiters(String upstream, int maxPendingRequests) {
        this.upstream = upstream;
        this.max = maxPendingRequests;
    }

    /**
     * Queues {@code waiter} (waiters whose request already ended make room), or fails it with 503 when as many wait
     * as may.
     *
     * @return whether it was queued
     */
    boolean offer(CompletableFuture<StdioSession> waiter) {
        waiting.removeIf(CompletableFuture::isDone);
        if (waiting.size() >= max) {
            waiter.completeExceptionally(new StdioUnavailableException(503, waiting.size()
                    + " requests already wait for a process of " + upstream + " to start (maxPendingRequests)"));
            return false;
        }
        waiting.addLast(waiter);
        return true;
    }

    /** A process is ready: every waiter gets the session {@code ready} names when it is its turn. */
    void completeAll(Supplier<StdioSession> ready) {
        while (!waiting.isEmpty()) {
            waiting.pollFirst().complete(ready.get());
        }
    }

    /** Fails every waiter with {@code unavailable}. */
    void failAll(StdioUnavailableException unavailable) {
        while (!waiting.isEmpty()) {
            waiting.pollFirst().completeExceptionally(unavailable);
        }
    }

    /** Fails every waiter with an error of its own: {@code status} and {@code why}. */
    void failAll(int status, String why) {
        while (!waiting.isEmpty()) {
            waiting.pollFirst().completeExceptionally(new StdioUnavailableException(status, why));
        }
    }
}
