package io.eragate.netty.it;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A plain TCP connection to the gateway, for what the JDK HTTP client will not send (a spoofed Host, hop-by-hop
 * fields, pipelining, HTTP/1.0, oversized or broken requests) and for reading a response exactly as it came: every
 * read is bounded by a socket timeout, so a hang fails the test instead of stalling it.
 */
final class RawConnection implements AutoCloseable {
    static final Duration READ_TIMEOUT = Duration.ofSeconds(5);

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    private RawConnection(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
    }

    static RawConnection open(InetSocketAddress address) {
        Socket socket = new Socket();
        try {
            socket.connect(address, (int) READ_TIMEOUT.toMillis());
            socket.setSoTimeout((int) READ_TIMEOUT.toMillis());
            socket.setTcpNoDelay(true);
            return new RawConnection(socket);
        } catch (IOException e) {
            closeQuietly(socket);
            throw new UncheckedIOException("cannot connect to " + address, e);
        }
    }

    RawConnection send(byte[] bytes) {
        try {
            out.write(bytes);
            out.flush();
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    RawConnection send(String text) {
        return send(text.getBytes(StandardCharsets.UTF_8));
    }

    /** Ends what this side sends ({@code shutdown(SHUT_WR)}) and keeps reading. */
    RawConnection halfClose() {
        try {
            socket.shutdownOutput();
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    InputStream input() {
        return in;
    }

    /** One CRLF- (or LF-) terminated line without its terminator; {@code null} at end of stream. */
    String readLine() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1) {
            if (b == '\n') {
                byte[] bytes = line.toByteArray();
                int length = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                return new String(bytes, 0, length, StandardCharsets.UTF_8);
            }
            line.write(b);
        }
        return line.size() == 0 ? null : line.toString(StandardCharsets.UTF_8);
    }

    /** Reads a status line and header block; fails if the connection ends first. */
    HttpHead readHead() {
        try {
            String statusLine = readLine();
            if (statusLine == null) {
                throw new AssertionError("connection closed before a response");
            }
            String[] parts = statusLine.split(" ", 3);
            Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            for (String line = readLine(); line != null && !line.isEmpty(); line = readLine()) {
                int colon = line.indexOf(':');
                headers.computeIfAbsent(line.substring(0, colon).trim(), k -> new ArrayList<>())
                        .add(line.substring(colon + 1).trim());
            }
            return new HttpHead(parts[0], Integer.parseInt(parts[1]), headers);
        } catch (IOException e) {
            throw new UncheckedIOException("reading a response head", e);
        }
    }

    /** The body of the response {@code head} starts, decoded as it arrives. */
    InputStream body(HttpHead head) {
        if (head.isChunked()) {
            return new ChunkedBody(this);
        }
        if (head.first("Content-Length").isPresent()) {
            long length = Long.parseLong(head.first("Content-Length").get());
            return new InputStream() {
                private long left = length;

                @Override
                public int read() throws IOException {
                    if (left == 0) {
                        return -1;
                    }
                    int b = in.read();
                    if (b < 0) {
                        throw new EOFException("connection closed inside a Content-Length body");
                    }
                    left--;
                    return b;
                }
            };
        }
        return in;
    }

    /** Reads one whole response. */
    RawResponse readResponse() {
        HttpHead head = readHead();
        try {
            return new RawResponse(head, body(head).readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("reading the body of a " + head.status() + " response", e);
        }
    }

    /**
     * Whether the peer closes this connection within the read timeout, discarding whatever it still sends; a reset
     * counts as closed.
     */
    boolean closedByPeer() {
        try {
            while (in.read() != -1) {
                // Skip what remains before the close.
            }
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (SocketException e) {
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        closeQuietly(socket);
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // Nothing to do about a failing close in a test.
        }
    }
}
