package io.eragate.netty.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts the real MCP peers of the repository's {@code interop/} folder (Node scripts on the pinned
 * Node 22 from {@code interop/node_modules/.bin/node}) for integration tests.
 *
 * <p>Servers are scripts that print one line {@code READY <port>} on stdout once they listen;
 * {@link #startServer} waits for it. Clients run to completion with {@link #run}; the inspector's command line
 * with {@link #runInspectorCli}, and interop's bash scripts (the conformance runner) with {@link #runBash}. Every
 * process has its stdout and stderr drained on background threads into bounded buffers, so a test failure can show
 * what the peer said, and every process tree is destroyed on {@link Server#close()} (and, as a safety net, when the
 * JVM exits).
 *
 * <p>The repository root comes from the system property {@value #REPO_ROOT_PROPERTY} (failsafe
 * sets it) or is the nearest directory above the working directory that contains
 * {@code interop/package.json}.
 */
public final class NodePeers {
    /** System property naming the repository root. */
    public static final String REPO_ROOT_PROPERTY = "eragate.repo.root";
    /** The inspector 2.12.0 command line (needs Node >= 22.19, which interop's Node 22 is), relative to interop/. */
    public static final String INSPECTOR_CLI = "node_modules/.bin/mcp-inspector";
    /** How long {@link #startServer(String, String...)} waits for the READY line. */
    public static final Duration DEFAULT_READY_TIMEOUT = Duration.ofSeconds(30);

    static final int SERVER_OUTPUT_LIMIT_CHARS = 64 * 1024;
    static final int CLIENT_OUTPUT_LIMIT_CHARS = 4 * 1024 * 1024;
    private static final Duration GRACEFUL_STOP = Duration.ofSeconds(5);
    private static final Duration DRAIN_AFTER_EXIT = Duration.ofSeconds(5);
    private static final Pattern READY_LINE = Pattern.compile("READY ([1-9][0-9]{0,4})");
    private static final Logger LOG = LoggerFactory.getLogger(NodePeers.class);
    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();
    /** Preloaded into servers that choose their own host: every numeric-port listen goes to 127.0.0.1. */
    static final String LOOPBACK_ONLY_PRELOAD = """
            import net from 'node:net';
            const listen = net.Server.prototype.listen;
            net.Server.prototype.listen = function (...args) {
              if (/^[0-9]+$/.test(String(args[0])) && typeof args[1] !== 'string') {
                args.splice(1, 0, '127.0.0.1');
              }
              return listen.apply(this, args);
            };
            """;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> LIVE.forEach(NodePeers::destroyTree),
                "node-peers-reaper"));
    }

    private final Path interopDir;
    private final Path nodeBinary;

    private NodePeers(Path interopDir, Path nodeBinary) {
        this.interopDir = interopDir;
        this.nodeBinary = nodeBinary;
    }

    /** The peers of the repository this test runs in (see the class comment for how it is found). */
    public static NodePeers locate() {
        return at(findRepoRoot(System.getProperty(REPO_ROOT_PROPERTY), Path.of("").toAbsolutePath()));
    }

    /** The peers of the repository at {@code repoRoot}; fails if {@code npm ci} has not run in interop/. */
    public static NodePeers at(Path repoRoot) {
        Objects.requireNonNull(repoRoot, "repoRoot");
        Path interop = repoRoot.toAbsolutePath().normalize().resolve("interop");
        if (!Files.isRegularFile(interop.resolve("package.json"))) {
            throw new IllegalStateException(repoRoot + " is not the Eragate repository root: no interop/package.json");
        }
        Path node = interop.resolve("node_modules").resolve(".bin").resolve("node");
        if (!Files.isDirectory(interop.resolve("node_modules")) || !Files.isExecutable(node)) {
            throw new IllegalStateException("The real MCP peers are not installed: " + node
                    + " is missing: run npm ci in interop/ (.ci/run does it).");
        }
        return new NodePeers(interop, node);
    }

    /** The {@code interop/} folder. */
    public Path interopDir() {
        return interopDir;
    }

    /** The Node 22 binary the scripts run on. */
    public Path nodeBinary() {
        return nodeBinary;
    }

    /** Starts a server script (path relative to interop/) and waits up to 30 s for its READY line. */
    public Server startServer(String script, String... args) {
        return startServer(DEFAULT_READY_TIMEOUT, script, args);
    }

    /**
     * Starts a server script (path relative to interop/) and waits for its {@code READY <port>}
     * line; on a timeout or an early exit the process tree is destroyed and the exception carries
     * the script's output.
     */
    public Server startServer(Duration readyTimeout, String script, String... args) {
        Objects.requireNonNull(readyTimeout, "readyTimeout");
        return startAndAwait(readyTimeout, "READY", script, Map.of(), NodePeers::parseReadyPort,
                line -> OptionalInt.empty(), args);
    }

    /**
     * Starts a server that takes its port from the {@code PORT} environment variable and announces
     * itself in its own words rather than with READY (server-everything prints "MCP Streamable HTTP
     * Server listening on port N" on stderr): a free loopback port is chosen, the process is made to
     * listen on 127.0.0.1 only (it may otherwise bind every interface), and the start waits until
     * stdout or stderr shows {@code readyFragment}. Failures are reported as by
     * {@link #startServer(Duration, String, String...)}.
     *
     * @param script a path relative to interop/, such as a package's entry point under node_modules
     */
    public Server startOnFreePort(Duration readyTimeout, String readyFragment, String script, String... args) {
        Objects.requireNonNull(readyTimeout, "readyTimeout");
        Objects.requireNonNull(readyFragment, "readyFragment");
        int port = freeLoopbackPort();
        Map<String, String> environment = Map.of("PORT", Integer.toString(port), "NODE_OPTIONS",
                "--import=data:text/javascript;base64," + Base64.getEncoder().encodeToString(
                        LOOPBACK_ONLY_PRELOAD.getBytes(StandardCharsets.UTF_8)));
        Function<String, OptionalInt> ready = line -> line.contains(readyFragment) ? OptionalInt.of(port)
                : OptionalInt.empty();
        return startAndAwait(readyTimeout, "\"" + readyFragment + "\"", script, environment, ready, ready, args);
    }

    private Server startAndAwait(Duration readyTimeout, String readySign, String script,
            Map<String, String> environment, Function<String, OptionalInt> stdoutReady,
            Function<String, OptionalInt> stderrReady, String... args) {
        Process process = start(List.of(nodeBinary.toString()), script, environment, args);
        BoundedLog stdout = new BoundedLog(SERVER_OUTPUT_LIMIT_CHARS);
        BoundedLog stderr = new BoundedLog(SERVER_OUTPUT_LIMIT_CHARS);
        CompletableFuture<Integer> ready = new CompletableFuture<>();
        Thread out = drain(process.getInputStream(), stdout, script + "-stdout",
                line -> stdoutReady.apply(line).ifPresent(ready::complete),
                () -> ready.completeExceptionally(new IllegalStateException("stdout closed before " + readySign)));
        Thread err = drain(process.getErrorStream(), stderr, script + "-stderr",
                line -> stderrReady.apply(line).ifPresent(ready::complete), () -> { });
        Server server = new Server(script, process, stdout, stderr);
        try {
            int port = ready.get(readyTimeout.toMillis(), TimeUnit.MILLISECONDS);
            server.port = port;
            LOG.debug("{} is ready on port {} (pid {})", script, port, process.pid());
            return server;
        } catch (TimeoutException e) {
            server.close();
            throw new IllegalStateException(script + " did not print " + readySign + " within " + readyTimeout
                    + server.describeOutput(), e);
        } catch (ExecutionException e) {
            // The script is ending on its own: let it, so that its last words reach the message.
            awaitQuietly(process, out, err);
            server.close();
            throw new IllegalStateException(script + " ended before printing " + readySign + exitCodeOf(process)
                    + server.describeOutput(), e.getCause());
        } catch (InterruptedException e) {
            server.close();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while starting " + script, e);
        }
    }

    private static int freeLoopbackPort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("No free loopback port", e);
        }
    }

    /** Runs a client script (path relative to interop/) to completion; see {@link #run(Duration, Map, String, String...)}. */
    public Result run(Duration timeout, String script, String... args) {
        return run(timeout, Map.of(), script, args);
    }

    /**
     * Runs a client script (path relative to interop/) with extra environment variables, and
     * returns its exit code and output. If it does not finish within {@code timeout} its process
     * tree is destroyed and an {@link IllegalStateException} carries what it printed.
     */
    public Result run(Duration timeout, Map<String, String> environment, String script, String... args) {
        return runToEnd(timeout, List.of(nodeBinary.toString()), environment, script, args);
    }

    /**
     * Runs the inspector's command line ({@code mcp-inspector --cli …}) to completion with {@code args} after
     * {@code --cli}; see {@link #run(Duration, Map, String, String...)} for timeouts and output.
     */
    public Result runInspectorCli(Duration timeout, String... args) {
        Objects.requireNonNull(args, "args");
        String[] withCli = new String[args.length + 1];
        withCli[0] = "--cli";
        System.arraycopy(args, 0, withCli, 1, args.length);
        return run(timeout, INSPECTOR_CLI, withCli);
    }

    /**
     * Runs a bash script of interop/ (path relative to it) to completion, with extra environment variables; the
     * script's own children are destroyed with it if it overruns {@code timeout}. Scripts find the pinned Node 22
     * themselves (interop/node_modules/.bin/node).
     */
    public Result runBash(Duration timeout, Map<String, String> environment, String script, String... args) {
        return runToEnd(timeout, List.of("bash"), environment, script, args);
    }

    private Result runToEnd(Duration timeout, List<String> interpreter, Map<String, String> environment,
            String script, String... args) {
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(environment, "environment");
        Process process = start(interpreter, script, environment, args);
        BoundedLog stdout = new BoundedLog(CLIENT_OUTPUT_LIMIT_CHARS);
        BoundedLog stderr = new BoundedLog(CLIENT_OUTPUT_LIMIT_CHARS);
        Thread out = drain(process.getInputStream(), stdout, script + "-stdout", line -> { }, () -> { });
        Thread err = drain(process.getErrorStream(), stderr, script + "-stderr", line -> { }, () -> { });
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                destroyTree(process);
                throw new IllegalStateException(script + " did not finish within " + timeout
                        + describe(stdout, stderr));
            }
            out.join(DRAIN_AFTER_EXIT.toMillis());
            err.join(DRAIN_AFTER_EXIT.toMillis());
            return new Result(process.exitValue(), stdout.text(), stderr.text());
        } catch (InterruptedException e) {
            destroyTree(process);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while running " + script, e);
        } finally {
            LIVE.remove(process);
        }
    }

    private Process start(List<String> interpreter, String script, Map<String, String> environment,
            String... args) {
        Objects.requireNonNull(script, "script");
        Objects.requireNonNull(args, "args");
        Path scriptPath = interopDir.resolve(script).normalize();
        if (!scriptPath.startsWith(interopDir) || !Files.isRegularFile(scriptPath)) {
            throw new IllegalArgumentException("No script " + script + " in " + interopDir);
        }
        List<String> command = new ArrayList<>(args.length + interpreter.size() + 1);
        command.addAll(interpreter);
        command.add(scriptPath.toString());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(interopDir.toFile());
        builder.environment().putAll(environment);
        try {
            Process process = builder.start();
            process.getOutputStream().close();
            LIVE.add(process);
            return process;
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start " + command, e);
        }
    }

    private static Thread drain(InputStream stream, BoundedLog log, String name, Consumer<String> onLine,
                                Runnable onEnd) {
        Thread thread = new Thread(() -> {
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    log.appendLine(line);
                    onLine.accept(line);
                }
            } catch (IOException e) {
                log.appendLine("[reading output failed: " + e + "]");
            } finally {
                onEnd.run();
            }
        }, "node-peer-" + name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    private static void destroyTree(Process process) {
        // Collect the descendants first: once the parent is gone they are re-parented and unreachable.
        List<ProcessHandle> descendants = process.descendants().toList();
        descendants.forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            if (!process.waitFor(GRACEFUL_STOP.toMillis(), TimeUnit.MILLISECONDS)) {
                descendants.forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor(GRACEFUL_STOP.toMillis(), TimeUnit.MILLISECONDS);
            }
            for (ProcessHandle child : descendants) {
                child.onExit().get(GRACEFUL_STOP.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            descendants.forEach(ProcessHandle::destroyForcibly);
        } finally {
            LIVE.remove(process);
        }
    }

    private static void awaitQuietly(Process process, Thread... drains) {
        try {
            process.waitFor(DRAIN_AFTER_EXIT.toMillis(), TimeUnit.MILLISECONDS);
            for (Thread drain : drains) {
                drain.join(DRAIN_AFTER_EXIT.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String exitCodeOf(Process process) {
        return process.isAlive() ? "" : " (exit code " + process.exitValue() + ")";
    }

    private static String describe(BoundedLog stdout, BoundedLog stderr) {
        return "\n--- stdout ---\n" + stdout.text() + "--- stderr ---\n" + stderr.text();
    }

    /**
     * Finds the repository root: the directory named by {@code property} when set, else the nearest
     * of {@code cwd} and its parents that contains {@code interop/package.json}.
     */
    static Path findRepoRoot(String property, Path cwd) {
        if (property != null && !property.isBlank()) {
            Path root = Path.of(property).toAbsolutePath().normalize();
            if (!isRepoRoot(root)) {
                throw new IllegalStateException("-D" + REPO_ROOT_PROPERTY + "=" + property
                        + " names a directory without interop/package.json");
            }
            return root;
        }
        for (Path dir = cwd.toAbsolutePath().normalize(); dir != null; dir = dir.getParent()) {
            if (isRepoRoot(dir)) {
                return dir;
            }
        }
        throw new IllegalStateException("No interop/package.json in " + cwd + " or any parent directory; run"
                + " the tests inside the Eragate repository or set -D" + REPO_ROOT_PROPERTY + "=<repo root>");
    }

    private static boolean isRepoRoot(Path dir) {
        return Files.isRegularFile(dir.resolve("interop").resolve("package.json"));
    }

    /** The port of a {@code READY <port>} line (the whole line, port 1..65535), if it is one. */
    static OptionalInt parseReadyPort(String line) {
        Matcher matcher = READY_LINE.matcher(line);
        if (!matcher.matches()) {
            return OptionalInt.empty();
        }
        int port = Integer.parseInt(matcher.group(1));
        return port <= 65_535 ? OptionalInt.of(port) : OptionalInt.empty();
    }

    /** A started server script. Closing it destroys its process tree and waits for it to end. */
    public static final class Server implements AutoCloseable {
        private final String script;
        private final Process process;
        private final BoundedLog stdout;
        private final BoundedLog stderr;
        private volatile int port;

        private Server(String script, Process process, BoundedLog stdout, BoundedLog stderr) {
            this.script = script;
            this.process = process;
            this.stdout = stdout;
            this.stderr = stderr;
        }

        /** The port from the READY line. */
        public int port() {
            return port;
        }

        /** {@code http://127.0.0.1:<port>/mcp}, where every interop server listens. */
        public String mcpUrl() {
            return "http://127.0.0.1:" + port + "/mcp";
        }

        /** The process id, for diagnostics. */
        public long pid() {
            return process.pid();
        }

        /** Whether the server process is still running. */
        public boolean isAlive() {
            return process.isAlive();
        }

        /** The most recent stdout and stderr of the server, for failure messages. */
        public String output() {
            return script + " (pid " + process.pid() + ")" + describe(stdout, stderr);
        }

        /**
         * Waits until the server has written {@code fragment} to stderr (where the interop servers
         * report events such as a cancelled call); returns whether it appeared within {@code timeout}.
         */
        public boolean awaitStderr(String fragment, Duration timeout) {
            Objects.requireNonNull(fragment, "fragment");
            Objects.requireNonNull(timeout, "timeout");
            return stderr.awaitContains(fragment, timeout);
        }

        @Override
        public void close() {
            if (process.isAlive()) {
                destroyTree(process);
            }
            LIVE.remove(process);
        }

        private String describeOutput() {
            return describe(stdout, stderr);
        }
    }

    /** How a client script ended. */
    public record Result(int exitCode, String stdout, String stderr) {
        /** Whether the script exited with status 0. */
        public boolean succeeded() {
            return exitCode == 0;
        }

        /** The last non-blank stdout line: the interop clients print their one JSON result there. */
        public String lastStdoutLine() {
            String[] lines = stdout.strip().split("\n");
            return lines[lines.length - 1];
        }
    }

    /** Text that keeps only its most recent {@code limit} characters, safe for concurrent use. */
    static final class BoundedLog {
        static final String DROPPED_MARKER = "[... earlier output dropped ...]\n";

        private final int limit;
        private final StringBuilder text = new StringBuilder();
        private boolean dropped;

        BoundedLog(int limit) {
            if (limit <= 0) {
                throw new IllegalArgumentException("limit must be positive: " + limit);
            }
            this.limit = limit;
        }

        synchronized void appendLine(String line) {
            text.append(line).append('\n');
            if (text.length() > limit) {
                text.delete(0, text.length() - limit);
                dropped = true;
            }
            notifyAll();
        }

        synchronized String text() {
            return dropped ? DROPPED_MARKER + text : text.toString();
        }

        synchronized boolean awaitContains(String fragment, Duration timeout) {
            long deadline = System.nanoTime() + timeout.toNanos();
            try {
                while (text.indexOf(fragment) < 0) {
                    long remainingMillis = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                    if (remainingMillis <= 0) {
                        return false;
                    }
                    wait(remainingMillis);
                }
                return true;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }
}
