package io.eragate.netty.legacyfront;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The modern answer a back writes, as the legacy client gets it, whatever the framing. */
class LegacyAnswerTranslatorTest {
    private static final int MAX = 64 * 1024;
    private static final String RESULT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"resultType\":\"complete\","
            + "\"tools\":[],\"ttlMs\":0,\"cacheScope\":\"private\"}}";

    /** Stands for the connection handler: the translator goes just before it, as on a real pipeline. */
    private static final class Writer extends ChannelInboundHandlerAdapter {
        ChannelHandlerContext ctx;

        @Override
        public void handlerAdded(ChannelHandlerContext added) {
            ctx = added;
        }
    }

    private final Writer writer = new Writer();
    private final EmbeddedChannel channel = new EmbeddedChannel(writer);
    /** Everything the tests read out, released after each test. */
    private final List<Object> read = new ArrayList<>();

    @AfterEach
    void releaseEverything() {
        read.forEach(ReferenceCountUtil::release);
        channel.finishAndReleaseAll();
    }

    private void arm(AnswerTranslation translation, int max) {
        LegacyAnswerTranslator.arm(writer.ctx, translation, max);
    }

    /** Writes {@code messages} as a back writes them (the last one flushed), and returns what went out. */
    private List<Object> write(Object... messages) {
        for (int i = 0; i < messages.length - 1; i++) {
            writer.ctx.write(messages[i]);
        }
        writer.ctx.writeAndFlush(messages[messages.length - 1]);
        List<Object> out = drain(channel);
        read.addAll(out);
        return out;
    }

    private static ByteBuf bytes(String text) {
        return Unpooled.copiedBuffer(text, StandardCharsets.UTF_8);
    }

