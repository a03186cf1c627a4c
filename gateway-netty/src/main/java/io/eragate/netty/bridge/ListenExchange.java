package io.eragate.netty.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.frontdoor.Rejections;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.listen.ListenMessages;
import io.eragate.core.listen.SubscriptionFilter;
import io.eragate.core.session.SessionKey;
import io.eragate.core.session.UpstreamSession;
import io.eragate.core.sse.SseEncoder;
import io.eragate.netty.client.ClientStream;
import io.eragate.netty.upstream.ClientExchange;
import io.eragate.netty.upstream.ForwardedRequest;
import io.eragate.netty.upstream.UpstreamChannelPool;
import io.eragate.netty.upstream.UpstreamTarget;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.util.concurrent.ScheduledFuture;
import io.opentelemetry.context.Context;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A 2026-07-28 {@code subscriptions/listen} served by a legacy upstream: the request's filter, narrowed to what the
 * upstream advertises, joins the listeners of a pooled session (see {@link SessionStreams}); the client gets a
 * long-lived SSE stream that opens with the acknowledgement, then carries the notifications it asked for, each
 * tagged with its subscription id, and keep-alive comments. It ends when the client closes it, or with the graceful
 * final result when the gateway shuts down.
 *
 * <p>Threading: every step runs on the client channel's event loop; deliveries and futures hop back to it.
 */
public final class ListenExchange implements ClientExchange {
    private static final Logger log = LoggerFactory.getLogger(ListenExchange.class);
    private static final AtomicLong LISTENER_IDS = new AtomicLong();
    private static final byte[] KEEP_ALIVE = SseEncoder.comment("keep-alive");

    private final ChannelHandlerContext client;
    private final JsonRpcId requestId;
    /** Whose stream this is: its pooled session is that principal's alone. */
    private final String principal;
    /** The listen request until {@link #start()} has used it: a stream outlives it by hours, and need not keep it. */
    private JsonRpcRequest request;
    private final UpstreamTarget target;
    private final UpstreamChannelPool connections;
    private final LegacyBridge bridge;
    private final ListenHub hub;
    private final Duration responseTimeout;
    private final Runnable onComplete;
    private final ClientStream stream;
    private final String listenerId = "listen-" + LISTENER_IDS.incrementAndGet();
    /** The request's trace, current again whenever the stream's work hops back to the client's loop. */
    private final Context trace = Context.current();

    private boolean done;
    private boolean reserved;
    private boolean joined;
    private boolean acknowledged;
    private final List<JsonRpcNotification> early = new ArrayList<>();
    private UpstreamSession session;
    private ScheduledFuture<?> keepAlive;

    /**
     * Prepares the exchange; {@link #start()} sends it.
     *
     * @param onComplete runs once when the stream has ended
     */
    public ListenExchange(ChannelHandlerContext client, ForwardedRequest forwarded, UpstreamTarget target,
            UpstreamChannelPool connections, LegacyBridge bridge, Duration responseTimeout, Runnable onComplete) {
        this.client = client;
        this.request = (JsonRpcRequest) forwarded.request().message();
        this.principal = forwarded.principal().id();
        this.requestId = request.id();
        this.target = target;
        this.connections = connections;
        this.bridge = bridge;
        this.hub = bridge.listens();
        this.responseTimeout = responseTimeout;
        this.onComplete = onComplete;
        this.stream = new ClientStream(client, forwarded.keepAlive());
    }

    @Override
    public void start() {
        JsonRpcRequest listen = request;
        request = null;
        SubscriptionFilter.Parsed parsed = SubscriptionFilter.parse(listen.params(),
                hub.config().maxResourceSubscriptions());
        if (parsed instanceof SubscriptionFilter.Parsed.Invalid invalid) {
            reject(Rejections.invalidParams(requestId, invalid.reason()));
            return;
        }
        SubscriptionFilter requested = ((SubscriptionFilter.Parsed.Ok) parsed).filter();
        if (!hub.reserve(this)) {
            reject(Rejections.upstreamBusy(requestId, "the gateway serves as many listen streams as it may "
                    + "(subscriptions.maxListeners), or is shutting down"));
            return;
        }
        reserved = true;
        SessionKey key = bridge.keyFor(target.name(), principal, listen);
        SessionHop.deliver(bridge.acquire(key, listen), client.executor(), trace, bridge::release, () -> done,
                acquired -> onSession(acquired, requested), this::onSessionFailure);
    }

