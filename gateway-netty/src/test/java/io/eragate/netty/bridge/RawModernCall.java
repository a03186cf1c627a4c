package io.eragate.netty.bridge;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * A modern request over a plain socket, read line by line, so a test can leave in the middle of an SSE answer by
 * closing the connection, as a client that gives up does.
 */
final class RawModernCall implements AutoCloseable {
    private static final int READ_TIMEOUT_MILLIS = 5_000;

    private final Socket socket;
    private final BufferedReader reader;
    private final StringBuilder received = new StringBuilder();

    private RawModernCall(Socket socket) throws IOException {
        this.socket = socket;
        this.reader = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
    }

    static RawModernCall send(URI endpoint, ModernRequest request) {
        try {
            Socket socket = new Socket(endpoint.getHost(), endpoint.getPort());
            socket.setSoTimeout(READ_TIMEOUT_MILLIS);
            byte[] body = request.bodyText().getBytes(StandardCharsets.UTF_8);
            StringBuilder head = new StringBuilder("POST ").append(endpoint.getPath()).append(" HTTP/1.1\r\n")
                    .append("Host: ").append(endpoint.getHost()).append(':').append(endpoint.getPort()).append("\r\n")
                    .append("Content-Length: ").append(body.length).append("\r\n");
            request.headers().forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
            head.append("\r\n");
            OutputStream out = socket.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.UTF_8));
            out.write(body);
            out.flush();
            return new RawModernCall(socket);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads until a line contains {@code fragment}; fails when the answer ends or stalls first. */
    String readUntil(String fragment) {
        try {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                received.append(line).append('\n');
                if (line.contains(fragment)) {
                    return received.toString();
                }
            }
            throw new AssertionError("The answer ended without " + fragment + ":\n" + received);
        } catch (IOException e) {
            throw new AssertionError("No " + fragment + " in the answer:\n" + received, e);
        }
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
