package io.eragate.netty.upstream;

import io.eragate.core.health.UpstreamHealthBook;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * The upstream connections of one event loop: idle channels kept LIFO per upstream, a bound on open channels
 * and a bounded queue of requests waiting for one.
 *
 * <p>Threading: every method runs on {@link #eventLoop()} only, so the maps need no locks; the connections it
 * makes share that loop with the client connections that use them.
 */
public final class UpstreamChannelPool {
    private static final AttributeKey<Boolean> REUSED = AttributeKey.valueOf("eragate.upstream.reused");
    private static final AttributeKey<Long> IDLE_SINCE = AttributeKey.valueOf("eragate.upstream.idleSince");

    private final EventLoop eventLoop;
    private final Bootstrap bootstrap;
    private final UpstreamPoolSettings settings;
    private final Function<UpstreamTarget, ChannelHandler> initializers;
    private final Map<UpstreamTarget, PerTarget> targets = new HashMap<>();
    /** Open connections to all upstreams, readable from any thread (for metrics). */
    private final AtomicInteger openTotal = new AtomicInteger();
    /** Closes connections idle for too long; one periodic task per loop instead of a timer per release. */
    private ScheduledFuture<?> idleSweeper;
    /** Learns from every connection attempt whether the upstream accepts connections (for readiness). */
    private final UpstreamHealthBook health;
    /** Set by {@link #close()}: no connection is given out or made any more. */
    private boolean closed;

    UpstreamChannelPool(EventLoop eventLoop, Bootstrap bootstrap, UpstreamPoolSettings settings,
            Function<UpstreamTarget, ChannelHandler> initializers, UpstreamHealthBook health) {
        this.health = health;
        this.eventLoop = eventLoop;
        this.bootstrap = bootstrap.clone(eventLoop)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) settings.connectTimeout().toMillis());
        this.settings = settings;
        this.initializers = initializers;
    }

    /** The loop this pool belongs to. */
    public EventLoop eventLoop() {
        return eventLoop;
    }

    /** Whether {@code channel} was used for an earlier exchange before this one. */
    public static boolean wasReused(Channel channel) {
        return Boolean.TRUE.equals(channel.attr(REUSED).get());
    }

    /**
     * A connection to {@code target}: the most recently released idle one, a new one, or one released later
     * when the bound is reached. Fails at once with {@link UpstreamPoolExhaustedException} when too many
     * requests already wait, and with {@link UpstreamPoolClosedException} once the pool is closed.
     */
    public Future<Channel> acquire(UpstreamTarget target) {
        assert eventLoop.inEventLoop();
        if (closed) {
            return eventLoop.newFailedFuture(new UpstreamPoolClosedException(target.name()));
        }
        PerTarget perTarget = targets.computeIfAbsent(target, t -> new PerTarget(bootstrap.clone()
                .handler(initializers.apply(t))));
        Promise<Channel> promise = eventLoop.newPromise();
        Channel idle;
        while ((idle = perTarget.idle.pollFirst()) != null) {
            if (idle.isActive()) {
                idle.attr(REUSED).set(Boolean.TRUE);
                return promise.setSuccess(idle);
            }
        }
        if (perTarget.open < settings.maxConnectionsPerLoop()) {
            connect(target, perTarget, promise);
        } else if (perTarget.waiting.size() < settings.maxPendingAcquires()) {
            perTarget.waiting.addLast(promise);
        } else {
            promise.setFailure(new UpstreamPoolExhaustedException(target.name(), settings.maxConnectionsPerLoop(),
                    settings.maxPendingAcquires()));
        }
        return promise;
    }

    /** Returns a connection whose exchange ended cleanly; it serves a waiting request or goes idle. */
    public void release(UpstreamTarget target, Channel channel) {
        assert eventLoop.inEventLoop();
        PerTarget perTarget = targets.get(target);
        if (closed || perTarget == null || !channel.isActive()) {
            channel.close();
            return;
        }
        Promise<Channel> waiter;
        while ((waiter = perTarget.waiting.pollFirst()) != null) {
            if (!waiter.isDone()) {
                channel.attr(REUSED).set(Boolean.TRUE);
                waiter.setSuccess(channel);
                return;
            }
        }
        channel.attr(IDLE_SINCE).set(System.nanoTime());
        perTarget.idle.addFirst(channel);
        if (idleSweeper == null) {
            long period = Math.max(1, settings.idleTimeout().toNanos() / 2);
            idleSweeper = eventLoop.scheduleAtFixedRate(this::closeIdleConnections, period, period,
                    TimeUnit.NANOSECONDS);
        }
    }

    /** Closes the connections idle longer than the bound; stops sweeping once no connection is idle. */
    private void closeIdleConnections() {
        long now = System.nanoTime();
        long limit = settings.idleTimeout().toNanos();
        boolean anyIdle = false;
        for (PerTarget perTarget : targets.values()) {
            // Released connections are added first, so the longest idle ones are last.
            Channel oldest;
            while ((oldest = perTarget.idle.peekLast()) != null && now - oldest.attr(IDLE_SINCE).get() >= limit) {
                perTarget.idle.pollLast();
                oldest.close();
            }
            anyIdle |= !perTarget.idle.isEmpty();
        }
        if (!anyIdle && idleSweeper != null) {
            idleSweeper.cancel(false);
            idleSweeper = null;
        }
    }

    /** Closes a connection that must not be reused (abandoned stream, error, {@code Connection: close}). */
    public void discard(Channel channel) {
        assert eventLoop.inEventLoop();
        channel.close();
    }

    /**
     * Closes the pool (the gateway is stopping): every request still waiting for a connection fails at once with
     * {@link UpstreamPoolClosedException} (it was never sent, so its client is told it was not delivered), idle
     * connections are closed, and later acquisitions fail the same way. Connections in use stay with their exchanges.
     */
    public void close() {
        assert eventLoop.inEventLoop();
        closed = true;
        if (idleSweeper != null) {
            idleSweeper.cancel(false);
            idleSweeper = null;
        }
        for (Map.Entry<UpstreamTarget, PerTarget> entry : targets.entrySet()) {
            PerTarget perTarget = entry.getValue();
            Promise<Channel> waiter;
            while ((waiter = perTarget.waiting.pollFirst()) != null) {
                waiter.tryFailure(new UpstreamPoolClosedException(entry.getKey().name()));
            }
            Channel idle;
            while ((idle = perTarget.idle.pollFirst()) != null) {
                idle.close();
            }
        }
    }

    /** Open connections to every upstream from this loop, busy and idle; safe to read from any thread. */
    public int openConnections() {
        return openTotal.get();
    }

    /** Open connections to {@code target} from this loop, busy and idle. */
    public int openConnections(UpstreamTarget target) {
        PerTarget perTarget = targets.get(target);
        return perTarget == null ? 0 : perTarget.open;
    }

    private void connect(UpstreamTarget target, PerTarget perTarget, Promise<Channel> promise) {
        perTarget.open++;
        openTotal.incrementAndGet();
        ChannelFuture connect = perTarget.bootstrap.connect(target.host(), target.port());
        Channel channel = connect.channel();
        channel.closeFuture().addListener(f -> onClosed(target, perTarget, channel));
        connect.addListener(f -> {
            recordHealth(target, f);
            if (f.isSuccess()) {
                channel.attr(REUSED).set(Boolean.FALSE);
                if (!promise.trySuccess(channel)) {
                    release(target, channel);
                }
            } else {
                promise.tryFailure(f.cause());
            }
        });
    }

    /**
     * Tries a bare TCP connection to {@code target} and closes it at once, only to learn whether it accepts
     * connections again; sends nothing. Used for upstreams whose last connection failed.
     */
    public void recheck(UpstreamTarget target) {
        eventLoop.execute(() -> bootstrap.clone().handler(new ChannelInboundHandlerAdapter())
                .connect(target.host(), target.port())
                .addListener((ChannelFuture f) -> {
                    recordHealth(target, f);
                    f.channel().close();
                }));
    }

    private void recordHealth(UpstreamTarget target, io.netty.util.concurrent.Future<?> connect) {
        if (connect.isSuccess()) {
            health.connected(target.name());
        } else {
            Throwable cause = connect.cause();
            health.connectFailed(target.name(), cause == null ? "cancelled" : cause.getClass().getSimpleName()
                    + (cause.getMessage() == null ? "" : ": " + cause.getMessage()));
        }
    }

    private void onClosed(UpstreamTarget target, PerTarget perTarget, Channel channel) {
        perTarget.open--;
        openTotal.decrementAndGet();
        perTarget.idle.remove(channel);
        if (closed) {
            return;
        }
        Promise<Channel> waiter;
        while ((waiter = perTarget.waiting.pollFirst()) != null) {
            if (!waiter.isDone()) {
                connect(target, perTarget, waiter);
                return;
            }
        }
    }

    /** Connections and waiters for one upstream on this loop. */
    private static final class PerTarget {
        final Bootstrap bootstrap;
        final ArrayDeque<Channel> idle = new ArrayDeque<>();
        final ArrayDeque<Promise<Channel>> waiting = new ArrayDeque<>();
        int open;

        PerTarget(Bootstrap bootstrap) {
            this.bootstrap = bootstrap;
        }
    }
}
