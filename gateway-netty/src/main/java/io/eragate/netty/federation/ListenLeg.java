package io.eragate.netty.federation;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcMessage;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.mcp.Methods;
import io.eragate.core.route.ListenMerge;
import io.eragate.core.route.UpstreamAnswer;
import io.eragate.core.sse.SseEvent;
import io.eragate.core.sse.SseLimitExceededException;
import io.eragate.core.sse.SseParser;
import io.eragate.netty.telemetry.UpstreamSpan;
import io.eragate.netty.upstream.ForwardedRequest;
import io.eragate.netty.upstream.UpstreamCall;
import io.eragate.netty.upstream.UpstreamChannelPool;
import io.eragate.netty.upstream.UpstreamTarget;
import io.netty.buffer.ByteBufUtil;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * One upstream's listen of a {@link FederatedListenExchange}: a long-lived request to the internal endpoint whose SSE
 * answer is read event by event. The first message must be the acknowledgement; notifications follow; a response
 * for the listen id ends the leg (its graceful final result, or an error). Anything else (a refusal, a JSON answer, a
 * broken connection) ends the leg as left out, with the reason clients see.
 */
final class ListenLeg implements UpstreamCall.Handler {

    /** Who holds the leg: a client's merged listen, or the gateway's own watch of a route's lists. */
    interface Owner {
        /** The leg acknowledged; from the leg, on any thread. */
        void legAcknowledged(ListenLeg leg);

        /** A notification of the leg (never its acknowledgement); from the leg, on any thread. */
        void legNotification(ListenLeg leg, JsonRpcNotification notification);

        /** The leg ended: {@code why} is null when it ended with the graceful final result; on any thread. */
        void legEnded(ListenLeg leg, UpstreamAnswer.Reason why);
    }

    /** A notification is small; a line or event past this bound ends the leg. */
    private static final int MAX_EVENT_BYTES = 1024 * 1024;

    private final String upstream;
    private final Owner merge;
    private final SseParser parser = new SseParser(MAX_EVENT_BYTES, MAX_EVENT_BYTES);
    private UpstreamCall call;
    private UpstreamSpan span = UpstreamSpan.NONE;
    private ListenMerge.LegAck ack;
    private boolean over;

    ListenLeg(String upstream, Owner merge) {
        this.upstream = upstream;
        this.merge = merge;
    }

    String upstream() {
        return upstream;
    }

    /** What this leg's upstream acknowledged; null until it has. */
    ListenMerge.LegAck ack() {
        return ack;
    }

    /** Sends the leg's listen through {@code endpoint}; {@code headTimeout} bounds the wait for the answer's head. */
    void open(UpstreamChannelPool pool, InternalEndpoint endpoint, ForwardedRequest request, Duration headTimeout,
            UpstreamSpan legSpan) {
        span = legSpan;
        UpstreamTarget target = endpoint.target();
        if (target == null) {
            end(UpstreamAnswer.Reason.UNREACHABLE);
            return;
        }
        String handle = endpoint.lend(request.principal());
        call = UpstreamCall.start(pool, target, FanOutCall.internalRequest(endpoint, upstream, request, handle),
                headTimeout, this);
        // The handle is taken by the endpoint when the leg reaches it; one never taken is not left behind.
        pool.eventLoop().schedule(() -> endpoint.giveBack(handle), headTimeout.toNanos(),
                TimeUnit.NANOSECONDS);
    }

    /** Stops the leg (the client left, or it did not acknowledge in time); closing the connection ends it upstream. */
    void close() {
        if (!over) {
            over = true;
            span.end((String) null);
            if (call != null) {
                call.abort();
            }
        }
    }

    @Override
    public void onHead(HttpResponse head) {
        String type = head.headers().get(HttpHeaderNames.CONTENT_TYPE, "");
        if (head.status().code() != 200 || !type.toLowerCase(Locale.ROOT).startsWith("text/event-stream")) {
            // A refusal (a stdio upstream has no listen), or a JSON error: this upstream is left out.
            end(head.status().code() == 504 ? UpstreamAnswer.Reason.TIMEOUT
                    : head.status().code() == 502 ? UpstreamAnswer.Reason.UNREACHABLE : UpstreamAnswer.Reason.REFUSED);
        }
    }

    @Override
    public void onContent(HttpContent content, boolean last) {
        try {
            if (!over) {
                byte[] bytes = ByteBufUtil.getBytes(content.content());
                parser.feed(bytes, 0, bytes.length, this::onEvent);
            }
        } catch (SseLimitExceededException e) {
            end(UpstreamAnswer.Reason.REFUSED);
        } finally {
            content.release();
        }
        if (last) {
            end(UpstreamAnswer.Reason.UNREACHABLE);
        }
    }

    @Override
    public void onFailure(Throwable cause, boolean beforeHead) {
        end(FanOutCall.isTimeout(cause) ? UpstreamAnswer.Reason.TIMEOUT : UpstreamAnswer.Reason.UNREACHABLE);
    }

    private void onEvent(SseEvent event) {
        if (over) {
            return;
        }
        JsonRpcMessage message;
        try {
            JsonNode tree = JsonRpcCodec.readTree(event.data().getBytes(StandardCharsets.UTF_8));
            message = JsonRpcCodec.classify(tree);
        } catch (Exception e) {
            end(UpstreamAnswer.Reason.REFUSED);
            return;
        }
        if (message instanceof JsonRpcNotification notification) {
            if (ack == null) {
                ack = Methods.NOTIFICATION_SUBSCRIPTIONS_ACKNOWLEDGED.equals(notification.method())
                        ? FederatedListenExchange.ackOf(upstream, notification.params()) : null;
                if (ack == null) {
                    end(UpstreamAnswer.Reason.REFUSED);
                } else {
                    merge.legAcknowledged(this);
                }
            } else {
                merge.legNotification(this, notification);
            }
        } else if (message instanceof JsonRpcResponse response) {
            boolean graceful = response.error() == null;
            over = true;
            span.end(graceful ? null : "upstream_refused");
            merge.legEnded(this, graceful ? null : UpstreamAnswer.Reason.UNREACHABLE);
            call.abort();
        }
        // Requests from the upstream never reach here: the leg's own exchange answers them.
    }

    private void end(UpstreamAnswer.Reason why) {
        if (over) {
            return;
        }
        over = true;
        span.end("upstream_" + why.wireName());
        if (call != null) {
            call.abort();
        }
        merge.legEnded(this, why);
    }
}
