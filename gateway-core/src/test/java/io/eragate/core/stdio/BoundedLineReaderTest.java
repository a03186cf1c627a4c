package io.eragate.core.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BoundedLineReaderTest {

    @Test
    void splitsOnNewlinesAndDropsCarriageReturns() throws IOException {
        assertThat(readAll("{\"a\":1}\n{\"b\":2}\r\n\nlast", 100)).containsExactly(
                new BoundedLineReader.Line("{\"a\":1}", false),
                new BoundedLineReader.Line("{\"b\":2}", false),
                new BoundedLineReader.Line("", false),
                new BoundedLineReader.Line("last", false));
    }

    @Test
    void aLineOverTheBoundIsCutAndTheNextLineIsIntact() throws IOException {
        String longLine = "x".repeat(20_000);

        assertThat(readAll(longLine + "\nnext\n", 10)).containsExactly(
                new BoundedLineReader.Line("xxxxxxxxxx", true),
                new BoundedLineReader.Line("next", false));
    }

    @Test
    void aLineOfExactlyTheBoundIsWhole() throws IOException {
        assertThat(readAll("abcde\nabcdef\n", 5)).containsExactly(
                new BoundedLineReader.Line("abcde", false),
                new BoundedLineReader.Line("abcde", true));
    }

    @Test
    void linesSpanningManyReadsAndMultiByteCharactersSurvive() throws IOException {
        String text = "é".repeat(10_000) + "\n" + "ü😀\n";
        InputStream trickle = new TrickleStream(text.getBytes(StandardCharsets.UTF_8), 7);

        List<BoundedLineReader.Line> lines = readAll(new BoundedLineReader(trickle, 1 << 20));

        assertThat(lines).extracting(BoundedLineReader.Line::text).containsExactly("é".repeat(10_000), "ü😀");
        assertThat(lines).noneMatch(BoundedLineReader.Line::truncated);
    }

    @Test
    void anEmptyStreamHasNoLines() throws IOException {
        assertThat(new BoundedLineReader(new ByteArrayInputStream(new byte[0]), 10).readLine()).isNull();
    }

    private static List<BoundedLineReader.Line> readAll(String text, int max) throws IOException {
        return readAll(new BoundedLineReader(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), max));
    }

    private static List<BoundedLineReader.Line> readAll(BoundedLineReader reader) throws IOException {
        List<BoundedLineReader.Line> lines = new ArrayList<>();
        for (BoundedLineReader.Line line = reader.readLine(); line != null; line = reader.readLine()) {
            lines.add(line);
        }
        return lines;
    }

    /** Hands out at most a few bytes per read, as a pipe may. */
    private static final class TrickleStream extends InputStream {
        private final byte[] bytes;
        private final int step;
        private int position;

        TrickleStream(byte[] bytes, int step) {
            this.bytes = bytes;
            this.step = step;
        }

        @Override
        public int read() {
            return position < bytes.length ? bytes[position++] & 0xFF : -1;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) {
            if (position >= bytes.length) {
                return -1;
            }
            int count = Math.min(Math.min(step, length), bytes.length - position);
            System.arraycopy(bytes, position, buffer, offset, count);
            position += count;
            return count;
        }
    }
}
