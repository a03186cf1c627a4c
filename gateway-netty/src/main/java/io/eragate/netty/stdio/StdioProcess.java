package io.eragate.netty.stdio;

import io.eragate.core.stdio.BoundedLineReader;
import io.eragate.core.stdio.ChildEnvironment;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.core.security.SecretTemplate;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One running child process and the three threads that keep its pipes moving: stdout is read line by line (bounded)
 * and handed to the {@link Listener}; stderr is drained line by line into the gateway log, so a noisy child never
 * blocks on a full pipe; stdin is written from a bounded queue, so a child that stops reading never blocks a caller.
 * No event loop ever touches a pipe.
 */
final class StdioProcess implements MessageLink {
    private static final Logger log = LoggerFactory.getLogger(StdioProcess.class);
    private static final Logger stderrLog = LoggerFactory.getLogger("io.eragate.stdio.stderr");
    private static final int MAX_STDERR_LINE_BYTES = 8 * 1024;
    private static final int RECENT_STDERR_LINES = 20;
    private static final byte[] CLOSE_STDIN = new byte[0];
    private static final Duration ORPHAN_GRACE = Duration.ofSeconds(2);

    /** What the process says on stdout; called on its reader thread, one call at a time. */
    interface Listener {

        /** One complete line of stdout (without its newline). */
        void onLine(String line);

        /** The process wrote a line longer than the bound: it is broken. Reading continues, discarding. */
        void onLineTooLong(int maxLineBytes);

        /** The process has exited and stdout is fully read. Called exactly once. */
        void onExited(int exitCode);
    }

    private final String label;
    private final int maxLineBytes;
    private final Process process;
    private final ProcessTree tree;
    private final Instant startedAt;
    private final BlockingQueue<byte[]> outbox;
    private final Deque<String> recentStderr = new ArrayDeque<>();
    private final AtomicBoolean stdinClosing = new AtomicBoolean();
    private final AtomicBoolean stdoutDone = new AtomicBoolean();

    private StdioProcess(String label, Process process, int outboxCapacity, int maxLineBytes) {
        this.label = label;
        this.maxLineBytes = maxLineBytes;
        this.process = process;
        this.tree = new ProcessTree(process.toHandle(), () -> stop(StdioRuntime.STOP_GRACE));
        this.startedAt = Instant.now();
        this.outbox = new ArrayBlockingQueue<>(outboxCapacity);
    }

