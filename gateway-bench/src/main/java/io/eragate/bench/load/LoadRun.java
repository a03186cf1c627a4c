package io.eragate.bench.load;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseDecoder;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One round against one endpoint: opens connections, drives them (closed or open loop, in subclasses), opens the
 * measured window after the warm-up, closes it, waits a bounded time for requests in flight, then closes every
 * connection and completes {@link #result()}.
 *
 * <p>Confined to the client's event loop: every field is touched only there.
 */
abstract class LoadRun implements LoadDriver {
    /** How long a finished round waits for the answers still in flight. */
    static final long DRAIN_MILLIS = 5_000;
    /** Failed connection attempts after which the round stops trying (the target is gone). */
    static final int MAX_CONNECT_FAILURES = 50;
    /** The longest a round waits past its measured window for {@link LoadProfile#minAnswers()} answers. */
    static final long COMPLETION_BOUND_MILLIS = 60_000;
    private static final int MAX_ANSWER_BYTES = 1 << 20;

    final EventLoop loop;
    final LatencyRecorder recorder = new LatencyRecorder();
    final LoadProfile profile;
    private final Bootstrap bootstrap;
    private final Endpoint endpoint;
    private final PhaseListener listener;
    private final long maxRequests;
    private final CompletableFuture<RoundMeasurement> result = new CompletableFuture<>();
    private final Set<LoadConnection> open = new LinkedHashSet<>();
    private int connecting;
    private int connectFailures;
    private long unsent;
    private boolean finished;
    /** The window closed before {@code minAnswers} answers: the round goes on until they come (bounded). */
    private boolean overtime;

    /**
     * @param requests one encoded request per client session, owned by the client; each connection sends the one of
     *     the slot it takes
     * @param expected texts every successful answer contains, owned by the client
     */
    LoadRun(EventLoop loop, Bootstrap bootstrap, Endpoint endpoint, List<ByteBuf> requests, List<ByteBuf> expected,
            LoadProfile profile, long maxRequests, PhaseListener listener) {
        this.loop = loop;
        this.endpoint = endpoint;
        this.profile = profile;
        this.maxRequests = maxRequests;
        this.listener = listener;
        LoadRun self = this;
        RequestSlots slots = new RequestSlots(requests.size());
        this.bootstrap = bootstrap.clone(loop).handler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel channel) {
                channel.pipeline()
                        .addLast("decode", new HttpResponseDecoder())
                        .addLast("aggregate", new HttpObjectAggregator(MAX_ANSWER_BYTES))
                        .addLast("load", connection(self, slots, requests, expected, channel));
            }
        });
    }

    /** A connection sending the request of the slot it takes, and giving the slot back when it closes. */
    private static LoadConnection connection(LoadDriver driver, RequestSlots slots, List<ByteBuf> requests,
            List<ByteBuf> expected, SocketChannel channel) {
        int slot = slots.take();
        channel.closeFuture().addListener(closed -> slots.give(slot));
        return new LoadConnection(driver, requests.get(slot), expected);
    }

    /** Completes when the round has ended and every connection is closed. */
    CompletableFuture<RoundMeasurement> result() {
        return result;
    }

    /** Starts the round; call on the event loop. */
    void start() {
        long warmupMillis = profile.warmup().toMillis();
        long measureMillis = profile.measure().toMillis();
        onStart(System.nanoTime());
        loop.schedule(this::beginMeasure, warmupMillis, TimeUnit.MILLISECONDS);
        loop.schedule(this::end, warmupMillis + measureMillis, TimeUnit.MILLISECONDS);
    }

    /** Subclass hook: open the first connections; {@code now} is the round's start. */
    abstract void onStart(long now);

    /** Subclass hook: the round ended; stop offering load and return how many requests were never sent. */
    abstract long onEnd();

    /** Opens one more connection unless the round is over or the target keeps refusing. */
    final void openConnection() {
        if (recorder.isDone() || connectFailures >= MAX_CONNECT_FAILURES) {
            return;
        }
        connecting++;
        ChannelFuture connect = bootstrap.connect(endpoint.host(), endpoint.port());
        connect.addListener(done -> {
            connecting--;
            if (!done.isSuccess()) {
                connectFailures++;
                recorder.failed();
                connectFailed();
                if (overtime && connectFailures >= MAX_CONNECT_FAILURES) {
                    endNow();
                }
            }
        });
    }

    /** Subclass hook: a connection attempt failed. */
    void connectFailed() {
    }

    /** Connections open or being opened. */
    final int connectionCount() {
        return open.size() + connecting;
    }

    /** Connections being opened. */
    final int pendingConnects() {
        return connecting;
    }

    /** Whether another request may be sent under the round's cap. */
    final boolean maySend() {
        return !recorder.isDone() && recorder.sentCount() < maxRequests;
    }

    final void send(LoadConnection connection, long measuredFrom) {
        recorder.sent();
        connection.send(measuredFrom);
    }

    @Override
    public void connected(LoadConnection connection) {
        if (recorder.isDone()) {
            connection.close();
            return;
        }
        open.add(connection);
        idle(connection);
    }

    /** Subclass hook: an open connection has nothing in flight. */
    abstract void idle(LoadConnection connection);

    @Override
    public void answered(LoadConnection connection, long measuredFrom, long now, boolean success,
            boolean reusable) {
        recorder.answered(now - measuredFrom, success);
        if (overtime && !recorder.isDone() && recorder.succeededCount() >= profile.minAnswers()) {
            endNow();
        }
        if (recorder.isDone()) {
            if (inFlight() == 0) {
                finish();
            }
            return;
        }
        if (reusable) {
            idle(connection);
        }
    }

    @Override
    public void closed(LoadConnection connection, boolean requestLost) {
        open.remove(connection);
        if (requestLost) {
            recorder.failed();
        }
        forget(connection);
        if (recorder.isDone()) {
            if (inFlight() == 0) {
                finish();
            }
        } else {
            replaceClosed();
        }
    }

    /** Subclass hook: a connection closed; drop any reference to it. */
    void forget(LoadConnection connection) {
    }

    /** Subclass hook: a connection closed while the round runs. */
    abstract void replaceClosed();

    private void beginMeasure() {
        if (!recorder.isDone()) {
            recorder.beginMeasure(System.nanoTime());
            listener.measureStarted();
        }
    }

    private void end() {
        if (recorder.isDone()) {
            return;
        }
        if (!overtime && recorder.succeededCount() < profile.minAnswers()) {
            overtime = true;
            loop.schedule(this::endNow, COMPLETION_BOUND_MILLIS, TimeUnit.MILLISECONDS);
            return;
        }
        endNow();
    }

    private void endNow() {
        if (recorder.isDone()) {
            return;
        }
        recorder.end(System.nanoTime());
        listener.measureEnded();
        unsent = onEnd();
        if (inFlight() == 0) {
            finish();
        } else {
            loop.schedule(this::finish, DRAIN_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    private int inFlight() {
        int count = 0;
        for (LoadConnection connection : open) {
            if (connection.inFlight()) {
                count++;
            }
        }
        return count;
    }

    private void finish() {
        if (finished) {
            return;
        }
        finished = true;
        long unfinished = inFlight();
        for (LoadConnection connection : Set.copyOf(open)) {
            connection.close();
        }
        result.complete(recorder.result(unfinished, unsent));
    }
}
