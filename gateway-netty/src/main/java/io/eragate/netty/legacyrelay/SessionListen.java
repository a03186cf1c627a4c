package io.eragate.netty.legacyrelay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcMessage;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.jsonrpc.JsonRpcShapeException;
import io.eragate.core.legacyrelay.SessionSubscriptions;
import io.eragate.core.mcp.Methods;
import io.netty.channel.ChannelHandlerContext;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * One legacy client session's standalone (GET) stream and the ONE upstream {@code subscriptions/listen} that feeds
 * it: every list change, and the {@code resources/updated} of the URIs the session subscribed to. A subscription
 * that changes the set replaces the listen by one with the new filter, and is answered once the new listen is
 * acknowledged, so that an update published after the client's {@code resources/subscribe} returned reaches it.
 * The listen closes when the GET stream closes or the session ends.
 *
 * <p>Thread-safe: the GET stream and the session's POSTs may be on different event loops.
 */
final class SessionListen {

    private final SessionSubscriptions subscriptions;
    private final Function<ObjectNode, JsonRpcRequest> listenRequest;
    private final InteractiveRelay.Upstream upstream;
    private final SharedListens shared;
    private final long keepAliveNanos;
    private final List<Runnable> awaitingAck = new ArrayList<>();
    private RelayedStream stream;
    private ChannelHandlerContext streamContext;
    private OpenCall listen;
    /** The listener of the current listen: messages reach it even while its call is being opened (a shared one). */
    private MessageStreamCall.Listener listening;
    private ScheduledFuture<?> keepAlive;
    private boolean ended;

    /**
     * @param listenRequest builds the canonical {@code subscriptions/listen} request for a {@code notifications}
     *     filter
     * @param upstream where the listen goes
     * @param shared the listens open, which an identical one of this session joins
     */
    SessionListen(SessionSubscriptions subscriptions, Function<ObjectNode, JsonRpcRequest> listenRequest,
            InteractiveRelay.Upstream upstream, SharedListens shared, long keepAliveNanos) {
        this.subscriptions = subscriptions;
        this.listenRequest = listenRequest;
        this.upstream = upstream;
        this.shared = shared;
        this.keepAliveNanos = keepAliveNanos;
    }

    /** The client opened its GET stream (its head is written): a former one is ended, and the listen (re)opens. */
    synchronized void open(ChannelHandlerContext client, boolean keepAliveConnection) {
        if (ended) {
            new RelayedStream(client, keepAliveConnection).end(null);
            return;
        }
        closeStream();
        stream = new RelayedStream(client, keepAliveConnection);
        streamContext = client;
        RelayedStream mine = stream;
        client.channel().closeFuture().addListener(closed -> streamClosed(mine));
        keepAlive = client.executor().scheduleAtFixedRate(mine::keepAlive, keepAliveNanos, keepAliveNanos,
                TimeUnit.NANOSECONDS);
        relisten();
    }

    /**
     * Subscribes to {@code uri}; {@code then} runs once the listen serving it is acknowledged (at once when nothing
     * changed or no GET stream is open: the next GET stream's listen will carry it).
     *
     * @throws SessionSubscriptions.LimitReached beyond {@code subscriptions.maxResourceSubscriptions}
     */
    synchronized void subscribe(String uri, Runnable then) throws SessionSubscriptions.LimitReached {
        if (subscriptions.subscribe(uri) && stream != null && !ended) {
            awaitingAck.add(then);
            relisten();
        } else {
            then.run();
        }
    }

    /** Unsubscribes from {@code uri}; the listen is replaced when the set changed. */
    synchronized void unsubscribe(String uri) {
        if (subscriptions.unsubscribe(uri) && stream != null && !ended) {
            relisten();
        }
    }

    /** The session ended: the listen and the GET stream close. */
    synchronized void end() {
        ended = true;
        closeStream();
    }

    private void relisten() {
        if (listen != null) {
            OpenCall replaced = listen;
            listen = null;
            replaced.abort();
        }
        MessageStreamCall.Listener mine = new MessageStreamCall.Listener() {
            @Override
            public void onMessage(JsonNode message) {
                fromListen(this, message);
            }

            @Override
            public void onEnd(int status) {
                listenEnded(this);
            }

            @Override
            public void onFailure(Throwable cause) {
                listenEnded(this);
            }
        };
        listening = mine;
        listen = shared.send(upstream, listenRequest.apply(subscriptions.filter().toJson()), mine);
        if (listen == null) {
            listening = null;
            List<Runnable> ready = new ArrayList<>(awaitingAck);
            awaitingAck.clear();
            ready.forEach(Runnable::run);
        }
    }

    private synchronized void fromListen(MessageStreamCall.Listener from, JsonNode message) {
        if (from != listening) {
            // A replaced listen's messages may still arrive: its acknowledgement must not answer a subscription
            // that the new listen serves (an update published before that one is acknowledged would be lost), and
            // its notifications are the new listen's to deliver.
            return;
        }
        JsonRpcMessage classified;
        try {
            classified = JsonRpcCodec.classify(message);
        } catch (JsonRpcShapeException e) {
            return;
        }
        if (!(classified instanceof JsonRpcNotification notification)) {
            return;
        }
        if (Methods.NOTIFICATION_SUBSCRIPTIONS_ACKNOWLEDGED.equals(notification.method())) {
            List<Runnable> ready = new ArrayList<>(awaitingAck);
            awaitingAck.clear();
            ready.forEach(Runnable::run);
            return;
        }
        if (stream != null) {
            subscriptions.toLegacy(notification).ifPresent(legacy -> stream.send(JsonRpcCodec.encode(legacy)));
        }
    }

    private synchronized void listenEnded(MessageStreamCall.Listener ended) {
        if (ended == listening && listen != null) {
            // The upstream ended the listen (it went away or shut down): answer who waits, then end the stream so
            // that the client reconnects its GET stream, which opens a new listen.
            List<Runnable> ready = new ArrayList<>(awaitingAck);
            awaitingAck.clear();
            ready.forEach(Runnable::run);
            listen = null;
            listening = null;
            closeStream();
        }
    }

    private synchronized void streamClosed(RelayedStream closed) {
        if (closed == stream) {
            closeStream();
        }
    }

    private void closeStream() {
        if (listen != null) {
            OpenCall closing = listen;
            listen = null;
            closing.abort();
        }
        listening = null;
        if (keepAlive != null) {
            keepAlive.cancel(false);
            keepAlive = null;
        }
        if (stream != null) {
            RelayedStream closing = stream;
            ChannelHandlerContext client = streamContext;
            stream = null;
            streamContext = null;
            client.executor().execute(() -> closing.end(null));
        }
        List<Runnable> ready = new ArrayList<>(awaitingAck);
        awaitingAck.clear();
        ready.forEach(Runnable::run);
    }

    /** A listen request id; the session has one listen at a time, so one id serves. */
    static JsonRpcId listenId() {
        return JsonRpcId.of("eragate-listen");
    }
}