    /**
     * Starts {@code upstream}'s command; nothing is read until {@link #startIo}. Blocks for the fork; call it off the
     * event loops.
     *
     * @param label how logs name this process, such as {@code memory#0}
     * @param outboxCapacity lines that may wait to be written to stdin
     * @throws IOException when the program cannot be started
     */
    static StdioProcess spawn(UpstreamConfig upstream, String label, int outboxCapacity) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(upstream.command());
        builder.environment().clear();
        builder.environment().putAll(ChildEnvironment.of(System.getenv(), resolvedEnv(upstream)));
        if (!upstream.cwd().isEmpty()) {
            builder.directory(new File(upstream.cwd()));
        }
        Process process = builder.start();
        log.info("Started upstream process {} (pid {}): {}", label, process.pid(), upstream.command().get(0));
        return new StdioProcess(label, process, outboxCapacity,
                (int) Math.min(upstream.maxLineBytes(), Integer.MAX_VALUE - 8));
    }

    /** The configured variables with their {@code ${env:...}} and {@code ${file:...}} secrets resolved. */
    private static Map<String, String> resolvedEnv(UpstreamConfig upstream) throws IOException {
        Map<String, String> resolved = new LinkedHashMap<>();
        for (Map.Entry<String, String> variable : upstream.env().entrySet()) {
            try {
                resolved.put(variable.getKey(), SecretTemplate.resolve(variable.getValue(), System::getenv,
                        SecretTemplate::readFile));
            } catch (IllegalArgumentException e) {
                throw new IOException("env " + variable.getKey() + ": " + e.getMessage(), e);
            }
        }
        return resolved;
    }

    /** Starts the threads that move the pipes; {@code listener} gets stdout from now on. Call it once. */
    void startIo(Listener listener) {
        daemon("out", () -> readStdout(maxLineBytes, listener)).start();
        daemon("err", this::drainStderr).start();
        daemon("in", this::writeStdin).start();
        // A grandchild that inherited stdout keeps the pipe open after the child died: end it, so the reader sees EOF.
        process.onExit().thenRunAsync(() -> {
            if (!stdoutDone.get()) {
                tree.endOrphans(ORPHAN_GRACE);
            }
        }, CompletableFuture.delayedExecutor(1, TimeUnit.SECONDS));
    }

    private Thread daemon(String stream, Runnable body) {
        Thread thread = new Thread(body, "eragate-stdio-" + label + "-" + stream);
        thread.setDaemon(true);
        return thread;
    }

    /** The process id. */
    long pid() {
        return process.pid();
    }

    /** The child's process tree. */
    ProcessTree tree() {
        return tree;
    }

    /** When the process was started. */
    Instant startedAt() {
        return startedAt;
    }

    /** How logs name this process. */
    @Override
    public String label() {
        return label;
    }

    /** Whether the process is running. */
    boolean isAlive() {
        return process.isAlive();
    }

    /**
     * Queues one JSON-RPC message (one line, without its newline) for stdin; never blocks.
     *
     * @return false when the queue is full or stdin is closing
     */
    @Override
    public boolean send(byte[] json) {
        return !stdinClosing.get() && json.length > 0 && outbox.offer(json);
    }

    /** The last lines the process wrote to stderr, oldest first. */
    List<String> recentStderr() {
        synchronized (recentStderr) {
            return List.copyOf(recentStderr);
        }
    }

    /** Waits until a recent stderr line contains {@code fragment}; returns whether one did within {@code timeout}. */
    boolean awaitStderr(String fragment, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (recentStderr) {
            while (recentStderr.stream().noneMatch(line -> line.contains(fragment))) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(recentStderr, left);
            }
            return true;
        }
    }

    /**
     * Stops the process: closes stdin (servers should exit on EOF), waits {@code grace}, then SIGTERM, then SIGKILL,
     * for the whole tree. Blocks; call it on a thread of its own.
     */
    void stop(Duration grace) {
        // Descendants are found from the child only while it lives, and closing stdin may end it at once.
        tree.refresh();
        closeStdin();
        tree.stop(grace);
        log.info("Stopped upstream process {} (pid {})", label, process.pid());
    }

    /** Broken: stdin is closed and SIGTERM sent; the exit follows. */
    @Override
    public void abandon() {
        closeStdin();
        tree.root().destroy();
    }

    /** Asks for stdin to be closed once the lines queued before are written. */
    void closeStdin() {
        if (stdinClosing.compareAndSet(false, true)) {
            outbox.clear();
            outbox.offer(CLOSE_STDIN);
        }
    }

    private void readStdout(int maxLineBytes, Listener listener) {
        boolean broken = false;
        try (InputStream stdout = process.getInputStream()) {
            BoundedLineReader reader = new BoundedLineReader(stdout, maxLineBytes);
            for (BoundedLineReader.Line line = reader.readLine(); line != null; line = reader.readLine()) {
                if (broken) {
                    continue;
                }
                if (line.truncated()) {
                    broken = true;
                    listener.onLineTooLong(maxLineBytes);
                } else if (!line.text().isBlank()) {
                    listener.onLine(line.text());
                }
            }
        } catch (IOException e) {
            log.debug("Reading stdout of {} ended: {}", label, e.toString());
        } catch (RuntimeException e) {
            log.warn("Handling stdout of {} failed", label, e);
        }
        stdoutDone.set(true);
        int exitCode = awaitExitCode();
        closeStdin();
        tree.endOrphans(ORPHAN_GRACE);
        listener.onExited(exitCode);
    }

    private int awaitExitCode() {
        while (true) {
            try {
                return process.waitFor();
            } catch (InterruptedException e) {
                // Only the JVM's shutdown interrupts daemon threads; the exit still has to be observed.
                Thread.interrupted();
            }
        }
    }

    private void drainStderr() {
        try (InputStream stderr = process.getErrorStream()) {
            BoundedLineReader reader = new BoundedLineReader(stderr, MAX_STDERR_LINE_BYTES);
            for (BoundedLineReader.Line line = reader.readLine(); line != null; line = reader.readLine()) {
                String text = line.truncated() ? line.text() + " [cut]" : line.text();
                stderrLog.info("[{}] {}", label, text);
                synchronized (recentStderr) {
                    if (recentStderr.size() == RECENT_STDERR_LINES) {
                        recentStderr.removeFirst();
                    }
                    recentStderr.addLast(text);
                    recentStderr.notifyAll();
                }
            }
        } catch (IOException e) {
            log.debug("Reading stderr of {} ended: {}", label, e.toString());
        }
    }

    private void writeStdin() {
        try (OutputStream stdin = process.getOutputStream()) {
            while (true) {
                byte[] json = outbox.poll(1, TimeUnit.MINUTES);
                if (json == CLOSE_STDIN) {
                    return;
                }
                if (json == null) {
                    if (!process.isAlive()) {
                        return;
                    }
                    continue;
                }
                stdin.write(json);
                stdin.write('\n');
                if (outbox.isEmpty()) {
                    stdin.flush();
                }
            }
        } catch (IOException e) {
            log.debug("Writing stdin of {} ended: {}", label, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
