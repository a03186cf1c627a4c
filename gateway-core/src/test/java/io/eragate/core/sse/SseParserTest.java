package io.eragate.core.sse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SseParserTest {

    private static final int ROOMY = 1 << 16;

    /** The first events server-everything (TS SDK v1) sends on a POST answer: a priming event, then the result. */
    private static final String SERVER_EVERYTHING_REPLY = "id: 50748ca6-2f24-4e40-a269-1fe53ca1054b\n"
            + "data: \n"
            + "\n"
            + "event: message\n"
            + "id: 6e0e9bc7-08f5-4231-be6b-18038eb76828\n"
            + "data: {\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"Echo: hello gateway\"}]},"
            + "\"jsonrpc\":\"2.0\",\"id\":3}\n"
            + "\n";

    /** The Java SDK 2.1.0 puts the session id on every event and sends no priming event. */
    private static final String JAVA_SDK_REPLY = "id: f7d2eddd-08b4-4ef8-a87c-e5537dd6229d\r\n"
            + "event: message\r\n"
            + "data: {\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"Echo: hi\"}],"
            + "\"isError\":false}}\r\n"
            + "\r\n";

    static Stream<Arguments> streams() {
        return Stream.of(
                Arguments.of("one message event", "event: message\ndata: hi\n\n",
                        List.of(new SseEvent(null, "message", "hi", null))),
                Arguments.of("default type when no event line", "data: hi\n\n",
                        List.of(SseEvent.message("hi"))),
                Arguments.of("CRLF line ends", "data: a\r\ndata: b\r\n\r\n",
                        List.of(SseEvent.message("a\nb"))),
                Arguments.of("CR line ends", "data: a\rdata: b\r\r",
                        List.of(SseEvent.message("a\nb"))),
                Arguments.of("mixed line ends", "data: a\r\ndata: b\rdata: c\n\r\n",
                        List.of(SseEvent.message("a\nb\nc"))),
                Arguments.of("byte order mark at stream start", "\uFEFFdata: x\n\n",
                        List.of(SseEvent.message("x"))),
                Arguments.of("byte order mark later is part of a field name", "data: a\n\n\uFEFFdata: b\n\n",
                        List.of(SseEvent.message("a"))),
                Arguments.of("priming event keeps its empty data", "id: p1\ndata: \n\n",
                        List.of(new SseEvent("p1", null, "", null))),
                Arguments.of("priming then response (server-everything)", SERVER_EVERYTHING_REPLY, List.of(
                        new SseEvent("50748ca6-2f24-4e40-a269-1fe53ca1054b", null, "", null),
                        new SseEvent("6e0e9bc7-08f5-4231-be6b-18038eb76828", "message",
                                "{\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"Echo: hello gateway\"}]},"
                                        + "\"jsonrpc\":\"2.0\",\"id\":3}", null))),
                Arguments.of("session id as event id, CRLF (Java SDK)", JAVA_SDK_REPLY, List.of(
                        new SseEvent("f7d2eddd-08b4-4ef8-a87c-e5537dd6229d", "message",
                                "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"content\":[{\"type\":\"text\","
                                        + "\"text\":\"Echo: hi\"}],\"isError\":false}}", null))),
                Arguments.of("multi-line data", "data: {\ndata:  \"a\": 1\ndata: }\n\n",
                        List.of(SseEvent.message("{\n \"a\": 1\n}"))),
                Arguments.of("field without colon", "data\n\n", List.of(SseEvent.message(""))),
                Arguments.of("two data lines without colon", "data\ndata\n\n", List.of(SseEvent.message("\n"))),
                Arguments.of("no space after colon", "data:x\n\n", List.of(SseEvent.message("x"))),
                Arguments.of("only one space is removed", "data:  x\n\n", List.of(SseEvent.message(" x"))),
                Arguments.of("colon inside the value", "data: a: b\n\n", List.of(SseEvent.message("a: b"))),
                Arguments.of("unknown fields are ignored", "foo: bar\ndata: x\nDATA: y\n\n",
                        List.of(SseEvent.message("x"))),
                Arguments.of("a block of unknown fields is no event", "foo: bar\n\ndata: x\n\n",
                        List.of(SseEvent.message("x"))),
                Arguments.of("comments are not data", ": ping\ndata: x\n:\n\n", List.of(SseEvent.message("x"))),
                Arguments.of("blank lines without a block dispatch nothing", "\n\n\ndata: a\n\n\n\n",
                        List.of(SseEvent.message("a"))),
                Arguments.of("incomplete event at the end is not dispatched", "data: a\n\ndata: b\n",
                        List.of(SseEvent.message("a"))),
                Arguments.of("retry-only block (2025 polling)", "retry: 3000\n\n",
                        List.of(new SseEvent(null, null, "", 3000L))),
                Arguments.of("retry that is not all digits is ignored", "retry: 3x\ndata: y\n\n",
                        List.of(SseEvent.message("y"))),
                Arguments.of("id containing NUL is ignored", "id: a\0b\ndata: y\n\n", List.of(SseEvent.message("y"))),
                Arguments.of("empty event type means message", "event:\ndata: y\n\n", List.of(SseEvent.message("y"))),
                Arguments.of("other event types are reported", "event: endpoint\ndata: /message?s=1\n\n",
                        List.of(new SseEvent(null, "endpoint", "/message?s=1", null))),
                Arguments.of("multi-byte UTF-8 survives any split", "data: h\u00e9llo \uD83D\uDE00\n\n",
                        List.of(SseEvent.message("h\u00e9llo \uD83D\uDE00"))),
                Arguments.of("state resets between events", "id: 1\nevent: e\nretry: 5\ndata: a\n\ndata: b\n\n",
                        List.of(new SseEvent("1", "e", "a", 5L), SseEvent.message("b"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("streams")
    void parsesWholeStream(String name, String stream, List<SseEvent> expected) throws Exception {
        assertThat(parse(bytes(stream), stream.length() + 1)).as(name).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("streams")
    void parsesByteByByte(String name, String stream, List<SseEvent> expected) throws Exception {
        assertThat(parse(bytes(stream), 1)).as(name).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("streams")
    void parsesEveryTwoChunkSplit(String name, String stream, List<SseEvent> expected) throws Exception {
        byte[] all = bytes(stream);
        for (int split = 0; split <= all.length; split++) {
            SseParser parser = new SseParser(ROOMY, ROOMY);
            List<SseEvent> events = new ArrayList<>();
            parser.feed(all, 0, split, events::add);
            parser.feed(all, split, all.length - split, events::add);
            assertThat(events).as("%s split at %d", name, split).isEqualTo(expected);
        }
    }

    @Test
    void reportsCommentTextAfterTheColonVerbatim() throws Exception {
        SseParser parser = new SseParser(ROOMY, ROOMY);
        List<String> comments = new ArrayList<>();
        parser.setCommentListener(comments::add);
        byte[] stream = bytes(": keep-alive\r\n:\r\n:x\rdata: a\n\n");

        parser.feed(stream, 0, stream.length, event -> { });

        assertThat(comments).containsExactly(" keep-alive", "", "x");
    }

    @Test
    void feedsOnlyTheGivenRange() throws Exception {
        byte[] buffer = bytes("XXdata: a\n\nYY");
        List<SseEvent> events = new ArrayList<>();

        new SseParser(ROOMY, ROOMY).feed(buffer, 2, buffer.length - 4, events::add);

        assertThat(events).containsExactly(SseEvent.message("a"));
    }

    @Test
    void tellsWhenAnEventIsPending() throws Exception {
        SseParser parser = new SseParser(ROOMY, ROOMY);
        assertThat(parser.midEvent()).isFalse();

        feed(parser, "data: a");
        assertThat(parser.midEvent()).as("partial line").isTrue();
        feed(parser, "\n");
        assertThat(parser.midEvent()).as("complete line, event not yet closed").isTrue();
        feed(parser, "\n");
        assertThat(parser.midEvent()).as("event dispatched").isFalse();
    }

    @Test
    void lastEventIdPersistsAcrossEvents() throws Exception {
        SseParser parser = new SseParser(ROOMY, ROOMY);
        List<SseEvent> events = new ArrayList<>();
        byte[] stream = bytes("id: 7\ndata: a\n\ndata: b\n\n");

        parser.feed(stream, 0, stream.length, events::add);

        assertThat(events.get(1).id()).as("the event itself carried no id").isNull();
        assertThat(parser.lastEventId()).isEqualTo("7");
    }

    @Test
    void acceptsALineExactlyAtTheLimit() throws Exception {
        List<SseEvent> events = new ArrayList<>();
        byte[] stream = bytes("data: 1234\n\n");

        new SseParser(10, ROOMY).feed(stream, 0, stream.length, events::add);

        assertThat(events).containsExactly(SseEvent.message("1234"));
    }

    @Test
    void rejectsALineOverTheLimitEvenWhenItArrivesInPieces() throws Exception {
        SseParser parser = new SseParser(10, ROOMY);
        feed(parser, "data: 12");

        assertThatThrownBy(() -> feed(parser, "345"))
                .isInstanceOf(SseLimitExceededException.class)
                .hasMessageContaining("10 bytes");
        assertThatThrownBy(() -> feed(parser, "\n\n"))
                .as("a stream that broke a bound stays broken")
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void boundsCommentLinesToo() {
        SseParser parser = new SseParser(8, ROOMY);

        assertThatThrownBy(() -> feed(parser, ":123456789\n"))
                .isInstanceOf(SseLimitExceededException.class);
    }

    @Test
    void rejectsAnEventOverTheLimitMadeOfShortLines() throws Exception {
        SseParser parser = new SseParser(16, 30);
        feed(parser, "data: aaaaaaa\n");
        feed(parser, "data: bbbbbbb\n");

        assertThatThrownBy(() -> feed(parser, "data: c\n"))
                .isInstanceOf(SseLimitExceededException.class)
                .satisfies(e -> assertThat(((SseLimitExceededException) e).limit()).isEqualTo(30));
    }

    @Test
    void theEventLimitAppliesPerEvent() throws Exception {
        SseParser parser = new SseParser(16, 30);
        List<SseEvent> events = new ArrayList<>();
        byte[] stream = bytes("data: aaaaaaa\ndata: bbbbbbb\n\ndata: aaaaaaa\ndata: bbbbbbb\n\n");

        parser.feed(stream, 0, stream.length, events::add);

        assertThat(events).hasSize(2);
    }

    private static void feed(SseParser parser, String text) throws SseLimitExceededException {
        byte[] chunk = bytes(text);
        parser.feed(chunk, 0, chunk.length, event -> { });
    }

    private static List<SseEvent> parse(byte[] stream, int chunkSize) throws SseLimitExceededException {
        SseParser parser = new SseParser(ROOMY, ROOMY);
        List<SseEvent> events = new ArrayList<>();
        for (int offset = 0; offset < stream.length; offset += chunkSize) {
            parser.feed(stream, offset, Math.min(chunkSize, stream.length - offset), events::add);
        }
        return events;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
