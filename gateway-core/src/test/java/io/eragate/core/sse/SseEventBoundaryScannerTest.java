package io.eragate.core.sse;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.sse.SseEventBoundaryScanner.Boundary;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SseEventBoundaryScannerTest {

    static Stream<Arguments> streams() {
        return Stream.of(
                Arguments.of("LF", "data: a\n\ndata: b\n\n", 2),
                Arguments.of("CRLF", "data: a\r\n\r\ndata: b\r\n\r\n", 2),
                Arguments.of("CR", "data: a\r\rdata: b\r\r", 2),
                Arguments.of("multi-line event", "event: message\nid: 1\ndata: a\ndata: b\n\n", 1),
                Arguments.of("priming then message", "id: p\ndata: \n\nevent: message\ndata: {}\n\n", 2),
                Arguments.of("extra blank lines", "\n\ndata: a\n\n\n\n", 1),
                Arguments.of("comments only", ":\n: ping\n\n", 0),
                Arguments.of("comment inside an event", "data: a\n: note\ndata: b\n\n", 1),
                Arguments.of("byte order mark then comment", "\uFEFF: hi\n\ndata: a\n\n", 1),
                Arguments.of("unfinished event", "data: a\n\ndata: b\n", 1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("streams")
    void countsTheEventsTheParserDispatches(String name, String stream, int expected) throws Exception {
        byte[] all = bytes(stream);
        List<SseEvent> parsed = new ArrayList<>();
        new SseParser(1024, 1024).feed(all, 0, all.length, parsed::add);
        assertThat(parsed).as("fixture agrees with the parser").hasSize(expected);

        for (int split = 0; split <= all.length; split++) {
            SseEventBoundaryScanner scanner = new SseEventBoundaryScanner();
            int events = scanner.feed(all, 0, split) + scanner.feed(all, split, all.length - split);
            assertThat(events).as("%s split at %d", name, split).isEqualTo(expected);
            assertThat(scanner.events()).isEqualTo(expected);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("streams")
    void slicesAtBoundariesKeepTheOriginalBytes(String name, String stream, int expected) throws Exception {
        byte[] all = bytes(stream);
        SseEventBoundaryScanner scanner = new SseEventBoundaryScanner();
        List<byte[]> slices = new ArrayList<>();
        int from = 0;
        int end;
        while ((end = scanner.nextBoundary(all, from, all.length - from)) >= 0) {
            slices.add(Arrays.copyOfRange(all, from, end));
            from = end;
        }
        slices.add(Arrays.copyOfRange(all, from, all.length));

        assertThat(concat(slices)).as("pass-through is byte for byte").isEqualTo(all);
        int eventSlices = 0;
        for (byte[] slice : slices.subList(0, slices.size() - 1)) {
            List<SseEvent> events = new ArrayList<>();
            new SseParser(1024, 1024).feed(slice, 0, slice.length, events::add);
            assertThat(events.size()).as("each slice ends on one event or one comment").isLessThanOrEqualTo(1);
            eventSlices += events.size();
        }
        assertThat(eventSlices).isEqualTo(expected);
    }

    @Test
    void reportsTheByteThatEndsEachUnit() {
        byte[] stream = bytes(": keep-alive\ndata: a\n\n");
        SseEventBoundaryScanner scanner = new SseEventBoundaryScanner();
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < stream.length; i++) {
            Boundary boundary = scanner.accept(stream[i]);
            if (boundary != Boundary.NONE) {
                seen.add(boundary + "@" + i);
            }
        }

        assertThat(seen).containsExactly("COMMENT@12", "EVENT@21");
    }

    @Test
    void aCrlfBoundarySplitAcrossChunksOwnsTheLfThatFollows() {
        byte[] first = bytes("data: a\r\n\r");
        byte[] second = bytes("\ndata: b\r\n\r\n");
        SseEventBoundaryScanner scanner = new SseEventBoundaryScanner();

        assertThat(scanner.nextBoundary(first, 0, first.length)).isEqualTo(first.length);
        assertThat(scanner.awaitingLf()).isTrue();
        assertThat(scanner.accept(second[0])).isEqualTo(Boundary.NONE);
        assertThat(scanner.bytesSinceBoundary()).as("the LF is the tail of the last event").isZero();
        assertThat(scanner.nextBoundary(second, 1, second.length - 1)).isEqualTo(second.length);
        assertThat(scanner.events()).isEqualTo(2);
    }

    @Test
    void aCrlfBoundaryInOneRangeIncludesItsLf() {
        byte[] stream = bytes("data: a\r\n\r\ndata: b\r\n\r\n");
        SseEventBoundaryScanner scanner = new SseEventBoundaryScanner();

        int first = scanner.nextBoundary(stream, 0, stream.length);

        assertThat(first).isEqualTo("data: a\r\n\r\n".length());
        assertThat(scanner.awaitingLf()).isFalse();
        assertThat(scanner.bytesSinceBoundary()).isZero();
    }

    @Test
    void countsBytesSinceTheLastBoundary() {
        SseEventBoundaryScanner scanner = new SseEventBoundaryScanner();
        byte[] stream = bytes("data: a\n\ndata: bcd\n");

        scanner.feed(stream, 0, stream.length);

        assertThat(scanner.bytesSinceBoundary()).isEqualTo("data: bcd\n".length());
    }

    @Test
    void anUnfinishedRangeHasNoBoundary() {
        byte[] stream = bytes("data: a\n");

        assertThat(new SseEventBoundaryScanner().nextBoundary(stream, 0, stream.length)).isEqualTo(-1);
    }

    private static byte[] concat(List<byte[]> parts) {
        int length = parts.stream().mapToInt(part -> part.length).sum();
        byte[] out = new byte[length];
        int at = 0;
        for (byte[] part : parts) {
            System.arraycopy(part, 0, out, at, part.length);
            at += part.length;
        }
        return out;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
