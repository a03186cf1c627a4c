package io.eragate.core.sse;

import java.util.Objects;

/**
 * Finds where events end in a raw {@code text/event-stream} without decoding it, so a relay can pass the original
 * bytes through unchanged and still flush once per event.
 *
 * <p>It tracks line ends (CRLF, LF, CR, also when split across chunks) and reports a {@link Boundary} on the byte
 * that completes:
 * <ul>
 *   <li>{@link Boundary#EVENT}: the blank line closing a block that holds at least one non-comment line;</li>
 *   <li>{@link Boundary#COMMENT}: a comment line ({@code :…}) outside any event, typically a keep-alive, which
 *       should reach the client now rather than wait for the next event.</li>
 * </ul>
 * Field names are not decoded, so a block of only unknown fields counts as an event here although
 * {@link SseParser} would not dispatch it; real streams do not send such blocks, and an extra flush is harmless.
 *
 * <p>When a boundary ends on CR, the LF that may follow belongs to it. {@link #nextBoundary} includes that LF when
 * it is in the same range; a caller feeding single bytes can check {@link #awaitingLf()} and peek the next byte. A
 * Netty relay needs no copy: {@code buf.forEachByte(b -> scanner.accept(b) == Boundary.NONE)} stops on the boundary.
 *
 * <p>Not thread-safe: one scanner belongs to one stream.
 */
public final class SseEventBoundaryScanner {

    /** What a byte completed. */
    public enum Boundary {
        /** Nothing: the byte is inside a line or event. */
        NONE,
        /** A comment line outside any event. */
        COMMENT,
        /** An event. */
        EVENT
    }

    private static final byte CR = '\r';
    private static final byte LF = '\n';
    private static final byte COLON = ':';
    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    private boolean skipLf;
    /** The last boundary ended on CR: a following LF is its tail, not a byte of the next unit. */
    private boolean boundaryOnCr;
    private boolean atStreamStart = true;
    private int bomBytesMatched;
    private boolean lineEmpty = true;
    private boolean lineIsComment;
    private boolean blockHasField;
    private long events;
    private long bytesSinceBoundary;

    /** Consumes one byte and tells what, if anything, it completed. */
    public Boundary accept(byte b) {
        bytesSinceBoundary++;
        if (atStreamStart) {
            if (b == BOM[bomBytesMatched]) {
                bomBytesMatched++;
                atStreamStart = bomBytesMatched < BOM.length;
                return Boundary.NONE;
            }
            atStreamStart = false;
            if (bomBytesMatched > 0) {
                lineEmpty = false;
            }
        }
        boolean tailOfBoundary = boundaryOnCr;
        boundaryOnCr = false;
        if (skipLf) {
            skipLf = false;
            if (b == LF) {
                if (tailOfBoundary) {
                    bytesSinceBoundary = 0;
                }
                return Boundary.NONE;
            }
        }
        if (b == CR || b == LF) {
            skipLf = b == CR;
            Boundary boundary = endLine();
            boundaryOnCr = skipLf && boundary != Boundary.NONE;
            return boundary;
        }
        if (lineEmpty) {
            lineEmpty = false;
            lineIsComment = b == COLON;
        }
        return Boundary.NONE;
    }

    /**
     * Scans {@code length} bytes of {@code buf} from {@code offset} and returns how many events they completed.
     */
    public int feed(byte[] buf, int offset, int length) {
        Objects.requireNonNull(buf, "buf");
        Objects.checkFromIndexSize(offset, length, buf.length);
        int completed = 0;
        for (int i = offset, end = offset + length; i < end; i++) {
            if (accept(buf[i]) == Boundary.EVENT) {
                completed++;
            }
        }
        return completed;
    }

    /**
     * Scans {@code buf} from {@code offset} up to the first boundary (event or stand-alone comment) and returns the
     * index just after it, including the LF of a CRLF when that LF is in range; or {@code -1} when the range holds no
     * boundary, in which case all of it has been consumed. Call again from the returned index for the next one.
     */
    public int nextBoundary(byte[] buf, int offset, int length) {
        Objects.requireNonNull(buf, "buf");
        Objects.checkFromIndexSize(offset, length, buf.length);
        int end = offset + length;
        for (int i = offset; i < end; i++) {
            if (accept(buf[i]) != Boundary.NONE) {
                int after = i + 1;
                if (boundaryOnCr && after < end && buf[after] == LF) {
                    accept(buf[after]);
                    after++;
                }
                return after;
            }
        }
        return -1;
    }

    /** Whether the last boundary ended on CR, so that an LF arriving next still belongs to it. */
    public boolean awaitingLf() {
        return boundaryOnCr;
    }

    /** Events completed since this scanner was created. */
    public long events() {
        return events;
    }

    /** Bytes consumed since the last boundary: a relay can compare it to its per-event limit. */
    public long bytesSinceBoundary() {
        return bytesSinceBoundary;
    }

    private Boundary endLine() {
        if (lineEmpty) {
            if (!blockHasField) {
                return Boundary.NONE;
            }
            blockHasField = false;
            events++;
            bytesSinceBoundary = 0;
            return Boundary.EVENT;
        }
        lineEmpty = true;
        if (!lineIsComment) {
            blockHasField = true;
            return Boundary.NONE;
        }
        if (blockHasField) {
            return Boundary.NONE;
        }
        bytesSinceBoundary = 0;
        return Boundary.COMMENT;
    }
}
