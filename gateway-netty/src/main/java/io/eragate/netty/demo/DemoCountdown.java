package io.eragate.netty.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.mcp.McpHeaders;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One streamed {@code countdown} call. Its SSE answer opens with a priming event (an id and empty data), then every
 * {@value #STEP_MILLIS} ms sends the step's {@code notifications/progress} (only when the request carried a progress
 * token) and an info {@code notifications/message} (only when the session's log level allows info); after the last
 * step it sends the result and ends the stream. {@code notifications/cancelled} for its request ends the stream
 * without a result; a closed connection ends it silently.
 *
 * <p>While it streams, the connection reads nothing more, so a pipelined request waits for its turn instead of
 * interleaving its answer with this stream (a {@code FlowControlHandler} holds it). Threading: every field is
 * touched only on the channel's event loop.
 */
final class DemoCountdown {
    static final long STEP_MILLIS = 200;

    private final ChannelHandlerContext ctx;
    private final DemoSession session;
    private final JsonNode requestId;
    private final int steps;
    private final JsonNode progressToken;
    private final String streamId = UUID.randomUUID().toString();
    private int eventCount;
    private int done;
    private ScheduledFuture<?> nextStep;
    private boolean ended;

    private DemoCountdown(ChannelHandlerContext ctx, DemoSession session, JsonNode requestId, int steps,
                          JsonNode progressToken) {
        this.ctx = ctx;
        this.session = session;
        this.requestId = requestId;
        this.steps = steps;
        this.progressToken = progressToken;
    }

    /**
     * Starts streaming on {@code ctx}'s channel, unless the session already runs its maximum or a countdown with the
     * same request id.
     *
     * @param progressToken the request's {@code _meta.progressToken}, or {@code null} when it asked for no progress
     * @return whether it started; if not, nothing was written
     */
    static boolean start(ChannelHandlerContext ctx, DemoSession session, JsonNode requestId, int steps,
                         JsonNode progressToken) {
        DemoCountdown countdown = new DemoCountdown(ctx, session, requestId, steps, progressToken);
        if (!session.register(requestId.toString(), countdown)) {
            return false;
        }
        HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        head.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.TEXT_EVENT_STREAM);
        head.headers().set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_CACHE);
        head.headers().set(McpHeaders.SESSION_ID, session.id());
        HttpUtil.setTransferEncodingChunked(head, true);
        ctx.channel().config().setAutoRead(false);
        ctx.write(head).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
        countdown.write("id: " + countdown.nextEventId() + "\ndata: \n\n");
        countdown.scheduleNextStep();
        return true;
    }

    /** Ends the stream without a result; safe from any thread, and a no-op once it has ended. */
    void cancel() {
        ctx.executor().execute(() -> end(true));
    }

    private void step() {
        if (ended) {
            return;
        }
        if (!ctx.channel().isActive()) {
            end(false);
            return;
        }
        done++;
        if (progressToken != null) {
            ObjectNode params = DemoMessages.object().put("progress", done).put("total", steps)
                    .put("message", "step " + done + " of " + steps);
            params.set("progressToken", progressToken);
            message(DemoMessages.notification("notifications/progress", params));
        }
        if (session.logs("info")) {
            message(DemoMessages.notification("notifications/message", DemoMessages.object()
                    .put("level", "info").put("logger", DemoTools.COUNTDOWN).put("data", "T-minus " + (steps - done))));
        }
        if (done < steps) {
            scheduleNextStep();
            return;
        }
        message(DemoMessages.result(requestId, DemoMessages.toolResult("Lift-off after " + steps + " steps", false)));
        end(true);
    }

    private void scheduleNextStep() {
        nextStep = ctx.executor().schedule(this::step, STEP_MILLIS, TimeUnit.MILLISECONDS);
    }

    private void end(boolean endStream) {
        if (ended) {
            return;
        }
        ended = true;
        if (nextStep != null) {
            nextStep.cancel(false);
        }
        session.unregister(requestId.toString(), this);
        if (endStream) {
            ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
        }
        ctx.channel().config().setAutoRead(true);
    }

    private void message(ObjectNode message) {
        write("id: " + nextEventId() + "\nevent: message\ndata: " + message + "\n\n");
    }

    private void write(String frame) {
        ctx.writeAndFlush(new DefaultHttpContent(Unpooled.copiedBuffer(frame, StandardCharsets.UTF_8)))
                .addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
    }

    /** Event ids are unique in the session and name their stream, as 2025-11-25 asks. */
    private String nextEventId() {
        return streamId + "-" + eventCount++;
    }
}
