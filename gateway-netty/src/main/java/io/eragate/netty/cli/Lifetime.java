package io.eragate.netty.cli;

import io.eragate.netty.server.GatewayServer;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import sun.misc.Signal;

/**
 * How long a gateway that the command line started runs: {@link #await} returns when it should stop, and the caller
 * then closes it. The product runs until it is asked to stop; tests pass a lifetime that ends by itself.
 */
@FunctionalInterface
interface Lifetime {

    /**
     * Until SIGTERM or SIGINT (Ctrl-C): the gateway drains ({@code shutdown.*}) and {@link #await} returns, so that the
     * process exits 0 once the drain is over, as orchestrators expect of a graceful stop (a JVM ended by the signal
     * itself would exit 143). Any other JVM shutdown still drains, from a shutdown hook.
     */
    Lifetime UNTIL_JVM_SHUTDOWN = server -> {
        CountDownLatch stopAsked = new CountDownLatch(1);
        AtomicBoolean draining = new AtomicBoolean();
        Runnable drain = () -> {
            if (!draining.compareAndSet(false, true)) {
                return;
            }
            try {
                server.drainAndClose();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                server.close();
            }
        };
        Runtime.getRuntime().addShutdownHook(new Thread(drain, "eragate-shutdown"));
        for (String name : new String[] {"TERM", "INT"}) {
            try {
                Signal.handle(new Signal(name), signal -> stopAsked.countDown());
            } catch (IllegalArgumentException e) {
                // The JVM keeps this signal (-Xrs, or no such signal here): the shutdown hook drains instead.
            }
        }
        stopAsked.await();
        drain.run();
    };

    /** Blocks while {@code server} should keep running. */
    void await(GatewayServer server) throws InterruptedException;
}
