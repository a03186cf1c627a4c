package io.eragate.core.sse;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Writes server-sent events in the form MCP peers use: {@code event: message}, then {@code id:} and {@code retry:}
 * only when set, then one {@code data:} line per line of data, then a blank line. Data is split on CRLF, LF and CR
 * alike, so no line break inside the data can end a line early at the receiver.
 */
public final class SseEncoder {

    private static final Pattern LINE_BREAK = Pattern.compile("\r\n|\r|\n");

    private SseEncoder() {
    }

    /**
     * The UTF-8 bytes of {@code event}.
     *
     * @throws IllegalArgumentException when the id or the event type contains a line break (or the id a NUL), which
     *     the format cannot carry
     */
    public static byte[] encode(SseEvent event) {
        Objects.requireNonNull(event, "event");
        StringBuilder out = new StringBuilder(event.data().length() + 32);
        out.append("event: ").append(singleLine(event.type(), "event type")).append('\n');
        if (event.id() != null) {
            String id = singleLine(event.id(), "event id");
            if (id.indexOf('\0') >= 0) {
                throw new IllegalArgumentException("an SSE event id cannot contain NUL");
            }
            out.append("id: ").append(id).append('\n');
        }
        if (event.retryMs() != null) {
            if (event.retryMs() < 0) {
                throw new IllegalArgumentException("retry must not be negative, not " + event.retryMs());
            }
            out.append("retry: ").append(event.retryMs()).append('\n');
        }
        for (String line : LINE_BREAK.split(event.data(), -1)) {
            out.append("data: ").append(line).append('\n');
        }
        out.append('\n');
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The UTF-8 bytes of a comment: {@code ":" + text + "\n"}, one comment line per line of {@code text}. Passing the
     * text {@link SseParser} reported reproduces the original line; {@code comment("")} is the shortest keep-alive.
     */
    public static byte[] comment(String text) {
        Objects.requireNonNull(text, "text");
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length() + 2);
        for (String line : LINE_BREAK.split(text, -1)) {
            out.writeBytes((":" + line + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    private static String singleLine(String value, String what) {
        if (value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("an SSE " + what + " cannot contain a line break: " + value);
        }
        return value;
    }
}
