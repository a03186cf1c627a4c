package io.eragate.netty.bridge;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.eragate.core.bridge.LegacyReplyReader;
import io.eragate.core.bridge.UpstreamExchange;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcMessage;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.listen.ListenMessages;
import io.eragate.core.listen.ListenerRegistry;
import io.eragate.core.listen.SubscriptionFilter;
import io.eragate.core.mcp.Methods;
import io.eragate.core.session.ReplayPolicy;
import io.eragate.core.session.UpstreamSession;
import io.eragate.core.sse.SseLimitExceededException;
import io.eragate.core.sse.SseParser;
import io.eragate.netty.upstream.BufferedUpstreamCall;
import io.eragate.netty.upstream.UpstreamCall;
import io.eragate.netty.upstream.UpstreamChannelPool;
import io.eragate.netty.upstream.UpstreamReply;
import io.eragate.netty.upstream.UpstreamTarget;
import io.netty.buffer.ByteBufUtil;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The listen side of one pooled upstream session: its listeners, the one GET stream they share (opened for the first
 * and closed after the last), and the {@code resources/subscribe} calls for the URIs they want.
 *
 * <p>Threading: listeners come and go on their client loops under the {@link ListenHub}'s lock; the GET stream and
 * the gateway's own upstream calls run on {@code pool}'s event loop; deliveries hop to each listener's loop.
 */
final class SessionStreams implements UpstreamCall.Handler {
    private static final Logger log = LoggerFactory.getLogger(SessionStreams.class);
    private static final int MAX_SSE_BYTES = 4 * 1024 * 1024;
    private static final int MAX_REPLY_BYTES = 64 * 1024;
    private static final AtomicLong REQUEST_IDS = new AtomicLong();

    private final UpstreamSession session;
    private final UpstreamTarget target;
    private final UpstreamChannelPool pool;
    private final Duration timeout;
    private final ListenerRegistry registry;
    private final LegacyBridge bridge;
    /** An in-flight slot held while the session has listeners, so that the pool does not DELETE it under them. */
    private final UpstreamExchange hold;
    private final Map<String, ListenExchange> listeners = new ConcurrentHashMap<>();
    /**
     * True once the GET stream is open, false when the upstream answered it without a stream (or the last listener
     * left first); fails when the session is forgotten or the GET failed before a head.
     */
    private final CompletableFuture<Boolean> streamOpen = new CompletableFuture<>();

    // Confined to pool's event loop.
    private UpstreamCall get;
    private SseParser parser;
    private boolean closed;

    SessionStreams(UpstreamSession session, UpstreamTarget target, UpstreamChannelPool pool, LegacyBridge bridge,
            Duration timeout, int maxListeners) {
        this.session = session;
        this.bridge = bridge;
        this.hold = bridge.rewriter(session).tryBegin(JsonRpcId.of("eragate-listen-hold"), null).orElse(null);
        this.target = target;
        this.pool = pool;
        this.timeout = timeout;
        this.registry = new ListenerRegistry(maxListeners);
    }

