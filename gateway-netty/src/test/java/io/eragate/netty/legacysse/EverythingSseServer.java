package io.eragate.netty.legacysse;

import io.eragate.netty.testing.NodePeers;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * server-everything in its 2024-11-05 HTTP+SSE mode ({@code GET /sse}, {@code POST /message}), on a free loopback
 * port, for as long as a test needs it. Its stderr is kept, and waited on: it says when it listens, and names every
 * session that connects and every message POSTed to one.
 */
final class EverythingSseServer implements AutoCloseable {
    private final Process process;
    private final int port;
    private final StringBuilder stderr = new StringBuilder();

    private EverythingSseServer(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    static EverythingSseServer start() throws Exception {
        NodePeers peers = NodePeers.locate();
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        ProcessBuilder builder = new ProcessBuilder(List.of(peers.nodeBinary().toString(),
                peers.interopDir().resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js")
                        .toString(), "sse"));
        builder.environment().put("PORT", String.valueOf(port));
        builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        EverythingSseServer server = new EverythingSseServer(builder.start(), port);
        server.process.getOutputStream().close();
        CompletableFuture<Void> listening = new CompletableFuture<>();
        Thread drain = new Thread(() -> server.drainStderr(listening), "everything-sse-stderr");
        drain.setDaemon(true);
        drain.start();
        try {
            listening.get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            server.close();
            throw new IllegalStateException("server-everything sse did not start: " + server.stderr(), e);
        }
        return server;
    }

    private void drainStderr(CompletableFuture<Void> listening) {
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                synchronized (stderr) {
                    stderr.append(line).append('\n');
                    stderr.notifyAll();
                }
                if (line.contains("Server is running on port")) {
                    listening.complete(null);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            listening.completeExceptionally(new IllegalStateException("stderr closed"));
        }
    }

    /** The SSE endpoint, {@code http://127.0.0.1:<port>/sse}. */
    String sseUrl() {
        return "http://127.0.0.1:" + port + "/sse";
    }

    String stderr() {
        synchronized (stderr) {
            return stderr.toString();
        }
    }

    /** Waits until the server's stderr holds {@code fragment}; returns whether it did within {@code timeout}. */
    boolean awaitStderr(String fragment, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (stderr) {
            while (stderr.indexOf(fragment) < 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(stderr, left);
            }
            return true;
        }
    }

    @Override
    public void close() throws InterruptedException {
        List<ProcessHandle> descendants = process.descendants().toList();
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        descendants.forEach(ProcessHandle::destroyForcibly);
    }
}
