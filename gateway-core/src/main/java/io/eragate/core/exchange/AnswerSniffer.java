package io.eragate.core.exchange;

import io.eragate.core.jsonrpc.Decoded;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.sse.SseLimitExceededException;
import io.eragate.core.sse.SseParser;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Finds the JSON-RPC error code in an answer as it passes to the client, within a fixed memory bound, for the
 * outcome report: a JSON body is kept up to {@value #MAX_BYTES} bytes and decoded at its end; an event stream is
 * parsed event by event and the last JSON-RPC response in it decides (the answer to the request ends the stream).
 * A larger body is not looked into (errors are small; a large body is a result).
 *
 * <p>Not thread-safe: one sniffer belongs to one answer.
 */
public final class AnswerSniffer {
    /** The largest body or event looked into. */
    public static final int MAX_BYTES = 64 * 1024;

    private enum Kind { JSON, SSE, OTHER }

    private final Kind kind;
    private final JsonBody json;
    private final SseParser sse;
    private boolean gaveUp;
    private Integer lastCode;
    private boolean sawResponse;

    private AnswerSniffer(Kind kind) {
        this.kind = kind;
        this.json = kind == Kind.JSON ? new JsonBody() : null;
        this.sse = kind == Kind.SSE ? new SseParser(MAX_BYTES, MAX_BYTES) : null;
    }

    /** A sniffer for an answer of {@code contentType} (may be {@code null}). */
    public static AnswerSniffer forContentType(String contentType) {
        // Compared ignoring case in place: a lower-cased copy of every answer's content type was garbage.
        String type = contentType == null ? "" : contentType.trim();
        if (startsWithIgnoringCase(type, "application/json")) {
            return new AnswerSniffer(Kind.JSON);
        }
        if (startsWithIgnoringCase(type, "text/event-stream")) {
            return new AnswerSniffer(Kind.SSE);
        }
        return new AnswerSniffer(Kind.OTHER);
    }

    private static boolean startsWithIgnoringCase(String text, String prefix) {
        return text.regionMatches(true, 0, prefix, 0, prefix.length());
    }

    /** Whether this sniffer wants the body's bytes at all. */
    public boolean wantsBytes() {
        return kind != Kind.OTHER && !gaveUp;
    }

    /** Looks at the next {@code length} bytes of the body. */
    public void feed(byte[] chunk, int offset, int length) {
        if (!wantsBytes()) {
            return;
        }
        if (kind == Kind.JSON) {
            if (json.size() + length > MAX_BYTES) {
                gaveUp = true;
                json.reset();
                return;
            }
            json.append(chunk, offset, length);
            return;
        }
        try {
            sse.feed(chunk, offset, length, event -> {
                // Only an event that may be an error response is decoded: notifications pass by uncounted.
                if (event.data().contains("\"error\"")) {
                    look(event.data().getBytes(StandardCharsets.UTF_8));
                } else if (event.data().contains("\"result\"")) {
                    lastCode = null;
                }
            });
        } catch (SseLimitExceededException e) {
            gaveUp = true;
        }
    }

    /** The JSON-RPC error code the answer carried, or {@code null} (a result, or nothing that could be read). */
    public Integer errorCode() {
        if (kind == Kind.JSON && !gaveUp && !sawResponse && json.size() > 0 && json.mayHoldError()) {
            look(json.toByteArray());
        }
        return lastCode;
    }

    /**
     * The buffered JSON body. A body whose bytes hold neither {@code "error"} nor a Unicode escape (backslash, u),
     * which could spell that member name otherwise, cannot be an error response, and its code is {@code null} whether
     * or not it parses, so it is not parsed: most answers are results, and reading each into a tree only to find no
     * error was 6 % of the pass-through's event-loop time (bench/profile.sh).
     */
    private static final class JsonBody extends ByteArrayOutputStream {
        private static final byte[] ERROR = "\"error\"".getBytes(StandardCharsets.US_ASCII);

        JsonBody() {
            super(0);
        }

        /** Appends; a body that comes whole (most do) gets an array of its size, not a series of doublings. */
        void append(byte[] chunk, int offset, int length) {
            if (count == 0 && buf.length < length) {
                buf = new byte[length];
            }
            write(chunk, offset, length);
        }

        boolean mayHoldError() {
            for (int i = 0; i < count; i++) {
                if (buf[i] == '\\' && i + 1 < count && buf[i + 1] == 'u' || startsWith(i, ERROR)) {
                    return true;
                }
            }
            return false;
        }

        private boolean startsWith(int at, byte[] needle) {
            if (count - at < needle.length) {
                return false;
            }
            for (int j = 0; j < needle.length; j++) {
                if (buf[at + j] != needle[j]) {
                    return false;
                }
            }
            return true;
        }
    }

    private void look(byte[] message) {
        if (JsonRpcCodec.decode(message) instanceof Decoded.Message decoded
                && decoded.message() instanceof JsonRpcResponse response) {
            sawResponse = true;
            lastCode = response.isError() ? response.error().code() : null;
        }
    }
}