    private void onSession(UpstreamSession acquired, SubscriptionFilter requested) {
        session = acquired;
        JsonNode capabilities = session.initializeResult().get("capabilities");
        SubscriptionFilter honoured = requested.intersect(capabilities instanceof ObjectNode object ? object
                : JsonNodeFactory.instance.objectNode());
        joined = true;
        hub.join(session, target, connections, bridge, listenerId, requestId, honoured, this)
                .whenComplete((ack, failure) -> client.executor().execute(trace.wrap(() -> onJoined(ack, failure))));
    }

    private void onJoined(Optional<SessionStreams.Acknowledgement> ack, Throwable failure) {
        if (done) {
            return;
        }
        if (failure != null) {
            reject(Rejections.upstreamUnreachable(requestId, target.name(),
                    String.valueOf(SessionHop.unwrap(failure))));
        } else if (ack.isEmpty()) {
            reject(Rejections.upstreamBusy(requestId, "upstream " + target.name() + " session serves as many "
                    + "listen streams as it may (subscriptions.maxListenersPerSession)"));
        } else {
            acknowledged = true;
            stream.event(JsonRpcCodec.encode(ack.get().notification()));
            early.forEach(this::write);
            early.clear();
            long interval = hub.config().keepAliveInterval().toNanos();
            keepAlive = client.executor().scheduleAtFixedRate(this::keepAlive, interval, interval,
                    TimeUnit.NANOSECONDS);
        }
    }

    private void onSessionFailure(Throwable failure) {
        if (failure instanceof SessionOpenException open) {
            reject(Rejections.upstreamInvalidResponse(requestId, target.name(), open.suggestedStatus(),
                    open.getMessage()));
        } else if (failure instanceof TimeoutException) {
            reject(Rejections.upstreamTimeout(requestId, target.name(), responseTimeout));
        } else {
            reject(Rejections.upstreamUnreachable(requestId, target.name(), String.valueOf(failure)));
        }
    }

    /** A notification for this listener, from any thread; written after the acknowledgement. */
    void deliver(JsonRpcNotification notification) {
        client.executor().execute(trace.wrap(() -> {
            if (done) {
                return;
            }
            if (acknowledged) {
                write(notification);
            } else {
                early.add(notification);
            }
        }));
    }

    /** The session's GET stream ended under this listener; from any thread. */
    void upstreamLost() {
        client.executor().execute(trace.wrap(() -> {
            if (!done) {
                log.info("[{}] upstream {} ended its GET stream; ending listen stream {}", client.channel().id(),
                        target.name(), listenerId);
                reject(Rejections.upstreamUnreachable(requestId, target.name(), "the upstream ended its stream"));
            }
        }));
    }

    private void write(JsonRpcNotification notification) {
        stream.event(JsonRpcCodec.encode(notification));
    }

    private void keepAlive() {
        // A client that reads nothing does not need more comments piling up in its buffer.
        if (!done && client.channel().isWritable()) {
            client.writeAndFlush(new DefaultHttpContent(Unpooled.wrappedBuffer(KEEP_ALIVE)));
        }
    }

    /**
     * Ends the stream with the graceful final result (the gateway is shutting down); from any thread. The future
     * completes once the result is written, or at once when the stream had already ended.
     */
    CompletableFuture<Void> endGracefully() {
        CompletableFuture<Void> written = new CompletableFuture<>();
        client.executor().execute(trace.wrap(() -> {
            if (done) {
                written.complete(null);
                return;
            }
            stream.finish(200, JsonRpcCodec.encode(ListenMessages.finalResult(requestId)));
            // Writes complete in order: once this empty one is out, so is the result.
            client.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(flushed -> written.complete(null));
            end();
        }));
        return written;
    }

    @Override
    public void cancel() {
        if (!done) {
            log.debug("[{}] listen stream {} closed by the client", client.channel().id(), listenerId);
            end();
        }
    }

    @Override
    public void onClientWritable() {
        // Notifications are few and small; nothing upstream waits on this client.
    }

    private void reject(Rejection rejection) {
        stream.reject(rejection);
        end();
    }

    private void end() {
        if (done) {
            return;
        }
        done = true;
        early.clear();
        if (keepAlive != null) {
            keepAlive.cancel(false);
        }
        if (joined) {
            hub.leave(session, listenerId);
        }
        if (session != null) {
            bridge.release(session);
        }
        if (reserved) {
            hub.release(this);
        }
        onComplete.run();
    }
}
