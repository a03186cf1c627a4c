package io.eragate.bench.load;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoop;
import java.util.List;
import java.util.ArrayDeque;

/**
 * Open loop: request {@code k} is due at {@code start + k / rate}, whether or not earlier answers have come back. A
 * due request goes out on an idle connection; when none is idle it waits in a bounded backlog (keeping its intended
 * time) and another connection is opened, up to {@link LoadProfile#MAX_OPEN_LOOP_CONNECTIONS}. Latency runs from the
 * intended time, so time spent waiting for a connection counts, as it would for a real client.
 */
final class OpenLoopRun extends LoadRun {
    /** Requests that may wait for a connection; beyond it they are counted as dropped. */
    static final int MAX_BACKLOG = 100_000;

    private final long intervalNanos;
    private final ArrayDeque<LoadConnection> idleConnections = new ArrayDeque<>();
    private final ArrayDeque<Long> backlog = new ArrayDeque<>();
    private Pacer pacer;
    private long startNanos;
    private long scheduled;

    OpenLoopRun(EventLoop loop, Bootstrap bootstrap, Endpoint endpoint, List<ByteBuf> requests, List<ByteBuf> expected,
            LoadProfile profile, long maxRequests, PhaseListener listener) {
        super(loop, bootstrap, endpoint, requests, expected, profile, maxRequests, listener);
        if (profile.ratePerSecond() <= 0) {
            throw new IllegalArgumentException("an open-loop round needs a rate: " + profile);
        }
        this.intervalNanos = Math.max(1, Math.round(1e9 / profile.ratePerSecond()));
    }

    @Override
    void onStart(long now) {
        startNanos = now;
        for (int i = 0; i < profile.connections(); i++) {
            openConnection();
        }
        pacer = new Pacer(loop, this::dispatchDue, now, intervalNanos);
        pacer.start();
    }

    /** Sends (or queues) every request whose intended time has come; runs on the event loop. */
    private void dispatchDue() {
        long due = dueBy(System.nanoTime() - startNanos, intervalNanos);
        while (scheduled < due && maySend()) {
            long intended = startNanos + scheduled * intervalNanos;
            scheduled++;
            submit(intended);
        }
    }

    /** How many requests are due {@code elapsedNanos} after the start: request {@code k} is due at {@code k * interval}. */
    static long dueBy(long elapsedNanos, long intervalNanos) {
        return elapsedNanos < 0 ? 0 : elapsedNanos / intervalNanos + 1;
    }

    private void submit(long intended) {
        LoadConnection connection = idleConnections.pollLast();
        if (connection != null) {
            send(connection, intended);
            return;
        }
        if (backlog.size() >= MAX_BACKLOG) {
            recorder.dropped();
            return;
        }
        backlog.addLast(intended);
        if (pendingConnects() < backlog.size() && connectionCount() < LoadProfile.MAX_OPEN_LOOP_CONNECTIONS) {
            openConnection();
        }
    }

    @Override
    void idle(LoadConnection connection) {
        Long next = backlog.pollFirst();
        if (next != null && maySend()) {
            send(connection, next);
        } else {
            idleConnections.addLast(connection);
        }
    }

    @Override
    void forget(LoadConnection connection) {
        idleConnections.remove(connection);
    }

    @Override
    void replaceClosed() {
        if (connectionCount() < profile.connections() || pendingConnects() < backlog.size()) {
            openConnection();
        }
    }

    @Override
    long onEnd() {
        if (pacer != null) {
            pacer.stop();
        }
        long unsent = backlog.size();
        backlog.clear();
        return unsent;
    }
}
