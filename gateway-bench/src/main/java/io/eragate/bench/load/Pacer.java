package io.eragate.bench.load;

import io.netty.channel.EventLoop;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * Wakes the open-loop driver at each intended send time. Netty's NIO timers round to milliseconds, too coarse for
 * sub-millisecond intervals, so a dedicated thread parks until the next due time and hands a tick to the event loop.
 * Ticks never pile up: one still waiting to run absorbs the next.
 */
final class Pacer {
    private final EventLoop loop;
    private final Runnable tick;
    private final long startNanos;
    private final long intervalNanos;
    private final AtomicBoolean tickPending = new AtomicBoolean();
    private volatile boolean running = true;
    private Thread thread;

    Pacer(EventLoop loop, Runnable tick, long startNanos, long intervalNanos) {
        this.loop = loop;
        this.tick = tick;
        this.startNanos = startNanos;
        this.intervalNanos = intervalNanos;
    }

    void start() {
        thread = new Thread(this::pace, "load-pacer");
        thread.setDaemon(true);
        thread.start();
    }

    /** Stops ticking; the thread ends by itself within one interval. */
    void stop() {
        running = false;
        LockSupport.unpark(thread);
    }

    private void pace() {
        long k = 0;
        while (running) {
            long due = startNanos + k * intervalNanos;
            long wait = due - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(wait);
                continue;
            }
            k = (System.nanoTime() - startNanos) / intervalNanos + 1;
            if (tickPending.compareAndSet(false, true)) {
                loop.execute(() -> {
                    tickPending.set(false);
                    tick.run();
                });
            }
        }
    }
}
