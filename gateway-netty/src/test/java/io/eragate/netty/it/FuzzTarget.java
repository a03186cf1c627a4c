package io.eragate.netty.it;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.netty.testing.ModernFixtureUpstream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.slf4j.LoggerFactory;

/**
 * The front door as a fuzz target: a gateway on loopback port 0 in front of the canned modern fixture, fed raw bytes
 * on a fresh connection, which is then half-closed and read to its end. What comes back must be a sequence of
 * well-formed HTTP/1.1 responses (or nothing, when the connection is simply closed), none of them a 500, 502, 503 or
 * 504 (the fixture is healthy; 501 and 505 are the spec's answers to a transfer coding or HTTP version the gateway
 * refuses), every JSON body a JSON-RPC message, and nothing may be logged at WARN or ERROR.
 */
final class FuzzTarget implements AutoCloseable {
    /** Statuses a healthy upstream never explains: the gateway itself failed. */
    private static final Set<Integer> GATEWAY_FAILURES = Set.of(500, 502, 503, 504);
    /** Bounds one input's whole exchange; with the short head timeout below, every input ends well within it. */
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(20);

    private final ModernFixtureUpstream upstream;
    private final TestGateway gateway;
    private final WarningsSeen warnings = new WarningsSeen();

    FuzzTarget() {
        upstream = ModernFixtureUpstream.start();
        gateway = TestGateway.modern(upstream.uri(), TestLimits.defaults().requestHeaderTimeout(Duration.ofSeconds(1))
                .maxBodyBytes(64 * 1024).maxHeaderBytes(8 * 1024));
        warnings.attach();
    }

    /** The Host a local client sends; seeds use {@code HOST} in its place. */
    String hostHeader() {
        return gateway.hostHeader();
    }

    /** Sends {@code input} (with {@code HOST} replaced by the gateway's address) and checks every invariant. */
    void check(byte[] input) {
        byte[] request = withHost(input);
        byte[] answer = exchange(request);
        List<String> problems = new ArrayList<>();
        parseResponses(answer, problems);
        assertThat(problems).as("answer to %s", printable(request)).isEmpty();
        assertThat(warnings.take()).as("WARN/ERROR logged for %s", printable(request)).isEmpty();
    }

    private byte[] withHost(byte[] input) {
        String text = new String(input, StandardCharsets.ISO_8859_1);
        return text.replace("HOST", hostHeader()).getBytes(StandardCharsets.ISO_8859_1);
    }

