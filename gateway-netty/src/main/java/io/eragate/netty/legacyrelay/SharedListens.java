package io.eragate.netty.legacyrelay;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.mcp.Methods;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The upstream {@code subscriptions/listen} streams of legacy sessions, one per distinct listen: sessions whose
 * listens would be identical (the same upstream, served for the same principal under the same name, and the same
 * canonical request, so the same filter and client description) share one, and each gets every message of it. A
 * 2026-07-28 listen belongs to no session: what it carries depends only on who asks and what the request says, so
 * identical listens would carry the same messages. A session that joins an acknowledged listen gets its
 * acknowledgement at once; the listen closes when its last session leaves; its end or failure reaches every session.
 *
 * <p>Thread-safe.
 */
final class SharedListens {

    /** One listen: the identity it is served under, and its exact request. */
    private record Key(Object sharing, String request) {
    }

    private final Map<Key, Shared> open = new HashMap<>();

    /**
     * Sends {@code request} to {@code upstream} for {@code listener}, or joins the identical listen already open;
     * requests other than a listen, and upstreams that cannot say who they serve, are sent on their own.
     */
    OpenCall send(InteractiveRelay.Upstream upstream, JsonRpcRequest request, MessageStreamCall.Listener listener) {
        Object sharing = upstream.sharingKey();
        if (sharing == null || !Methods.SUBSCRIPTIONS_LISTEN.equals(request.method())) {
            return upstream.send(request, listener);
        }
        Key key = new Key(sharing, new String(JsonRpcCodec.encode(request), StandardCharsets.UTF_8));
        Shared shared;
        synchronized (this) {
            shared = open.get(key);
            if (shared == null) {
                shared = new Shared(key);
                open.put(key, shared);
                shared.listeners.add(listener);
                OpenCall call = upstream.send(request, shared);
                synchronized (shared) {
                    if (shared.ended) {
                        return null;
                    }
                    shared.call = call;
                }
                return shared.handle(listener);
            }
        }
        JsonNode acknowledged;
        synchronized (shared) {
            if (shared.ended) {
                // It ended between the lookup and now: this session opens its own.
                return send(upstream, request, listener);
            }
            shared.listeners.add(listener);
            acknowledged = shared.acknowledged;
        }
        if (acknowledged != null) {
            listener.onMessage(acknowledged);
        }
        return shared.handle(listener);
    }

    /** Distinct listens open (for tests). */
    synchronized int openListens() {
        return open.size();
    }

    private synchronized void forget(Shared shared) {
        open.remove(shared.key, shared);
    }

    /** One open listen and the sessions it serves. */
    private final class Shared implements MessageStreamCall.Listener {
        private final Key key;
        private final List<MessageStreamCall.Listener> listeners = new ArrayList<>();
        private OpenCall call;
        private JsonNode acknowledged;
        private boolean ended;

        Shared(Key key) {
            this.key = key;
        }

        OpenCall handle(MessageStreamCall.Listener listener) {
            return () -> leave(listener);
        }

        private void leave(MessageStreamCall.Listener listener) {
            OpenCall closing = null;
            synchronized (this) {
                if (!listeners.remove(listener) || !listeners.isEmpty() || ended) {
                    return;
                }
                ended = true;
                closing = call;
            }
            forget(this);
            if (closing != null) {
                closing.abort();
            }
        }

        @Override
        public void onMessage(JsonNode message) {
            List<MessageStreamCall.Listener> now;
            synchronized (this) {
                if (acknowledged == null && Methods.NOTIFICATION_SUBSCRIPTIONS_ACKNOWLEDGED
                        .equals(message.path("method").asText(null))) {
                    acknowledged = message;
                }
                now = List.copyOf(listeners);
            }
            now.forEach(listener -> listener.onMessage(message));
        }

        @Override
        public void onEnd(int status) {
            end().forEach(listener -> listener.onEnd(status));
        }

        @Override
        public void onFailure(Throwable cause) {
            end().forEach(listener -> listener.onFailure(cause));
        }

        private List<MessageStreamCall.Listener> end() {
            List<MessageStreamCall.Listener> now;
            synchronized (this) {
                ended = true;
                now = List.copyOf(listeners);
                listeners.clear();
            }
            forget(this);
            return now;
        }
    }
}