    /**
     * Registers a listener (the caller holds the hub's lock) and starts what it needs upstream. The future says what
     * to acknowledge, or is empty when the session already has as many listeners as it may.
     */
    CompletableFuture<Optional<Acknowledgement>> add(String listenerId, JsonRpcId subscriptionId,
            SubscriptionFilter honoured, ListenExchange listener) {
        Optional<ListenerRegistry.Changes> changes = registry.add(listenerId, subscriptionId, honoured);
        if (changes.isEmpty()) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        listeners.put(listenerId, listener);
        if (changes.get().openStream()) {
            pool.eventLoop().execute(this::openStream);
        }
        List<CompletableFuture<String>> refusals = new ArrayList<>();
        for (String uri : changes.get().subscribe()) {
            refusals.add(subscribe(uri));
        }
        List<CompletableFuture<?>> all = new ArrayList<>(refusals);
        all.add(streamOpen);
        return CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).thenApply(ignored -> {
            List<String> refused = refusals.stream().map(CompletableFuture::join).filter(uri -> uri != null)
                    .toList();
            return Optional.of(new Acknowledgement(ListenMessages.acknowledged(subscriptionId,
                    honoured.without(refused), !streamOpen.join())));
        });
    }

    /** Unregisters a listener (the caller holds the hub's lock); returns whether it was the last. */
    boolean remove(String listenerId) {
        ListenerRegistry.Changes changes = registry.remove(listenerId);
        listeners.remove(listenerId);
        for (String uri : changes.unsubscribe()) {
            call(Methods.RESOURCES_UNSUBSCRIBE, uri);
        }
        if (changes.closeStream()) {
            pool.eventLoop().execute(this::closeStream);
            if (hold != null && bridge.rewriter(session).release(hold)) {
                bridge.exchangeEnded(session);
            }
        }
        return changes.closeStream();
    }

    /** Hands a notification seen on any of the session's upstream streams to the listeners that asked for it. */
    void route(JsonRpcNotification notification) {
        for (ListenerRegistry.Delivery delivery : registry.route(notification)) {
            ListenExchange listener = listeners.get(delivery.listenerId());
            if (listener != null) {
                listener.deliver(delivery.notification());
            }
        }
    }

    private CompletableFuture<String> subscribe(String uri) {
        return call(Methods.RESOURCES_SUBSCRIBE, uri).handle((reply, failure) -> {
            boolean accepted = failure == null && reply.status() / 100 == 2 && reply.response()
                    .map(response -> !response.isError()).orElse(false);
            if (!accepted) {
                log.info("upstream {} did not subscribe {}: {}", target.name(), uri,
                        failure != null ? failure.toString() : "HTTP " + reply.status());
                registry.subscribeFailed(uri);
                return uri;
            }
            return null;
        });
    }

    private CompletableFuture<Reply> call(String method, String uri) {
        JsonRpcId id = JsonRpcId.of("eragate-listen-" + REQUEST_IDS.incrementAndGet());
        JsonRpcRequest request = new JsonRpcRequest(id, method, JsonNodeFactory.instance.objectNode().put("uri", uri));
        return BufferedUpstreamCall.send(pool, target, LegacyRequests.post(target, request, session), timeout,
                        MAX_REPLY_BYTES)
                .thenApply(reply -> new Reply(reply.status(), responseTo(id, reply)));
    }

    private static Optional<JsonRpcResponse> responseTo(JsonRpcId id, UpstreamReply reply) {
        return LegacyReplyReader.responseTo(id, reply.contentType(), reply.body());
    }

    private void openStream() {
        if (closed) {
            return;
        }
        get = UpstreamCall.start(pool, target, LegacyRequests.get(target, session), timeout, this);
    }

    private void closeStream() {
        closed = true;
        streamOpen.complete(false);
        if (get != null) {
            get.abort();
        }
    }

    @Override
    public void onHead(HttpResponse head) {
        int status = head.status().code();
        String type = head.headers().get(HttpHeaderNames.CONTENT_TYPE, "").toLowerCase(Locale.ROOT);
        if (status == 200 && type.startsWith("text/event-stream")) {
            parser = new SseParser(MAX_SSE_BYTES, MAX_SSE_BYTES);
            streamOpen.complete(true);
        } else if (!closed && ReplayPolicy.isSessionExpired(status, null, session.sessionId() != null)) {
            // The upstream forgot the session (it restarted, or expired it): listening on it would be deaf. The session
            // leaves the pool and its listeners end, so that listening again opens a new session and a new stream.
            log.info("upstream {} no longer knows session {} (HTTP {} for its GET stream); its listen streams end",
                    target.name(), session.sessionId(), status);
            bridge.invalidate(session, "HTTP " + status + " for its GET stream");
            // Listeners still waiting are refused rather than acknowledged on a session that is gone.
            streamOpen.completeExceptionally(new IOException("the upstream no longer knows the session"));
            upstreamLost();
        } else {
            log.info("upstream {} answered its GET stream with HTTP {}; listen streams on session {} are best effort",
                    target.name(), status, session.sessionId());
            streamOpen.complete(false);
        }
    }

    @Override
    public void onContent(HttpContent content, boolean last) {
        try {
            if (parser != null && !closed) {
                byte[] chunk = ByteBufUtil.getBytes(content.content());
                parser.feed(chunk, 0, chunk.length, event -> {
                    if (!event.data().isEmpty()) {
                        LegacyReplyReader.messages("application/json", event.data().getBytes(StandardCharsets.UTF_8))
                                .forEach(this::onMessage);
                    }
                });
            }
        } catch (SseLimitExceededException e) {
            log.info("upstream {} sent an oversized event on its GET stream; closing it: {}", target.name(),
                    e.getMessage());
            get.abort();
            parser = null;
        } finally {
            content.release();
        }
        if (last && parser != null && !closed) {
            log.info("upstream {} ended the GET stream of session {}", target.name(), session.sessionId());
            parser = null;
            upstreamLost();
        }
    }

    @Override
    public void onFailure(Throwable cause, boolean beforeHead) {
        // A GET that failed before its stream opened (refused, reset, timed out) says nothing about whether the
        // upstream still has the session: acknowledging would leave the listeners deaf for good, unlike an upstream
        // that answered the GET without a stream (best effort). They are refused, and listening again retries.
        streamOpen.completeExceptionally(new IOException("its GET stream could not be opened: " + cause));
        boolean wasOpen = parser != null;
        parser = null;
        if (!closed) {
            log.info("GET stream of upstream {} session {} failed: {}", target.name(), session.sessionId(),
                    cause.toString());
            if (wasOpen) {
                upstreamLost();
            }
        }
    }

    /**
     * The open GET stream ended under its listeners: their streams end too, without a result, which tells each client
     * to listen again (nothing resumes); the next listen opens a new GET stream.
     */
    private void upstreamLost() {
        listeners.values().forEach(ListenExchange::upstreamLost);
    }

    private void onMessage(JsonRpcMessage message) {
        if (message instanceof JsonRpcNotification notification) {
            // Cached lists go before the listeners hear of the change, so that a list they ask for next is fresh.
            bridge.listNotification(session, notification);
            route(notification);
        } else if (message instanceof JsonRpcRequest serverRequest) {
            BufferedUpstreamCall.send(pool, target, LegacyRequests.post(target,
                    ServerRequestReplies.replyTo(serverRequest), session),
                    timeout, MAX_REPLY_BYTES);
        }
    }

    /** What a new listener's acknowledgement says. */
    record Acknowledgement(JsonRpcNotification notification) {
    }

    private record Reply(int status, Optional<JsonRpcResponse> response) {
    }
}
