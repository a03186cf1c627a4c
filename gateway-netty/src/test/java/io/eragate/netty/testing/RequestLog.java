package io.eragate.netty.testing;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * The requests a fixture received, oldest first, bounded: when full the oldest is dropped, so a benchmark can run a
 * fixture for millions of requests without growing the heap.
 */
final class RequestLog {
    private final int capacity;
    private final ArrayDeque<RecordedRequest> requests = new ArrayDeque<>();

    RequestLog(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        this.capacity = capacity;
    }

    synchronized void add(RecordedRequest request) {
        if (requests.size() == capacity) {
            requests.removeFirst();
        }
        requests.addLast(request);
        notifyAll();
    }

    synchronized List<RecordedRequest> snapshot() {
        return List.copyOf(requests);
    }

    synchronized void clear() {
        requests.clear();
    }

    /**
     * Waits until a recorded request matches, checking those already recorded first.
     *
     * @throws AssertionError if none matched within {@code timeout}
     */
    synchronized RecordedRequest await(Predicate<RecordedRequest> matcher, Duration timeout) {
        Objects.requireNonNull(matcher, "matcher");
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            for (RecordedRequest request : requests) {
                if (matcher.test(request)) {
                    return request;
                }
            }
            long remainingMillis = Duration.ofNanos(deadline - System.nanoTime()).toMillis();
            if (remainingMillis <= 0) {
                throw new AssertionError("No matching request within " + timeout + "; received: " + requests);
            }
            try {
                wait(remainingMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("Interrupted while waiting for a request", e);
            }
        }
    }
}
