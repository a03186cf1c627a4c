package io.eragate.core.stdio;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * Reads newline-terminated UTF-8 lines from a stream without ever holding more than {@code maxLineBytes} of one line.
 * A line that is longer is returned cut to the bound and marked {@link Line#truncated()}; the rest of it is read and
 * dropped, so the next call starts at the next line. A trailing {@code \r} is removed, and a last line without a
 * newline is returned at the end of the stream.
 *
 * <p>Blocking, as the stream is: meant for a thread of its own per stream. Not thread-safe.
 */
public final class BoundedLineReader {

    private static final int CHUNK_BYTES = 8192;

    private final InputStream in;
    private final int maxLineBytes;
    private final byte[] chunk = new byte[CHUNK_BYTES];
    private int chunkStart;
    private int chunkEnd;
    private byte[] line = new byte[256];
    private int lineLength;
    private boolean ended;

    /**
     * @param in the stream, read in chunks
     * @param maxLineBytes the most bytes of one line that are kept, at least 1
     */
    public BoundedLineReader(InputStream in, int maxLineBytes) {
        this.in = Objects.requireNonNull(in, "in");
        if (maxLineBytes < 1) {
            throw new IllegalArgumentException("maxLineBytes must be >= 1, got " + maxLineBytes);
        }
        this.maxLineBytes = maxLineBytes;
    }

    /** One line read, and whether it had to be cut. */
    public record Line(String text, boolean truncated) {

        public Line {
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * The next line, or {@code null} at the end of the stream.
     *
     * @throws IOException when reading fails
     */
    public Line readLine() throws IOException {
        lineLength = 0;
        boolean truncated = false;
        while (true) {
            if (chunkStart == chunkEnd) {
                if (ended || !fill()) {
                    ended = true;
                    return lineLength > 0 || truncated ? finish(truncated) : null;
                }
            }
            int newline = indexOfNewline();
            int end = newline < 0 ? chunkEnd : newline;
            truncated |= append(chunkStart, end);
            if (newline >= 0) {
                chunkStart = newline + 1;
                return finish(truncated);
            }
            chunkStart = chunkEnd;
        }
    }

    private boolean fill() throws IOException {
        int read = in.read(chunk, 0, chunk.length);
        if (read <= 0) {
            return false;
        }
        chunkStart = 0;
        chunkEnd = read;
        return true;
    }

    private int indexOfNewline() {
        for (int i = chunkStart; i < chunkEnd; i++) {
            if (chunk[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** Appends what still fits under the bound; returns whether anything was dropped. */
    private boolean append(int from, int to) {
        int wanted = to - from;
        int room = maxLineBytes - lineLength;
        int kept = Math.min(wanted, Math.max(room, 0));
        if (kept > 0) {
            if (lineLength + kept > line.length) {
                line = Arrays.copyOf(line, Math.min(maxLineBytes, Math.max(line.length * 2, lineLength + kept)));
            }
            System.arraycopy(chunk, from, line, lineLength, kept);
            lineLength += kept;
        }
        return kept < wanted;
    }

    private Line finish(boolean truncated) {
        int length = lineLength;
        if (!truncated && length > 0 && line[length - 1] == '\r') {
            length--;
        }
        Line result = new Line(new String(line, 0, length, StandardCharsets.UTF_8), truncated);
        if (line.length > CHUNK_BYTES) {
            // A huge line is rare; do not keep its buffer for the lines after it.
            line = new byte[256];
        }
        lineLength = 0;
        return result;
    }
}
