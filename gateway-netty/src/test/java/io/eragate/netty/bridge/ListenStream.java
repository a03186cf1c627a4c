package io.eragate.netty.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.netty.testing.Await;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@code subscriptions/listen} request on a raw socket, read line by line on a thread of its own: the status, each
 * SSE {@code data:} message (parsed), and the keep-alive comments. {@link #close()} drops the connection, which is
 * how an HTTP client ends its subscription.
 */
final class ListenStream implements AutoCloseable {
    private final Socket socket;
    private final BlockingQueue<JsonNode> messages = new LinkedBlockingQueue<>();
    private final AtomicInteger comments = new AtomicInteger();
    private final Thread reader;
    private volatile int status;
    private volatile boolean ended;

    private ListenStream(Socket socket) {
        this.socket = socket;
        this.reader = new Thread(this::read, "listen-stream-reader");
        reader.setDaemon(true);
        reader.start();
    }

    static ListenStream open(URI endpoint, ModernRequest request) {
        return open(endpoint, request, Map.of());
    }

    /** {@code request} with {@code extraHeaders} (an {@code Authorization}, say) besides the ones it derives. */
    static ListenStream open(URI endpoint, ModernRequest request, Map<String, String> extraHeaders) {
        try {
            Socket socket = new Socket(endpoint.getHost(), endpoint.getPort());
            byte[] body = request.bodyText().getBytes(StandardCharsets.UTF_8);
            StringBuilder head = new StringBuilder("POST " + endpoint.getPath() + " HTTP/1.1\r\n")
                    .append("Host: ").append(endpoint.getHost()).append(':').append(endpoint.getPort()).append("\r\n")
                    .append("Content-Length: ").append(body.length).append("\r\n");
            Map<String, String> headers = new LinkedHashMap<>(request.headers());
            headers.putAll(extraHeaders);
            for (Map.Entry<String, String> header : headers.entrySet()) {
                head.append(header.getKey()).append(": ").append(header.getValue()).append("\r\n");
            }
            head.append("\r\n");
            OutputStream out = socket.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            return new ListenStream(socket);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void read() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                StandardCharsets.UTF_8))) {
            String statusLine = in.readLine();
            if (statusLine != null) {
                status = Integer.parseInt(statusLine.split(" ")[1]);
            }
            String line;
            while ((line = in.readLine()) != null) {
                // Chunk sizes are bare hex numbers; SSE fields and JSON bodies are not.
                if (line.startsWith("data:")) {
                    messages.add(ModernRequest.parse(line.substring(5).trim()));
                } else if (line.startsWith(":")) {
                    comments.incrementAndGet();
                } else if (line.startsWith("{")) {
                    messages.add(ModernRequest.parse(line));
                }
            }
        } catch (IOException e) {
            // The test closed the socket.
        } finally {
            ended = true;
        }
    }

    /** The next message, waiting for it within a bound. */
    JsonNode next() {
        return next(Await.DEFAULT_TIMEOUT);
    }

    /** The next message, waiting for it at most {@code timeout}. */
    JsonNode next(Duration timeout) {
        try {
            JsonNode message = messages.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (message == null) {
                throw new AssertionError("No message within " + timeout + " (status " + status + ")");
            }
            return message;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("Interrupted", e);
        }
    }

    /** The messages received and not yet taken, without waiting. */
    List<JsonNode> drain() {
        List<JsonNode> drained = new java.util.ArrayList<>();
        messages.drainTo(drained);
        return drained;
    }

    int status() {
        return status;
    }

    int comments() {
        return comments.get();
    }

    /** Whether the gateway ended the response (or the connection). */
    boolean ended() {
        return ended;
    }

    static Duration timeout() {
        return Await.DEFAULT_TIMEOUT;
    }

    @Override
    public void close() {
        try {
            socket.close();
            reader.join(Await.DEFAULT_TIMEOUT.toMillis());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