    private static FullHttpResponse json(HttpResponseStatus status, String body) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, bytes(body));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json")
                .setInt(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes());
        return response;
    }

    private static JsonNode tree(String text) throws IOException {
        return JsonRpcCodec.readTree(text);
    }

    /** Everything written out, as one string per message (heads as their status), each released. */
    private static List<Object> drain(EmbeddedChannel channel) {
        List<Object> out = new ArrayList<>();
        for (Object message = channel.readOutbound(); message != null; message = channel.readOutbound()) {
            out.add(message);
        }
        return out;
    }

    /** The data of the one SSE event in {@code event}. */
    private static String data(String event) {
        return event.lines().filter(line -> line.startsWith("data:")).map(line -> line.substring(5).trim())
                .findFirst().orElseThrow(() -> new AssertionError("no data line in " + event));
    }

    private static String body(Object message) {
        return ((HttpContent) message).content().toString(StandardCharsets.UTF_8);
    }

    @Test
    void anUnarmedTranslatorChangesNothing() throws IOException {
        arm(AnswerTranslation.of("tools/list", JsonRpcId.of(1), InputRequiredSeam.NOT_RELAYED), MAX);
        write(json(HttpResponseStatus.OK, RESULT));

        List<Object> out = write(json(HttpResponseStatus.OK, RESULT));

        assertThat(tree(body(out.get(0)))).as("the translator is armed for one answer only").isEqualTo(tree(RESULT));
        assertThat(channel.finish()).isFalse();
    }

    static Stream<Arguments> wholeJsonAnswers() {
        String initialize = "{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"resultType\":\"complete\","
                + "\"supportedVersions\":[\"2026-07-28\"],\"capabilities\":{\"tools\":{}},"
                + "\"_meta\":{\"io.modelcontextprotocol/serverInfo\":{\"name\":\"up\",\"version\":\"1\"}}}}";
        String inputRequired = "{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{\"resultType\":\"input_required\","
                + "\"inputRequests\":{},\"requestState\":\"s\"}}";
        return Stream.of(
                Arguments.of("a complete answer loses its modern fields",
                        AnswerTranslation.of("tools/list", JsonRpcId.of(1), InputRequiredSeam.NOT_RELAYED), RESULT,
                        "", "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}}", null),
                Arguments.of("the discover answering initialize becomes its result, with the new session",
                        AnswerTranslation.initialize(JsonRpcId.of(0), "2025-06-18", "sealed"), initialize,
                        "/result/protocolVersion", "\"2025-06-18\"", "sealed"),
                Arguments.of("the discover's serverInfo becomes initialize's",
                        AnswerTranslation.initialize(JsonRpcId.of(0), "2025-06-18", "sealed"), initialize,
                        "/result/serverInfo/name", "\"up\"", "sealed"),
                Arguments.of("an input_required answer goes to the seam, keeping the id",
                        AnswerTranslation.of("tools/call", JsonRpcId.of(9), InputRequiredSeam.NOT_RELAYED),
                        inputRequired, "/id", "9", null),
                Arguments.of("the seam's refusal names why",
                        AnswerTranslation.of("tools/call", JsonRpcId.of(9), InputRequiredSeam.NOT_RELAYED),
                        inputRequired, "/error/data/reason", "\"input-required-not-relayed\"", null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("wholeJsonAnswers")
    void aWholeJsonAnswerIsTranslatedWithItsLengthAndSession(String why, AnswerTranslation translation,
            String answer, String pointer, String expected, String sessionId) throws IOException {
        arm(translation, MAX);

        List<Object> out = write(json(HttpResponseStatus.OK, answer));

        FullHttpResponse response = (FullHttpResponse) out.get(0);
        assertThat(tree(body(response)).at(pointer)).isEqualTo(tree(expected));
        assertThat(response.headers().getInt(HttpHeaderNames.CONTENT_LENGTH))
                .isEqualTo(response.content().readableBytes());
        assertThat(response.headers().get("Mcp-Session-Id")).isEqualTo(sessionId);
        assertThat(channel.finish()).isFalse();
    }

    @Test
    void aChunkedJsonAnswerIsGatheredAndAnInBandErrorGets200() throws IOException {
        arm(AnswerTranslation.of("tools/call", JsonRpcId.of(3), InputRequiredSeam.NOT_RELAYED), MAX);
        HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.BAD_REQUEST);
        head.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json")
                .set(HttpHeaderNames.TRANSFER_ENCODING, "chunked");
        String error = "{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-32020,\"message\":\"m\"}}";

        List<Object> out = write(head, new DefaultHttpContent(bytes(error.substring(0, 20))),
                new DefaultLastHttpContent(bytes(error.substring(20))));

        assertThat(out).hasSize(1);
        FullHttpResponse response = (FullHttpResponse) out.get(0);
        assertThat(response.status().code()).isEqualTo(200);
        assertThat(response.headers().contains(HttpHeaderNames.TRANSFER_ENCODING)).isFalse();
        assertThat(tree(body(response)).at("/error/code").intValue()).isEqualTo(-32600);
        assertThat(channel.finish()).isFalse();
    }

    @Test
    void anEventStreamIsTranslatedEventByEventAndStaysAStream() throws IOException {
        arm(AnswerTranslation.of("tools/list", JsonRpcId.of(1), InputRequiredSeam.NOT_RELAYED), MAX);
        HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        head.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream");
        String progress = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":1,"
                + "\"progress\":1}}";

        write(head);
        write(new DefaultHttpContent(bytes("data: " + progress + "\n\nda")));
        write(new DefaultLastHttpContent(bytes("ta: " + RESULT + "\n\n")));

        assertThat(read).hasSize(3);
        assertThat(((HttpResponse) read.get(0)).headers().get(HttpHeaderNames.CONTENT_TYPE))
                .isEqualTo("text/event-stream");
        assertThat(tree(data(body(read.get(1))))).isEqualTo(tree(progress));
        assertThat(tree(data(body(read.get(2)))))
                .isEqualTo(tree("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}}"));
        assertThat(channel.finish()).isFalse();
    }

    @Test
    void anAnswerOverTheBoundClosesTheConnection() {
        arm(AnswerTranslation.of("tools/list", JsonRpcId.of(1), InputRequiredSeam.NOT_RELAYED), 16);
        HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        head.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json");

        write(head, new DefaultHttpContent(bytes(RESULT)));

        assertThat(channel.isOpen()).isFalse();
    }
}
