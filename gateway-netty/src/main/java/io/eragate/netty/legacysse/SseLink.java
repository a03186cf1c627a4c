package io.eragate.netty.legacysse;

import io.eragate.netty.stdio.MessageLink;
import io.eragate.netty.upstream.BufferedUpstreamCall;
import io.eragate.netty.upstream.UpstreamChannelPool;
import io.eragate.netty.upstream.UpstreamTarget;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The way to a 2024-11-05 session's server: each message is POSTed to the endpoint the server named, one at a time
 * and in order (so {@code notifications/initialized} never overtakes {@code initialize}), and answered 202; the
 * answers themselves arrive on the session's event stream. A failed POST breaks the session.
 *
 * <p>Threading: {@link #send} may be called from any thread; the queue lives on the pool's event loop.
 */
final class SseLink implements MessageLink {
    private static final int MAX_QUEUED = 4096;
    private static final int MAX_REPLY_BYTES = 64 * 1024;

    private final String label;
    private final UpstreamChannelPool pool;
    private final UpstreamTarget endpoint;
    private final Duration timeout;
    private final Consumer<String> onBroken;
    private final Runnable onAbandon;
    private final AtomicInteger queued = new AtomicInteger();
    private final ArrayDeque<byte[]> queue = new ArrayDeque<>();
    private boolean posting;
    private volatile boolean closed;

    /**
     * @param onBroken told why, once a POST fails
     * @param onAbandon ends the session's event stream
     */
    SseLink(String label, UpstreamChannelPool pool, UpstreamTarget endpoint, Duration timeout,
            Consumer<String> onBroken, Runnable onAbandon) {
        this.label = label;
        this.pool = pool;
        this.endpoint = endpoint;
        this.timeout = timeout;
        this.onBroken = onBroken;
        this.onAbandon = onAbandon;
    }

    @Override
    public boolean send(byte[] json) {
        if (closed || queued.incrementAndGet() > MAX_QUEUED) {
            queued.decrementAndGet();
            return false;
        }
        try {
            pool.eventLoop().execute(() -> {
                queue.addLast(json);
                drain();
            });
            return true;
        } catch (RejectedExecutionException e) {
            queued.decrementAndGet();
            return false;
        }
    }

    private void drain() {
        if (posting) {
            return;
        }
        byte[] next = queue.pollFirst();
        if (next == null) {
            return;
        }
        if (closed) {
            queue.clear();
            queued.set(0);
            return;
        }
        posting = true;
        BufferedUpstreamCall.send(pool, endpoint, HttpSseRequests.post(endpoint, next), timeout, MAX_REPLY_BYTES)
                .whenComplete((reply, failure) -> pool.eventLoop().execute(() -> {
                    posting = false;
                    queued.decrementAndGet();
                    if (failure != null) {
                        broken("POST to the session endpoint failed: " + failure.getMessage());
                    } else if (reply.status() / 100 != 2) {
                        broken("the session endpoint answered a POST with HTTP " + reply.status());
                    } else {
                        drain();
                    }
                }));
    }

    private void broken(String why) {
        if (!closed) {
            closed = true;
            onBroken.accept(why);
        }
    }

    /** No more messages: the session has ended. */
    void close() {
        closed = true;
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public void abandon() {
        closed = true;
        onAbandon.run();
    }
}
