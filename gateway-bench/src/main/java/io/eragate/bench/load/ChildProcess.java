package io.eragate.bench.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A process the harness started (fixture JVM, nginx, Eragate JVM): its output goes to a log file, and
 * {@link #close()} ends it and everything it started, politely first and forcibly after a bound.
 */
final class ChildProcess implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ChildProcess.class);
    private static final Duration STOP_WAIT = Duration.ofSeconds(10);
    private static final int LOG_TAIL_LINES = 30;

    private final String name;
    private final Process process;
    private final Path logFile;

    private ChildProcess(String name, Process process, Path logFile) {
        this.name = name;
        this.process = process;
        this.logFile = logFile;
    }

    /**
     * Starts {@code command} with stdout and stderr appended to {@code logFile}, or with stdout left as a pipe (for a
     * process that reports its port there) when {@code pipeStdout} is set. Stdin is a pipe the child may watch: it
     * closes when the harness ends.
     */
    static ChildProcess start(String name, List<String> command, Path logFile, boolean pipeStdout) {
        Objects.requireNonNull(command, "command");
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.appendTo(logFile.toFile()));
        if (!pipeStdout) {
            builder.redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()));
        }
        try {
            log.info("starting {}: {}", name, String.join(" ", command));
            return new ChildProcess(name, builder.start(), logFile);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name + " (" + command.get(0) + ")", e);
        }
    }

    String name() {
        return name;
    }

    Process process() {
        return process;
    }

    ProcessHandle handle() {
        return process.toHandle();
    }

    /** This process and every process it started, for CPU and memory sampling. */
    List<ProcessHandle> tree() {
        return Stream.concat(Stream.of(process.toHandle()), process.toHandle().descendants()).toList();
    }

    /**
     * Waits until a TCP connection to {@code port} on loopback succeeds.
     *
     * @throws IllegalStateException when the process exits first or {@code timeout} passes, quoting its log
     */
    void awaitListening(int port, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with " + process.exitValue() + " before listening on "
                        + port + "; its log ends with:\n" + logTail());
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                TimeUnit.MILLISECONDS.sleep(50);
            }
        }
        throw new IllegalStateException(name + " did not listen on " + port + " within " + timeout
                + "; its log ends with:\n" + logTail());
    }

    /** The last lines of the log, for error messages. */
    String logTail() {
        try {
            List<String> lines = Files.readAllLines(logFile, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(log " + logFile + " unreadable: " + e.getMessage() + ")";
        }
    }

    /** Ends the process and its descendants: SIGTERM, then SIGKILL for whatever is left after a bound. */
    @Override
    public void close() {
        List<ProcessHandle> descendants = process.toHandle().descendants().toList();
        try {
            process.getOutputStream().close();
        } catch (IOException ignored) {
            // Closing stdin only tells a watching child to stop; it is being terminated anyway.
        }
        process.destroy();
        try {
            if (!process.waitFor(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                log.warn("{} did not stop within {}; killing it", name, STOP_WAIT);
                process.destroyForcibly().waitFor(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        descendants.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }
}
