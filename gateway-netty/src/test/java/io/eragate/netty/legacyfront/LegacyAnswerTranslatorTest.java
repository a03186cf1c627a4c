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
import org.junit.jupiter.api.Test;

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
        Writer writer = new Writer();
        EmbeddedChannel channel = new EmbeddedChannel(writer);
        LegacyAnswerTranslator.arm(writer.ctx, AnswerTranslation.of("tools/list", JsonRpcId.of(1),
                InputRequiredSeam.NOT_RELAYED), MAX);
        writer.ctx.writeAndFlush(json(HttpResponseStatus.OK, RESULT));
        drain(channel).forEach(ReferenceCountUtil::release);

        writer.ctx.writeAndFlush(json(HttpResponseStatus.OK, RESULT));

        List<Object> out = drain(channel);
        assertThat(tree(body(out.get(0)))).as("the translator is armed for one answer only").isEqualTo(tree(RESULT));
        out.forEach(ReferenceCountUtil::release);
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void aCompleteJsonAnswerLosesItsModernFields() throws IOException {
        Writer writer = new Writer();
        EmbeddedChannel channel = new EmbeddedChannel(writer);
        LegacyAnswerTranslator.arm(writer.ctx, AnswerTranslation.of("tools/list", JsonRpcId.of(1),
                InputRequiredSeam.NOT_RELAYED), MAX);

        writer.ctx.writeAndFlush(json(HttpResponseStatus.OK, RESULT));

        List<Object> out = drain(channel);
        FullHttpResponse response = (FullHttpResponse) out.get(0);
        assertThat(tree(body(response))).isEqualTo(tree("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}}"));
        assertThat(response.headers().getInt(HttpHeaderNames.CONTENT_LENGTH))
                .isEqualTo(response.content().readableBytes());
        out.forEach(ReferenceCountUtil::release);
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void aChunkedJsonAnswerIsGatheredAndAnInBandErrorGets200() throws IOException {
        Writer writer = new Writer();
        EmbeddedChannel channel = new EmbeddedChannel(writer);
        LegacyAnswerTranslator.arm(writer.ctx, AnswerTranslation.of("tools/call", JsonRpcId.of(3),
                InputRequiredSeam.NOT_RELAYED), MAX);
        HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.BAD_REQUEST);
        head.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json")
                .set(HttpHeaderNames.TRANSFER_ENCODING, "chunked");
        String error = "{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-32020,\"message\":\"m\"}}";

        writer.ctx.write(head);
        writer.ctx.write(new DefaultHttpContent(bytes(error.substring(0, 20))));
        writer.ctx.writeAndFlush(new DefaultLastHttpContent(bytes(error.substring(20))));

        List<Object> out = drain(channel);
        assertThat(out).hasSize(1);
        FullHttpResponse response = (FullHttpResponse) out.get(0);
        assertThat(response.status().code()).isEqualTo(200);
        assertThat(response.headers().contains(HttpHeaderNames.TRANSFER_ENCODING)).isFalse();
        assertThat(tree(body(response)).at("/error/code").intValue()).isEqualTo(-32600);
        out.forEach(ReferenceCountUtil::release);
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void anEventStreamIsTranslatedEventByEventAndStaysAStream() throws IOException {
        Writer writer = new Writer();
        EmbeddedChannel channel = new EmbeddedChannel(writer);
        LegacyAnswerTranslator.arm(writer.ctx, AnswerTranslation.of("tools/list", JsonRpcId.of(1),
                InputRequiredSeam.NOT_RELAYED), MAX);
        HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        head.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream");
        String progress = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":1,"
                + "\"progress\":1}}";

        writer.ctx.writeAndFlush(head);
        writer.ctx.writeAndFlush(new DefaultHttpContent(bytes("data: " + progress + "\n\nda")));
        writer.ctx.writeAndFlush(new DefaultLastHttpContent(bytes("ta: " + RESULT + "\n\n")));

        List<Object> out = drain(channel);
        try {
            assertThat(out).hasSize(3);
            assertThat(((HttpResponse) out.get(0)).headers().get(HttpHeaderNames.CONTENT_TYPE))
                    .isEqualTo("text/event-stream");
            assertThat(tree(data(body(out.get(1))))).isEqualTo(tree(progress));
            assertThat(tree(data(body(out.get(2)))))
                    .isEqualTo(tree("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}}"));
        } finally {
            out.forEach(ReferenceCountUtil::release);
        }
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void theDiscoverAnsweringInitializeBecomesItsResultWithTheNewSession() throws IOException {
        Writer writer = new Writer();
        EmbeddedChannel channel = new EmbeddedChannel(writer);
        LegacyAnswerTranslator.arm(writer.ctx, AnswerTranslation.initialize(JsonRpcId.of(0), "2025-06-18", "sealed"),
                MAX);

        writer.ctx.writeAndFlush(json(HttpResponseStatus.OK, "{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{"
                + "\"resultType\":\"complete\",\"supportedVersions\":[\"2026-07-28\"],\"capabilities\":{\"tools\":{}},"
                + "\"_meta\":{\"io.modelcontextprotocol/serverInfo\":{\"name\":\"up\",\"version\":\"1\"}}}}"));

        List<Object> out = drain(channel);
        FullHttpResponse response = (FullHttpResponse) out.get(0);
        assertThat(response.headers().get("Mcp-Session-Id")).isEqualTo("sealed");
        JsonNode result = tree(body(response)).get("result");
        assertThat(result.get("protocolVersion").textValue()).isEqualTo("2025-06-18");
        assertThat(result.at("/serverInfo/name").textValue()).isEqualTo("up");
        out.forEach(ReferenceCountUtil::release);
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void anInputRequiredAnswerGoesToTheSeam() throws IOException {
        Writer writer = new Writer();
        EmbeddedChannel channel = new EmbeddedChannel(writer);
        LegacyAnswerTranslator.arm(writer.ctx, AnswerTranslation.of("tools/call", JsonRpcId.of(9),
                InputRequiredSeam.NOT_RELAYED), MAX);

        writer.ctx.writeAndFlush(json(HttpResponseStatus.OK, "{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{"
                + "\"resultType\":\"input_required\",\"inputRequests\":{},\"requestState\":\"s\"}}"));

        List<Object> out = drain(channel);
        JsonNode answer = tree(body(out.get(0)));
        assertThat(answer.get("id").intValue()).isEqualTo(9);
        assertThat(answer.at("/error/data/reason").textValue()).isEqualTo("input-required-not-relayed");
        out.forEach(ReferenceCountUtil::release);
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void anAnswerOverTheBoundClosesTheConnection() {
        Writer writer = new Writer();
        EmbeddedChannel channel = new EmbeddedChannel(writer);
        LegacyAnswerTranslator.arm(writer.ctx, AnswerTranslation.of("tools/list", JsonRpcId.of(1),
                InputRequiredSeam.NOT_RELAYED), 16);
        HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        head.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json");

        writer.ctx.write(head);
        writer.ctx.writeAndFlush(new DefaultHttpContent(bytes(RESULT)));

        assertThat(channel.isOpen()).isFalse();
        drain(channel).forEach(ReferenceCountUtil::release);
        channel.finishAndReleaseAll();
    }
}
