package io.eragate.netty.legacyrelay;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.sse.SseEvent;
import io.eragate.core.sse.SseLimitExceededException;
import io.eragate.core.sse.SseParser;
import io.eragate.netty.federation.InternalEndpoint;
import io.eragate.netty.upstream.UpstreamCall;
import io.eragate.netty.upstream.UpstreamChannelPool;
import io.eragate.netty.upstream.UpstreamTarget;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * One HTTP request whose answer is read as JSON-RPC messages, each handed to a {@link Listener} as soon as it is
 * complete: every event of an SSE answer as it arrives (notifications before the final response), or the one message
 * of a JSON answer (bounded by {@code maxJsonBytes}). Closing the call ({@link #abort()}) closes its connection,
 * which for a 2026-07-28 server is the cancellation of the request.
 *
 * <p>Threading: the listener is called on the pool's event loop; {@link #abort()} may be called from any thread.
 */
public final class MessageStreamCall implements UpstreamCall.Handler, OpenCall {

    /** Receives the messages of one answer. */
    public interface Listener {
        /** One JSON-RPC message (a notification, a request, or the response). */
        void onMessage(JsonNode message);

        /** The answer ended (after its last message); {@code status} is the HTTP status of the answer. */
        void onEnd(int status);

        /** The call failed: no connection, no head in time, a lost connection, or an unreadable answer. */
        void onFailure(Throwable cause);
    }

    private final EventLoop loop;
    private final Listener listener;
    private final int maxEventBytes;
    private final int maxJsonBytes;
    /** What closing the call closes: its upstream call, or the channel serving it in process. */
    private Runnable stop;
    private int status;
    private SseParser sse;
    private CompositeByteBuf json;
    private boolean done;

    private MessageStreamCall(EventLoop loop, Listener listener, int maxEventBytes, int maxJsonBytes) {
        this.loop = loop;
        this.listener = listener;
        this.maxEventBytes = maxEventBytes;
        this.maxJsonBytes = maxJsonBytes;
    }

    /**
     * Sends {@code request} (which the call owns) on {@code pool}'s loop.
     *
     * @param maxEventBytes the largest SSE event (and line) read
     * @param maxJsonBytes the largest JSON answer read
     */
    public static MessageStreamCall start(UpstreamChannelPool pool, UpstreamTarget target, FullHttpRequest request,
            Duration headTimeout, int maxEventBytes, int maxJsonBytes, Listener listener) {
        Objects.requireNonNull(listener, "listener");
        MessageStreamCall stream = new MessageStreamCall(pool.eventLoop(), listener, maxEventBytes, maxJsonBytes);
        stream.onLoop(() -> stream.stop = UpstreamCall.start(pool, target, request, headTimeout, stream)::abort);
        return stream;
    }

    /**
     * Sends {@code request} (which the call owns; one built by {@link InternalEndpoint#post}) to {@code endpoint}
     * served inside the process on {@code loop}, without a socket; otherwise as {@link #start}.
     */
    public static MessageStreamCall startInProcess(EventLoop loop, InternalEndpoint endpoint, FullHttpRequest request,
            Duration headTimeout, int maxEventBytes, int maxJsonBytes, Listener listener) {
        Objects.requireNonNull(listener, "listener");
        MessageStreamCall stream = new MessageStreamCall(loop, listener, maxEventBytes, maxJsonBytes);
        stream.onLoop(() -> {
            Channel served = endpoint.startInProcess(loop, request, headTimeout, stream);
            if (served == null) {
                stream.onFailure(new IOException("the internal endpoint serves nothing in process"), true);
            } else {
                stream.stop = served::close;
            }
        });
        return stream;
    }

    private void onLoop(Runnable task) {
        if (loop.inEventLoop()) {
            task.run();
        } else {
            loop.execute(task);
        }
    }

    /** Stops the call and closes its connection; the listener hears nothing more. */
    @Override
    public void abort() {
        if (!loop.inEventLoop()) {
            loop.execute(this::abort);
            return;
        }
        if (done) {
            return;
        }
        done = true;
        releaseJson();
        if (stop != null) {
            stop.run();
        }
    }

    /** Whether the call has ended (answered, failed or aborted). */
    public boolean isDone() {
        return done;
    }

    @Override
    public void onHead(HttpResponse head) {
        status = head.status().code();
        String type = head.headers().get(HttpHeaderNames.CONTENT_TYPE, "").toLowerCase(Locale.ROOT);
        if (type.startsWith("text/event-stream")) {
            sse = new SseParser(maxEventBytes, maxEventBytes);
        } else {
            json = Unpooled.compositeBuffer();
        }
    }

    @Override
    public void onContent(HttpContent content, boolean last) {
        try {
            if (done) {
                return;
            }
            if (sse != null) {
                byte[] bytes = ByteBufUtil.getBytes(content.content());
                sse.feed(bytes, 0, bytes.length, this::onEvent);
            } else if (json != null) {
                if (json.readableBytes() + content.content().readableBytes() > maxJsonBytes) {
                    fail(new IOException("answer larger than " + maxJsonBytes + " bytes"));
                    return;
                }
                json.addComponent(true, content.content().retain());
            }
            if (last && !done) {
                finish();
            }
        } catch (SseLimitExceededException e) {
            fail(e);
        } finally {
            ReferenceCountUtil.release(content);
        }
    }

    @Override
    public void onFailure(Throwable cause, boolean beforeHead) {
        if (!done) {
            done = true;
            releaseJson();
            listener.onFailure(cause);
        }
    }

    private void onEvent(SseEvent event) {
        if (done || !event.isMessage() || event.data().isEmpty()) {
            return;
        }
        JsonNode message = parse(event.data().getBytes(StandardCharsets.UTF_8));
        if (message == null) {
            fail(new IOException("an SSE event of the answer is not JSON"));
        } else {
            listener.onMessage(message);
        }
    }

    private void finish() {
        if (json != null) {
            byte[] body = ByteBufUtil.getBytes(json);
            releaseJson();
            JsonNode message = body.length == 0 ? null : parse(body);
            if (body.length > 0 && message == null) {
                fail(new IOException("the answer is not JSON"));
                return;
            }
            if (message != null) {
                listener.onMessage(message);
            }
        }
        if (!done) {
            done = true;
            listener.onEnd(status);
        }
    }

    private void fail(Throwable cause) {
        done = true;
        releaseJson();
        if (stop != null) {
            stop.run();
        }
        listener.onFailure(cause);
    }

    private void releaseJson() {
        if (json != null) {
            json.release();
            json = null;
        }
    }

    private static JsonNode parse(byte[] bytes) {
        try {
            return JsonRpcCodec.readTree(bytes);
        } catch (IOException e) {
            return null;
        }
    }
}
