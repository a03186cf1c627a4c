package io.eragate.core.sse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class SseEncoderTest {

    @Test
    void writesAMessageEventWithoutIdUnlessSet() {
        assertThat(text(SseEncoder.encode(SseEvent.message("{\"jsonrpc\":\"2.0\"}"))))
                .isEqualTo("event: message\ndata: {\"jsonrpc\":\"2.0\"}\n\n");
    }

    @Test
    void writesIdAndRetryWhenSet() {
        assertThat(text(SseEncoder.encode(new SseEvent("e-1", null, "x", 2500L))))
                .isEqualTo("event: message\nid: e-1\nretry: 2500\ndata: x\n\n");
    }

    @Test
    void splitsDataOnEveryKindOfLineBreak() {
        assertThat(text(SseEncoder.encode(SseEvent.message("a\nb\r\nc\rd"))))
                .isEqualTo("event: message\ndata: a\ndata: b\ndata: c\ndata: d\n\n");
    }

    @Test
    void writesEmptyDataAsOneDataLine() {
        assertThat(text(SseEncoder.encode(SseEvent.message(""))))
                .isEqualTo("event: message\ndata: \n\n");
    }

    @Test
    void refusesIdsAndTypesThatWouldBreakTheFraming() {
        assertThatThrownBy(() -> SseEncoder.encode(new SseEvent("a\nb", null, "", null)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SseEncoder.encode(new SseEvent("a\0b", null, "", null)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SseEncoder.encode(new SseEvent(null, "x\ry", "", null)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void writesComments() {
        assertThat(text(SseEncoder.comment(""))).isEqualTo(":\n");
        assertThat(text(SseEncoder.comment(" keep-alive"))).isEqualTo(": keep-alive\n");
        assertThat(text(SseEncoder.comment("a\nb"))).isEqualTo(":a\n:b\n");
    }

    @Test
    void aParsedCommentEncodesBackToTheSameLine() throws Exception {
        byte[] original = bytes(": keep-alive 15s\n");
        List<String> comments = new ArrayList<>();
        SseParser parser = new SseParser(1024, 1024);
        parser.setCommentListener(comments::add);

        parser.feed(original, 0, original.length, event -> { });

        assertThat(SseEncoder.comment(comments.get(0))).isEqualTo(original);
    }

    static Stream<SseEvent> events() {
        return Stream.of(
                SseEvent.message("{\"result\":{},\"jsonrpc\":\"2.0\",\"id\":1}"),
                SseEvent.message(""),
                SseEvent.message("line one\nline two\n"),
                new SseEvent("id-7", "endpoint", " leading space and trailing ", 10L),
                new SseEvent("", null, "h\u00e9llo \uD83D\uDE00", null));
    }

    @ParameterizedTest
    @MethodSource("events")
    void roundTripsThroughTheParser(SseEvent event) throws Exception {
        byte[] encoded = SseEncoder.encode(event);
        List<SseEvent> parsed = new ArrayList<>();

        new SseParser(1024, 1024).feed(encoded, 0, encoded.length, parsed::add);

        assertThat(parsed).containsExactly(new SseEvent(event.id(), event.type(), event.data(), event.retryMs()));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
