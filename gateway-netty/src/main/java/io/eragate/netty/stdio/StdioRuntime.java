package io.eragate.netty.stdio;

import io.eragate.core.stdio.SharedProcessClient;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every stdio upstream shares: the supervisor thread (all supervision state lives on it, so it needs no
 * locks), a pool for the blocking work of stopping processes, and the settings of probes and handshakes.
 */
final class StdioRuntime {
    private static final Logger log = LoggerFactory.getLogger(StdioRuntime.class);
    /** How long each step of a stop waits: after closing stdin, and after SIGTERM. */
    static final Duration STOP_GRACE = Duration.ofSeconds(2);

    private final ScheduledExecutorService supervisor;
    private final ExecutorService stopper;
    private final Duration probeTimeout;
    private final Duration initializeTimeout;
    private final SharedProcessClient client;

    StdioRuntime(Duration probeTimeout, Duration initializeTimeout, String gatewayVersion) {
        this.supervisor = Executors.newSingleThreadScheduledExecutor(daemons("eragate-stdio-supervisor"));
        this.stopper = Executors.newCachedThreadPool(daemons("eragate-stdio-stop"));
        this.probeTimeout = probeTimeout;
        this.initializeTimeout = initializeTimeout;
        this.client = new SharedProcessClient(gatewayVersion);
    }

    ScheduledExecutorService supervisor() {
        return supervisor;
    }

    /**
     * Runs tasks on the supervisor thread, and drops them once supervision has ended (the gateway stopped): what
     * completes late, such as a process exiting after the stop, then has nothing left to update.
     */
    Executor onSupervisor() {
        return task -> {
            try {
                supervisor.execute(task);
            } catch (RejectedExecutionException e) {
                log.debug("Supervision has ended; dropped a late task");
            }
        };
    }

    Duration probeTimeout() {
        return probeTimeout;
    }

    Duration initializeTimeout() {
        return initializeTimeout;
    }

    SharedProcessClient client() {
        return client;
    }

    /** Stops {@code process} (stdin, SIGTERM, SIGKILL, for its whole tree) on the stop pool. */
    CompletableFuture<Void> stopAsync(StdioProcess process) {
        return CompletableFuture.runAsync(() -> process.stop(STOP_GRACE), stopper);
    }

    /** Ends the threads; call after every process has been stopped. */
    void shutdown() {
        supervisor.shutdownNow();
        stopper.shutdown();
        try {
            stopper.awaitTermination(STOP_GRACE.multipliedBy(3).toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static ThreadFactory daemons(String name) {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, name + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
