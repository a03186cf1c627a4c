package io.eragate.netty.legacyfront;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.mcp.McpHeaders;
import io.eragate.core.sse.SseEncoder;
import io.eragate.core.sse.SseEvent;
import io.eragate.core.sse.SseLimitExceededException;
import io.eragate.core.sse.SseParser;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Turns the modern answer of a request the legacy client front forwarded into the answer its legacy client gets, on
 * the way out: idle until {@linkplain #arm armed} for one answer, which it then rewrites whatever exchange wrote it.
 *
 * <ul>
 *   <li>A JSON answer is gathered (up to {@code legacyFront.maxAnswerBytes}), translated and written as one complete
 *       response. A JSON-RPC error for the request (one with its id) that a modern rule sends with 400 or 404 is
 *       sent with 200, as legacy servers answer: a legacy client takes 404 for "session gone" and 400 for a
 *       transport failure.</li>
 *   <li>An event stream is translated event by event as it flows, and stays a stream; this is also how server
 *       requests would reach the client on the POST's stream.</li>
 *   <li>The answer to an {@code initialize} carries the new {@code Mcp-Session-Id}.</li>
 * </ul>
 *
 * <p>Owns every message written through it while armed, and releases what it does not pass on.
 */
public final class LegacyAnswerTranslator extends ChannelDuplexHandler {

    private static final String NAME = "legacy-answers";

    private final int maxAnswerBytes;
    private AnswerTranslation armed;
    private HttpResponse gatheredHead;
    private CompositeByteBuf gathered;
    private SseParser parser;

    private LegacyAnswerTranslator(int maxAnswerBytes) {
        this.maxAnswerBytes = maxAnswerBytes;
    }

    /**
     * Arms the translator of the channel of {@code ctx} (adding it just before {@code ctx}'s handler, once) for the
     * next answer written.
     */
    public static void arm(ChannelHandlerContext ctx, AnswerTranslation translation, int maxAnswerBytes) {
        ChannelPipeline pipeline = ctx.pipeline();
        LegacyAnswerTranslator translator = pipeline.get(LegacyAnswerTranslator.class);
        if (translator == null) {
            translator = new LegacyAnswerTranslator(maxAnswerBytes);
            pipeline.addBefore(ctx.name(), NAME, translator);
        }
        translator.reset();
        translator.armed = translation;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (armed == null) {
            ctx.write(msg, promise);
        } else if (msg instanceof FullHttpResponse full) {
            AnswerTranslation translation = armed;
            armed = null;
            try {
                writeComplete(ctx, full, full.content(), translation, promise);
            } finally {
                full.release();
            }
        } else if (msg instanceof HttpResponse head) {
            begin(ctx, head, promise);
        } else if (msg instanceof HttpContent content) {
            part(ctx, content, promise);
        } else {
            ctx.write(msg, promise);
        }
    }

    private void begin(ChannelHandlerContext ctx, HttpResponse head, ChannelPromise promise) {
        if (isEventStream(head)) {
            parser = new SseParser(maxAnswerBytes, maxAnswerBytes);
            addSessionId(head, armed);
            head.headers().remove(HttpHeaderNames.CONTENT_LENGTH);
            ctx.write(head, promise);
        } else {
            gatheredHead = head;
            gathered = ctx.alloc().compositeBuffer(Integer.MAX_VALUE);
            promise.trySuccess();
        }
    }

    private void part(ChannelHandlerContext ctx, HttpContent content, ChannelPromise promise) {
        boolean last = content instanceof LastHttpContent;
        if (parser != null) {
            stream(ctx, content, last, promise);
        } else if (gathered != null) {
            gather(ctx, content, last, promise);
        } else {
            ctx.write(content, promise);
        }
        if (last) {
            reset();
        }
    }

    private void gather(ChannelHandlerContext ctx, HttpContent content, boolean last, ChannelPromise promise) {
        ByteBuf bytes = content.content();
        if (gathered.readableBytes() + bytes.readableBytes() > maxAnswerBytes) {
            content.release();
            armed = null;
            reset();
            promise.setFailure(new IOException("the answer exceeds legacyFront.maxAnswerBytes"));
            ctx.close();
            return;
        }
        gathered.addComponent(true, bytes.retain());
        content.release();
        if (!last) {
            promise.trySuccess();
            return;
        }
        AnswerTranslation translation = armed;
        armed = null;
        writeComplete(ctx, gatheredHead, gathered, translation, promise);
    }

    private void writeComplete(ChannelHandlerContext ctx, HttpResponse head, ByteBuf body,
            AnswerTranslation translation, ChannelPromise promise) {
        byte[] original = ByteBufUtil.getBytes(body);
        byte[] translated = original;
        HttpResponseStatus status = head.status();
        if (isJson(head) && original.length > 0) {
            try {
                translated = translation.translate(original);
                if (translated == null) {
                    translated = new byte[0];
                }
                if ((status.code() == 400 || status.code() == 404) && hasId(translated)) {
                    status = HttpResponseStatus.OK;
                }
            } catch (IOException e) {
                translated = original;
            }
        }
        if (translation.inputRequired().holdsStreamOpen()) {
            // The relay took the request over: the client's answer becomes an SSE stream it writes to.
            HttpResponse open = new DefaultHttpResponse(head.protocolVersion(), HttpResponseStatus.OK);
            open.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream")
                    .set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_CACHE);
            HttpUtil.setTransferEncodingChunked(open, true);
            ctx.write(open, promise);
            translation.inputRequired().streamOpen();
            return;
        }
        FullHttpResponse response = new DefaultFullHttpResponse(head.protocolVersion(), status,
                Unpooled.wrappedBuffer(translated));
        response.headers().set(head.headers());
        response.headers().remove(HttpHeaderNames.TRANSFER_ENCODING);
        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, translated.length);
        if (status.code() == HttpResponseStatus.OK.code()) {
            addSessionId(response, translation);
        }
        ctx.write(response, promise);
        translation.inputRequired().answered();
    }

    private void stream(ChannelHandlerContext ctx, HttpContent content, boolean last, ChannelPromise promise) {
        List<byte[]> events = new ArrayList<>();
        AnswerTranslation translation = armed;
        try {
            byte[] chunk = ByteBufUtil.getBytes(content.content());
            parser.feed(chunk, 0, chunk.length, event -> events.add(translated(event, translation)));
        } catch (SseLimitExceededException e) {
            content.release();
            promise.setFailure(e);
            ctx.close();
            return;
        }
        content.release();
        ByteBuf out = ctx.alloc().buffer();
        for (byte[] event : events) {
            if (event != null) {
                out.writeBytes(event);
            }
        }
        boolean held = last && translation.inputRequired().holdsStreamOpen();
        ctx.write(last && !held ? new DefaultLastHttpContent(out) : new DefaultHttpContent(out), promise);
        if (last) {
            armed = null;
            if (held) {
                translation.inputRequired().streamOpen();
            } else {
                translation.inputRequired().answered();
            }
        }
    }

    private static byte[] translated(SseEvent event, AnswerTranslation translation) {
        if (!event.isMessage() || event.data() == null || event.data().isEmpty()) {
            return SseEncoder.encode(event);
        }
        try {
            byte[] message = translation.translate(event.data().getBytes(StandardCharsets.UTF_8));
            return message == null ? null : SseEncoder.encode(new SseEvent(event.id(), event.event(),
                    new String(message, StandardCharsets.UTF_8), event.retryMs()));
        } catch (IOException e) {
            return SseEncoder.encode(event);
        }
    }

    private static boolean hasId(byte[] message) {
        try {
            JsonNode tree = JsonRpcCodec.readTree(message);
            return tree != null && tree.has("id") && !tree.get("id").isNull();
        } catch (IOException e) {
            return false;
        }
    }

    private static void addSessionId(HttpResponse response, AnswerTranslation translation) {
        if (translation != null && translation.isInitialize()) {
            response.headers().set(McpHeaders.SESSION_ID, translation.newSessionId());
        }
    }

    private static boolean isEventStream(HttpResponse head) {
        return contentType(head).startsWith("text/event-stream");
    }

    private static boolean isJson(HttpResponse head) {
        return contentType(head).startsWith("application/json");
    }

    private static String contentType(HttpResponse head) {
        return head.headers().get(HttpHeaderNames.CONTENT_TYPE, "").toLowerCase(Locale.ROOT).trim();
    }

    private void reset() {
        if (gathered != null) {
            gathered.release();
            gathered = null;
        }
        gatheredHead = null;
        parser = null;
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        reset();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        reset();
        armed = null;
        super.channelInactive(ctx);
    }
}
