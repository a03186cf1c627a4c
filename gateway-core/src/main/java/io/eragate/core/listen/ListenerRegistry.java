package io.eragate.core.listen;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.mcp.Methods;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The listeners of one pooled upstream session: the modern {@code subscriptions/listen} streams that share the
 * session's GET stream and its resource subscriptions.
 *
 * <p>{@link #add} and {@link #remove} say what to change upstream: open the GET stream for the first listener and
 * close it after the last, {@code resources/subscribe} a URI when a first listener wants it and
 * {@code resources/unsubscribe} it when the last one that wanted it leaves. {@link #route} picks, for each
 * notification from any of the session's upstream streams, the listeners that asked for it.
 *
 * <p>A {@code notifications/resources/updated} reaches a listener subscribed to its URI or to an ancestor of it: a
 * subscription to {@code file:///dir} covers {@code file:///dir/a.txt} ({@code /} separates the levels).
 *
 * <p>Thread-safe.
 */
public final class ListenerRegistry {

    private final int maxListeners;
    private final Map<String, Listener> listeners = new LinkedHashMap<>();
    private final Map<String, Integer> wantedUris = new HashMap<>();
    private final Set<String> subscribedUris = new HashSet<>();

    /** An empty registry that accepts at most {@code maxListeners} listeners. */
    public ListenerRegistry(int maxListeners) {
        if (maxListeners < 1) {
            throw new IllegalArgumentException("maxListeners must be at least 1, not " + maxListeners);
        }
        this.maxListeners = maxListeners;
    }

    /**
     * Adds a listener.
     *
     * @param listenerId the gateway's id for the listen stream, unique in this registry
     * @param subscriptionId the listen request's JSON-RPC id, which tags everything the listener receives
     * @param filter what the listener gets, already narrowed to what the upstream can honour
     *     ({@link SubscriptionFilter#intersect})
     * @return the upstream changes to make, or empty when the registry is full
     * @throws IllegalArgumentException when {@code listenerId} is already registered
     */
    public synchronized Optional<Changes> add(String listenerId, JsonRpcId subscriptionId,
            SubscriptionFilter filter) {
        Objects.requireNonNull(listenerId, "listenerId");
        Objects.requireNonNull(subscriptionId, "subscriptionId");
        Objects.requireNonNull(filter, "filter");
        if (listeners.containsKey(listenerId)) {
            throw new IllegalArgumentException("listener " + listenerId + " is already registered");
        }
        if (listeners.size() >= maxListeners) {
            return Optional.empty();
        }
        boolean first = listeners.isEmpty();
        listeners.put(listenerId, new Listener(subscriptionId, filter));
        List<String> subscribe = new ArrayList<>();
        for (String uri : filter.resourceSubscriptions()) {
            wantedUris.merge(uri, 1, Integer::sum);
            if (subscribedUris.add(uri)) {
                subscribe.add(uri);
            }
        }
        return Optional.of(new Changes(subscribe, List.of(), first, false));
    }

    /**
     * Removes a listener (its stream closed, or the gateway ended it).
     *
     * @return the upstream changes to make; {@link Changes#NONE} for an unknown listener
     */
    public synchronized Changes remove(String listenerId) {
        Objects.requireNonNull(listenerId, "listenerId");
        Listener listener = listeners.remove(listenerId);
        if (listener == null) {
            return Changes.NONE;
        }
        List<String> unsubscribe = new ArrayList<>();
        for (String uri : listener.filter().resourceSubscriptions()) {
            Integer left = wantedUris.computeIfPresent(uri, (key, count) -> count == 1 ? null : count - 1);
            if (left == null && subscribedUris.remove(uri)) {
                unsubscribe.add(uri);
            }
        }
        return new Changes(List.of(), unsubscribe, false, listeners.isEmpty());
    }

    /**
     * Records that the upstream refused {@code resources/subscribe} for {@code uri}: no unsubscribe is due for it, and
     * the next listener that wants it triggers a new attempt.
     */
    public synchronized void subscribeFailed(String uri) {
        Objects.requireNonNull(uri, "uri");
        subscribedUris.remove(uri);
    }

    /**
     * The deliveries of an upstream notification: one per listener that asked for its type (and, for
     * {@code resources/updated}, for its URI), each tagged with the listener's subscription id. Empty for any other
     * notification: logging and progress never travel on a listen stream.
     */
    public synchronized List<Delivery> route(JsonRpcNotification upstream) {
        Objects.requireNonNull(upstream, "upstream");
        List<Delivery> deliveries = new ArrayList<>();
        for (Map.Entry<String, Listener> entry : listeners.entrySet()) {
            Listener listener = entry.getValue();
            if (wants(listener.filter(), upstream)) {
                deliveries.add(new Delivery(entry.getKey(),
                        ListenMessages.tagged(upstream, listener.subscriptionId())));
            }
        }
        return deliveries;
    }

    /** The acknowledgement that opens a listener's stream; see {@link ListenMessages#acknowledged}. */
    public synchronized JsonRpcNotification acknowledged(String listenerId, SubscriptionFilter honoured,
            boolean bestEffort) {
        return ListenMessages.acknowledged(listener(listenerId).subscriptionId(), honoured, bestEffort);
    }

    /** The acknowledgement of a listener whose notifications are fully delivered. */
    public synchronized JsonRpcNotification acknowledged(String listenerId, SubscriptionFilter honoured) {
        return acknowledged(listenerId, honoured, false);
    }

    /** The response that ends a listener's stream gracefully; see {@link ListenMessages#finalResult}. */
    public synchronized JsonRpcResponse finalResult(String listenerId) {
        return ListenMessages.finalResult(listener(listenerId).subscriptionId());
    }

    /** The ids of the registered listeners, in the order they were added. */
    public synchronized List<String> listenerIds() {
        return List.copyOf(listeners.keySet());
    }

    /** The URIs currently subscribed upstream. */
    public synchronized Set<String> subscribedUris() {
        return Set.copyOf(subscribedUris);
    }

    /** Whether no listener is registered. */
    public synchronized boolean isEmpty() {
        return listeners.isEmpty();
    }

    /**
     * Whether a resource subscription to {@code subscribed} covers an update of {@code updated}: the same URI, or one
     * below it in the {@code /} hierarchy.
     */
    static boolean covers(String subscribed, String updated) {
        if (!updated.startsWith(subscribed)) {
            return false;
        }
        return updated.length() == subscribed.length() || subscribed.endsWith("/")
                || updated.charAt(subscribed.length()) == '/';
    }

    private Listener listener(String listenerId) {
        Objects.requireNonNull(listenerId, "listenerId");
        Listener listener = listeners.get(listenerId);
        if (listener == null) {
            throw new IllegalArgumentException("no listener " + listenerId);
        }
        return listener;
    }

    private static boolean wants(SubscriptionFilter filter, JsonRpcNotification notification) {
        return switch (notification.method()) {
            case Methods.NOTIFICATION_TOOLS_LIST_CHANGED -> filter.toolsListChanged();
            case Methods.NOTIFICATION_PROMPTS_LIST_CHANGED -> filter.promptsListChanged();
            case Methods.NOTIFICATION_RESOURCES_LIST_CHANGED -> filter.resourcesListChanged();
            case Methods.NOTIFICATION_RESOURCES_UPDATED -> {
                JsonNode uri = notification.params() == null ? null : notification.params().get("uri");
                if (uri == null || !uri.isTextual()) {
                    yield false;
                }
                yield filter.resourceSubscriptions().stream().anyMatch(s -> covers(s, uri.textValue()));
            }
            default -> false;
        };
    }

    private record Listener(JsonRpcId subscriptionId, SubscriptionFilter filter) {
    }

    /**
     * What to change on the upstream session after a listener came or went.
     *
     * @param subscribe URIs to {@code resources/subscribe}
     * @param unsubscribe URIs to {@code resources/unsubscribe}
     * @param openStream whether to open the session's GET stream (the first listener arrived)
     * @param closeStream whether to close the session's GET stream (the last listener left)
     */
    public record Changes(List<String> subscribe, List<String> unsubscribe, boolean openStream,
            boolean closeStream) {

        /** Nothing to change. */
        public static final Changes NONE = new Changes(List.of(), List.of(), false, false);

        public Changes {
            subscribe = List.copyOf(subscribe);
            unsubscribe = List.copyOf(unsubscribe);
        }
    }

    /**
     * One notification for one listener.
     *
     * @param listenerId the listener
     * @param notification the notification to write on its stream
     */
    public record Delivery(String listenerId, JsonRpcNotification notification) {

        public Delivery {
            Objects.requireNonNull(listenerId, "listenerId");
            Objects.requireNonNull(notification, "notification");
        }
    }
}
