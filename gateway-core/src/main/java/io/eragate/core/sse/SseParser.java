package io.eragate.core.sse;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Incremental, bounded parser for an upstream {@code text/event-stream}, following the WHATWG event-stream
 * interpretation rules with two deliberate differences that suit a proxy:
 * <ul>
 *   <li>a block is dispatched when it holds at least one {@code data}, {@code id}, {@code event} or valid
 *       {@code retry} line, so an {@code id:}-only or {@code retry:}-only block (2025 priming and polling) reaches
 *       the caller with {@code data ""} instead of silently updating hidden state;</li>
 *   <li>{@link SseEvent#id()} is the id written on that event, not the inherited last event id; the inherited
 *       value is available from {@link #lastEventId()}.</li>
 * </ul>
 * Bytes may arrive in any chunking. Lines end with CRLF, LF or CR (a CRLF split across chunks counts once). A UTF-8
 * byte order mark at the very start of the stream is skipped. Comment lines (starting with {@code :}) go to the
 * optional comment listener so keep-alives can be passed downstream. An event is dispatched only on a blank line;
 * bytes after the last blank line stay pending (see {@link #midEvent()}).
 *
 * <p>Memory is bounded: one line may hold at most {@code maxLineBytes} bytes (terminator excluded), and the field
 * lines of one pending event at most {@code maxEventBytes} bytes in total. Breaking a bound throws
 * {@link SseLimitExceededException}; the parser is then unusable and the stream must be abandoned.
 *
 * <p>Not thread-safe: one parser belongs to one stream, fed by one thread at a time.
 */
public final class SseParser {

    private static final byte CR = '\r';
    private static final byte LF = '\n';
    private static final byte COLON = ':';
    private static final byte SPACE = ' ';
    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
    private static final byte[] DATA = ascii("data");
    private static final byte[] EVENT = ascii("event");
    private static final byte[] ID = ascii("id");
    private static final byte[] RETRY = ascii("retry");
    /** Longest digit string that always fits a long. */
    private static final int MAX_RETRY_DIGITS = 18;
    private static final int INITIAL_LINE_CAPACITY = 256;

    private final int maxLineBytes;
    private final int maxEventBytes;

    private byte[] line;
    private int lineLength;
    /** The previous byte was CR, so an LF right after it ends nothing new. */
    private boolean skipLf;
    private boolean atStreamStart = true;
    private int bomBytesMatched;
    private boolean failed;

    private final StringBuilder data = new StringBuilder();
    private boolean hasData;
    private boolean hasField;
    private String id;
    private String event;
    private Long retryMs;
    private long eventBytes;
    private String lastEventId = "";

    private Consumer<String> commentListener;

    /**
     * @param maxLineBytes the longest line accepted, in bytes, terminator excluded
     * @param maxEventBytes the most bytes the field lines of one event may add up to
     */
    public SseParser(int maxLineBytes, int maxEventBytes) {
        if (maxLineBytes < 1) {
            throw new IllegalArgumentException("maxLineBytes must be at least 1, not " + maxLineBytes);
        }
        if (maxEventBytes < 1) {
            throw new IllegalArgumentException("maxEventBytes must be at least 1, not " + maxEventBytes);
        }
        this.maxLineBytes = maxLineBytes;
        this.maxEventBytes = maxEventBytes;
        this.line = new byte[Math.min(maxLineBytes, INITIAL_LINE_CAPACITY)];
    }

    /**
     * Receives the text of each comment line, everything after the leading {@code :} exactly as sent (so
     * {@code ": ping"} gives {@code " ping"}). {@code null} drops comments, which is the default.
     */
    public void setCommentListener(Consumer<String> listener) {
        this.commentListener = listener;
    }

    /**
     * Parses {@code length} bytes of {@code chunk} from {@code offset}, handing every event completed by them to
     * {@code sink}, in stream order, on the calling thread.
     *
     * @throws SseLimitExceededException when a line or an event is larger than this parser's bounds
     * @throws IllegalStateException when an earlier call already failed with {@link SseLimitExceededException}
     */
    public void feed(byte[] chunk, int offset, int length, Consumer<SseEvent> sink) throws SseLimitExceededException {
        Objects.requireNonNull(chunk, "chunk");
        Objects.requireNonNull(sink, "sink");
        Objects.checkFromIndexSize(offset, length, chunk.length);
        if (failed) {
            throw new IllegalStateException("this SSE stream already exceeded a limit; it cannot be parsed further");
        }
        try {
            parse(chunk, offset, offset + length, sink);
        } catch (SseLimitExceededException e) {
            failed = true;
            throw e;
        }
    }

    /** Whether bytes of an unfinished line or event are pending, e.g. to tell a truncated stream from a clean end. */
    public boolean midEvent() {
        return lineLength > 0 || hasField || (atStreamStart && bomBytesMatched > 0);
    }

    /** The last event id the stream set (WHATWG semantics: it persists across events), {@code ""} before any. */
    public String lastEventId() {
        return lastEventId;
    }

    private void parse(byte[] chunk, int from, int end, Consumer<SseEvent> sink) throws SseLimitExceededException {
        int i = skipByteOrderMark(chunk, from, end);
        while (i < end) {
            if (skipLf) {
                skipLf = false;
                if (chunk[i] == LF) {
                    i++;
                    continue;
                }
            }
            int terminator = indexOfLineEnd(chunk, i, end);
            if (terminator < 0) {
                appendToLine(chunk, i, end - i);
                return;
            }
            appendToLine(chunk, i, terminator - i);
            skipLf = chunk[terminator] == CR;
            endLine(sink);
            i = terminator + 1;
        }
    }

    private int skipByteOrderMark(byte[] chunk, int from, int end) throws SseLimitExceededException {
        int i = from;
        while (atStreamStart && i < end) {
            if (chunk[i] == BOM[bomBytesMatched]) {
                bomBytesMatched++;
                i++;
                if (bomBytesMatched == BOM.length) {
                    atStreamStart = false;
                }
            } else {
                atStreamStart = false;
                appendToLine(BOM, 0, bomBytesMatched);
            }
        }
        return i;
    }

    private static int indexOfLineEnd(byte[] chunk, int from, int end) {
        for (int i = from; i < end; i++) {
            byte b = chunk[i];
            if (b == LF || b == CR) {
                return i;
            }
        }
        return -1;
    }

    private void appendToLine(byte[] source, int from, int count) throws SseLimitExceededException {
        if (count == 0) {
            return;
        }
        int needed = lineLength + count;
        if (needed > maxLineBytes) {
            throw new SseLimitExceededException(
                    "an SSE line is longer than the limit of " + maxLineBytes + " bytes", maxLineBytes);
        }
        if (needed > line.length) {
            line = Arrays.copyOf(line, (int) Math.min(maxLineBytes, Math.max(needed, 2L * line.length)));
        }
        System.arraycopy(source, from, line, lineLength, count);
        lineLength = needed;
    }

    private void endLine(Consumer<SseEvent> sink) throws SseLimitExceededException {
        int length = lineLength;
        lineLength = 0;
        if (length == 0) {
            dispatch(sink);
            return;
        }
        if (line[0] == COLON) {
            if (commentListener != null) {
                commentListener.accept(new String(line, 1, length - 1, StandardCharsets.UTF_8));
            }
            return;
        }
        int colon = indexOf(line, length, COLON);
        int nameEnd = colon < 0 ? length : colon;
        int valueStart = colon < 0 ? length : colon + 1;
        if (valueStart < length && line[valueStart] == SPACE) {
            valueStart++;
        }
        if (nameIs(DATA, nameEnd)) {
            countEventBytes(length);
            if (hasData) {
                data.append('\n');
            }
            data.append(value(valueStart, length));
            hasData = true;
            hasField = true;
        } else if (nameIs(EVENT, nameEnd)) {
            countEventBytes(length);
            event = value(valueStart, length);
            hasField = true;
        } else if (nameIs(ID, nameEnd)) {
            String candidate = value(valueStart, length);
            if (candidate.indexOf('\0') < 0) {
                countEventBytes(length);
                id = candidate;
                lastEventId = candidate;
                hasField = true;
            }
        } else if (nameIs(RETRY, nameEnd)) {
            Long retry = parseRetry(valueStart, length);
            if (retry != null) {
                countEventBytes(length);
                retryMs = retry;
                hasField = true;
            }
        }
    }

    private void dispatch(Consumer<SseEvent> sink) {
        if (!hasField) {
            return;
        }
        SseEvent completed = new SseEvent(id, event, data.toString(), retryMs);
        data.setLength(0);
        hasData = false;
        hasField = false;
        id = null;
        event = null;
        retryMs = null;
        eventBytes = 0;
        sink.accept(completed);
    }

    private void countEventBytes(int lineBytes) throws SseLimitExceededException {
        eventBytes += lineBytes + 1L;
        if (eventBytes > maxEventBytes) {
            throw new SseLimitExceededException(
                    "an SSE event is larger than the limit of " + maxEventBytes + " bytes", maxEventBytes);
        }
    }

    private boolean nameIs(byte[] name, int nameLength) {
        return nameLength == name.length && Arrays.equals(line, 0, nameLength, name, 0, name.length);
    }

    private String value(int from, int to) {
        return new String(line, from, to - from, StandardCharsets.UTF_8);
    }

    private Long parseRetry(int from, int to) {
        int digits = to - from;
        if (digits == 0 || digits > MAX_RETRY_DIGITS) {
            return null;
        }
        long value = 0;
        for (int i = from; i < to; i++) {
            byte b = line[i];
            if (b < '0' || b > '9') {
                return null;
            }
            value = value * 10 + (b - '0');
        }
        return value;
    }

    private static int indexOf(byte[] bytes, int length, byte wanted) {
        for (int i = 0; i < length; i++) {
            if (bytes[i] == wanted) {
                return i;
            }
        }
        return -1;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
