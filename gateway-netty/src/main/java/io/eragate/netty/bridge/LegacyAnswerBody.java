package io.eragate.netty.bridge;

import io.eragate.core.sse.SseLimitExceededException;
import io.eragate.core.sse.SseParser;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The body of one legacy upstream answer as the bridge reads it, decided by its head: an SSE stream whose events
 * are handed on one by one, a JSON answer buffered whole (bounded) to be translated, or an error body kept in part
 * (bounded) to be summarized. Owns the buffer it fills until {@link #drain()} or {@link #release()}.
 */
final class LegacyAnswerBody {
    /** The part of an error body kept to summarize it. */
    static final int MAX_ERROR_BODY_BYTES = 64 * 1024;
    /** The largest JSON (not SSE) result the bridge buffers to translate; larger answers fail with 502. */
    static final int MAX_JSON_RESULT_BYTES = 32 * 1024 * 1024;
    private static final int MAX_SSE_LINE_BYTES = 32 * 1024 * 1024;

    /** What the answer is. */
    enum Mode { SSE, JSON, ERROR }

    private final Mode mode;
    private final int status;
    private final String contentType;
    private final SseParser parser;
    private CompositeByteBuf buffered;

    private LegacyAnswerBody(Mode mode, int status, String contentType, SseParser parser, CompositeByteBuf buffered) {
        this.mode = mode;
        this.status = status;
        this.contentType = contentType;
        this.parser = parser;
        this.buffered = buffered;
    }

    /** The body that {@code head} announces: SSE or JSON for a 2xx of those types, an error body otherwise. */
    static LegacyAnswerBody of(HttpResponse head, ByteBufAllocator alloc) {
        int status = head.status().code();
        String contentType = head.headers().get(HttpHeaderNames.CONTENT_TYPE, "");
        String type = contentType.toLowerCase(Locale.ROOT);
        boolean success = status / 100 == 2;
        if (success && type.startsWith("text/event-stream")) {
            return new LegacyAnswerBody(Mode.SSE, status, contentType,
                    new SseParser(MAX_SSE_LINE_BYTES, MAX_SSE_LINE_BYTES), null);
        }
        return new LegacyAnswerBody(success && type.startsWith("application/json") ? Mode.JSON : Mode.ERROR,
                status, contentType, null, alloc.compositeBuffer());
    }

    Mode mode() {
        return mode;
    }

    int status() {
        return status;
    }

    String contentType() {
        return contentType;
    }

    /**
     * Takes one piece of the body (not released here): each SSE event's data goes to {@code message}; JSON and error
     * bytes are kept. An SSE event or a JSON answer over its bound goes to {@code tooLarge} instead, saying why; an
     * error body over its bound is cut.
     */
    void feed(ByteBuf bytes, Consumer<byte[]> message, Consumer<String> tooLarge) {
        switch (mode) {
            case SSE -> feedEvents(bytes, message, tooLarge);
            case JSON -> bufferUpTo(bytes, MAX_JSON_RESULT_BYTES, tooLarge);
            case ERROR -> bufferUpTo(bytes, MAX_ERROR_BODY_BYTES, tooLarge);
            default -> throw new IllegalStateException(String.valueOf(mode));
        }
    }

    private void feedEvents(ByteBuf bytes, Consumer<byte[]> message, Consumer<String> tooLarge) {
        byte[] chunk = ByteBufUtil.getBytes(bytes);
        try {
            parser.feed(chunk, 0, chunk.length, event -> {
                if (!event.data().isEmpty()) {
                    message.accept(event.data().getBytes(StandardCharsets.UTF_8));
                }
            });
        } catch (SseLimitExceededException e) {
            tooLarge.accept("upstream SSE event too large: " + e.getMessage());
        }
    }

    private void bufferUpTo(ByteBuf bytes, int limit, Consumer<String> tooLarge) {
        if (buffered == null) {
            return;
        }
        if (buffered.readableBytes() + bytes.readableBytes() > limit) {
            if (mode == Mode.JSON) {
                tooLarge.accept("upstream JSON answer larger than " + limit + " bytes");
                return;
            }
            bytes = bytes.slice(bytes.readerIndex(), Math.max(0, limit - buffered.readableBytes()));
        }
        buffered.addComponent(true, bytes.retainedSlice());
    }

    /** The bytes kept so far, once; the buffer is released. */
    byte[] drain() {
        if (buffered == null) {
            return new byte[0];
        }
        byte[] bytes = ByteBufUtil.getBytes(buffered);
        release();
        return bytes;
    }

    /** Releases what was kept, if anything; idempotent. */
    void release() {
        if (buffered != null) {
            buffered.release();
            buffered = null;
        }
    }
}
