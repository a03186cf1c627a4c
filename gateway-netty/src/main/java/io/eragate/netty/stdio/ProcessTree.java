package io.eragate.netty.stdio;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ending a child process and everything it started. Descendants are collected while the parent is alive, since once
 * it is gone they are re-parented and can no longer be found from it; handles compare by pid and start time, so a
 * reused pid is never signalled by mistake.
 *
 * <p>Every live child is also registered for a JVM shutdown hook, so that no child outlives the gateway even when it
 * is killed without {@code close()}.
 */
final class ProcessTree {
    private static final Logger log = LoggerFactory.getLogger(ProcessTree.class);
    private static final Set<ProcessTree> LIVE = ConcurrentHashMap.newKeySet();
    private static final long MIN_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
    private static final long MAX_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    /** How long the JVM's shutdown waits for graceful stops before it kills what is left. */
    private static final Duration SHUTDOWN_BUDGET = Duration.ofSeconds(5);

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(ProcessTree::reapAll, "eragate-stdio-reaper"));
    }

    private final ProcessHandle root;
    private final Runnable gracefulStop;
    private final Set<ProcessHandle> descendants = ConcurrentHashMap.newKeySet();

    /** @param gracefulStop stops the child the polite way (stdin first); blocks until it has ended */
    ProcessTree(ProcessHandle root, Runnable gracefulStop) {
        this.root = root;
        this.gracefulStop = gracefulStop;
        LIVE.add(this);
    }

    /**
     * The JVM is going down (possibly while the gateway's own close is stopping the same children): every child gets
     * its graceful stop, in parallel, within {@link #SHUTDOWN_BUDGET}; whatever is left then is killed.
     */
    private static void reapAll() {
        List<Thread> stoppers = new ArrayList<>();
        for (ProcessTree tree : List.copyOf(LIVE)) {
            Thread stopper = new Thread(tree.gracefulStop, "eragate-stdio-reaper-" + tree.root.pid());
            stopper.setDaemon(true);
            stopper.start();
            stoppers.add(stopper);
        }
        long deadline = System.nanoTime() + SHUTDOWN_BUDGET.toNanos();
        for (Thread stopper : stoppers) {
            try {
                stopper.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        for (ProcessTree tree : List.copyOf(LIVE)) {
            tree.killNow();
        }
    }

    /** The child itself. */
    ProcessHandle root() {
        return root;
    }

    /** Remembers the descendants the child has now; cheap enough to call every few seconds. */
    void refresh() {
        if (root.isAlive()) {
            root.descendants().forEach(descendants::add);
        }
    }

    /** The child and every descendant seen so far that is still alive. */
    List<ProcessHandle> alive() {
        List<ProcessHandle> alive = new ArrayList<>();
        if (root.isAlive()) {
            alive.add(root);
        }
        descendants.stream().filter(ProcessHandle::isAlive).forEach(alive::add);
        return alive;
    }

    /**
     * Escalates after a graceful stop was asked for (the caller closed stdin): waits {@code grace} for the child to
     * exit, then sends SIGTERM to the child and its descendants, waits {@code grace} again, then SIGKILL. Blocks; call
     * it on a thread of its own, never on an event loop.
     */
    void stop(Duration grace) {
        refresh();
        if (!awaitExit(List.of(root), grace)) {
            refresh();
            signal(false);
            if (!awaitExit(alive(), grace)) {
                signal(true);
                awaitExit(alive(), grace);
            }
        }
        endOrphans(grace);
        LIVE.remove(this);
    }

    /** Descendants that outlived the child (they ignored stdin closing): SIGTERM, then SIGKILL. */
    void endOrphans(Duration grace) {
        List<ProcessHandle> left = new ArrayList<>(descendants);
        left.removeIf(handle -> !handle.isAlive());
        if (left.isEmpty()) {
            if (!root.isAlive()) {
                LIVE.remove(this);
            }
            return;
        }
        log.info("Ending {} process(es) left behind by pid {}", left.size(), root.pid());
        left.forEach(ProcessHandle::destroy);
        if (!awaitExit(left, grace)) {
            left.forEach(ProcessHandle::destroyForcibly);
            awaitExit(left, grace);
        }
        if (!root.isAlive()) {
            LIVE.remove(this);
        }
    }

    /** SIGKILL to everything at once, without waiting: the JVM is going down. */
    void killNow() {
        refresh();
        Collection<ProcessHandle> all = new LinkedHashSet<>(descendants);
        all.forEach(ProcessHandle::destroyForcibly);
        root.destroyForcibly();
    }

    private void signal(boolean force) {
        for (ProcessHandle handle : descendants) {
            if (force) {
                handle.destroyForcibly();
            } else {
                handle.destroy();
            }
        }
        if (force) {
            root.destroyForcibly();
        } else {
            root.destroy();
        }
    }

    /**
     * Whether all of {@code handles} ended within {@code timeout}. Polls, with a short and growing pause: the JDK's
     * own exit notification for a process that is not our child (a descendant) polls only about once a second.
     */
    private static boolean awaitExit(List<ProcessHandle> handles, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        long pauseNanos = MIN_POLL_NANOS;
        while (handles.stream().anyMatch(ProcessHandle::isAlive)) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            LockSupport.parkNanos(Math.min(pauseNanos, left));
            if (Thread.currentThread().isInterrupted()) {
                return false;
            }
            pauseNanos = Math.min(pauseNanos * 2, MAX_POLL_NANOS);
        }
        return true;
    }
}