    private byte[] exchange(byte[] request) {
        try (Socket socket = new Socket(gateway.address().getAddress(), gateway.port())) {
            socket.setSoTimeout((int) READ_TIMEOUT.toMillis());
            OutputStream out = socket.getOutputStream();
            try {
                out.write(request);
                out.flush();
                socket.shutdownOutput();
            } catch (SocketException refusedMidWay) {
                // The gateway may answer and close before it read everything; what it sent is still checked.
            }
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            try {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    answer.write(buffer, 0, n);
                }
            } catch (SocketException reset) {
                // A reset after the answers counts as a close.
            }
            return answer.toByteArray();
        } catch (IOException e) {
            throw new AssertionError("no answer and no close within " + READ_TIMEOUT + " for " + printable(request), e);
        }
    }

    /** Reads every response in {@code bytes}, adding what is wrong with them to {@code problems}. */
    static void parseResponses(byte[] bytes, List<String> problems) {
        int at = 0;
        while (at < bytes.length) {
            int headEnd = indexOf(bytes, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII), at);
            if (headEnd < 0) {
                problems.add("a response head without its end: " + printable(slice(bytes, at, bytes.length)));
                return;
            }
            String[] lines = new String(bytes, at, headEnd - at, StandardCharsets.ISO_8859_1).split("\r\n");
            String[] status = lines[0].split(" ", 3);
            if (status.length < 2 || !status[0].equals("HTTP/1.1") || !status[1].matches("[1-5][0-9][0-9]")) {
                problems.add("a malformed status line: " + printable(lines[0].getBytes(StandardCharsets.ISO_8859_1)));
                return;
            }
            int code = Integer.parseInt(status[1]);
            if (GATEWAY_FAILURES.contains(code)) {
                problems.add("the gateway failed: " + lines[0]);
            }
            long length = -1;
            boolean chunked = false;
            String contentType = "";
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                if (colon <= 0) {
                    problems.add("a malformed header line: " + lines[i]);
                    return;
                }
                String name = lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT);
                String value = lines[i].substring(colon + 1).trim();
                if (name.equals("content-length")) {
                    length = Long.parseLong(value);
                } else if (name.equals("transfer-encoding")) {
                    chunked = value.equalsIgnoreCase("chunked");
                } else if (name.equals("content-type")) {
                    contentType = value;
                }
            }
            at = headEnd + 4;
            byte[] body;
            if (chunked) {
                ByteArrayOutputStream joined = new ByteArrayOutputStream();
                at = readChunks(bytes, at, joined, problems);
                if (at < 0) {
                    return;
                }
                body = joined.toByteArray();
            } else if (length >= 0) {
                if (at + length > bytes.length) {
                    problems.add("a body shorter than its Content-Length " + length);
                    return;
                }
                body = slice(bytes, at, (int) (at + length));
                at += (int) length;
            } else if (code == 204 || code == 304 || code < 200) {
                body = new byte[0];
            } else {
                problems.add("a response with neither Content-Length nor chunked body: " + lines[0]);
                return;
            }
            if (contentType.startsWith("application/json") && body.length > 0) {
                checkJsonRpc(body, problems);
            }
        }
    }

    private static int readChunks(byte[] bytes, int at, ByteArrayOutputStream body, List<String> problems) {
        while (true) {
            int lineEnd = indexOf(bytes, "\r\n".getBytes(StandardCharsets.US_ASCII), at);
            if (lineEnd < 0) {
                problems.add("a chunked body that never ends");
                return -1;
            }
            int size = Integer.parseInt(new String(bytes, at, lineEnd - at, StandardCharsets.US_ASCII).trim(), 16);
            at = lineEnd + 2;
            if (size == 0) {
                int end = indexOf(bytes, "\r\n".getBytes(StandardCharsets.US_ASCII), at);
                return end < 0 ? fail(problems, "a chunked body without its last CRLF") : end + 2;
            }
            if (at + size + 2 > bytes.length) {
                return fail(problems, "a chunk cut short");
            }
            body.write(bytes, at, size);
            at += size + 2;
        }
    }

    private static int fail(List<String> problems, String problem) {
        problems.add(problem);
        return -1;
    }

    private static void checkJsonRpc(byte[] body, List<String> problems) {
        try {
            JsonNode message = Json.parse(body);
            if (!"2.0".equals(message.path("jsonrpc").asText())) {
                problems.add("a JSON body that is not JSON-RPC: " + printable(body));
            } else if (message.has("error") && !message.path("error").path("code").isInt()) {
                problems.add("a JSON-RPC error without a code: " + printable(body));
            }
        } catch (RuntimeException e) {
            problems.add("a JSON body that does not parse: " + printable(body));
        }
    }

    private static int indexOf(byte[] bytes, byte[] needle, int from) {
        outer:
        for (int i = from; i <= bytes.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (bytes[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static byte[] slice(byte[] bytes, int from, int to) {
        byte[] part = new byte[to - from];
        System.arraycopy(bytes, from, part, 0, part.length);
        return part;
    }

    /** At most 300 bytes of {@code bytes}, control characters escaped, for an assertion message. */
    static String printable(byte[] bytes) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < Math.min(bytes.length, 300); i++) {
            int b = bytes[i] & 0xFF;
            if (b == '\r') {
                text.append("\\r");
            } else if (b == '\n') {
                text.append("\\n");
            } else if (b < 0x20 || b >= 0x7F) {
                text.append(String.format("\\x%02x", b));
            } else {
                text.append((char) b);
            }
        }
        return bytes.length > 300 ? text + "… (" + bytes.length + " bytes)" : text.toString();
    }

    /** Asserts that nothing was logged at WARN or above since the last input (a late log line is caught here). */
    void assertQuiet() {
        assertThat(warnings.take()).as("WARN/ERROR logged").isEmpty();
    }

    @Override
    public void close() {
        warnings.stop();
        gateway.close();
        upstream.close();
    }

    /** Collects what the gateway and Netty log at WARN or above while the target runs. */
    private static final class WarningsSeen extends AppenderBase<ILoggingEvent> {
        private final List<String> seen = new ArrayList<>();

        void attach() {
            setContext((LoggerContext) LoggerFactory.getILoggerFactory());
            start();
            root().addAppender(this);
        }

        @Override
        public void stop() {
            root().detachAppender(this);
            super.stop();
        }

        private static Logger root() {
            return (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        }

        @Override
        protected synchronized void append(ILoggingEvent event) {
            if (event.getLevel().isGreaterOrEqual(Level.WARN)) {
                seen.add(event.getLevel() + " " + event.getLoggerName() + ": " + event.getFormattedMessage());
            }
        }

        synchronized List<String> take() {
            List<String> taken = List.copyOf(seen);
            seen.clear();
            return taken;
        }
    }
}
