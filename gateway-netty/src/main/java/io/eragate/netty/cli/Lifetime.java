package io.eragate.netty.cli;

import io.eragate.netty.server.GatewayServer;
import java.util.concurrent.CountDownLatch;

/**
 * How long a gateway that the command line started runs: {@link #await} returns when it should stop, and the caller
 * then closes it. The product runs until the JVM is asked to stop; tests pass a lifetime that ends by itself.
 */
@FunctionalInterface
interface Lifetime {

    /**
     * Until the JVM shuts down (Ctrl-C, SIGTERM): the shutdown hook drains the gateway ({@code shutdown.*}) and
     * closes it before the JVM exits.
     */
    Lifetime UNTIL_JVM_SHUTDOWN = server -> {
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.drainAndClose();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                server.close();
            }
            stopped.countDown();
        }, "eragate-shutdown"));
        stopped.await();
    };

    /** Blocks while {@code server} should keep running. */
    void await(GatewayServer server) throws InterruptedException;
}
