package io.eragate.core.legacyrelay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.bridge.EnvelopeStripper;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.listen.SubscriptionFilter;
import io.eragate.core.mcp.Methods;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code resources/subscribe} URIs of one legacy client session, and the one upstream {@code subscriptions/listen}
 * filter that serves them together with the {@code list_changed} notifications a 2025 client receives unasked on its
 * GET stream.
 *
 * <p>A 2025 client subscribes one URI at a time while a 2026-07-28 listen names all of them at once; so the front
 * keeps one listen per session and replaces it by one with the new {@link #filter()} when the set changes. The set is
 * bounded by {@code subscriptions.maxResourceSubscriptions}, the limit one listen request has.
 *
 * <p>Thread-safe.
 */
public final class SessionSubscriptions {

    private static final String URI = "uri";

    private final int maxResourceSubscriptions;
    private final Set<String> uris = new LinkedHashSet<>();

    /** No subscriptions yet; at most {@code maxResourceSubscriptions} URIs. */
    public SessionSubscriptions(int maxResourceSubscriptions) {
        if (maxResourceSubscriptions < 1) {
            throw new IllegalArgumentException("maxResourceSubscriptions must be at least 1");
        }
        this.maxResourceSubscriptions = maxResourceSubscriptions;
    }

    /**
     * The {@code uri} of a {@code resources/subscribe} or {@code resources/unsubscribe} request.
     *
     * @return the URI, or empty when the params carry no non-empty string {@code uri} (-32602 for the client)
     */
    public static Optional<String> uriOf(ObjectNode params) {
        JsonNode uri = params == null ? null : params.get(URI);
        return uri != null && uri.isTextual() && !uri.textValue().isEmpty() ? Optional.of(uri.textValue())
                : Optional.empty();
    }

    /**
     * Adds a URI.
     *
     * @return whether the set changed (the listen must be replaced)
     * @throws LimitReached when the session already has {@code maxResourceSubscriptions} URIs
     */
    public synchronized boolean subscribe(String uri) throws LimitReached {
        Objects.requireNonNull(uri, "uri");
        if (uris.contains(uri)) {
            return false;
        }
        if (uris.size() >= maxResourceSubscriptions) {
            throw new LimitReached("this session already subscribes to " + uris.size()
                    + " resources, the limit of subscriptions.maxResourceSubscriptions");
        }
        return uris.add(uri);
    }

    /** Removes a URI; whether the set changed. */
    public synchronized boolean unsubscribe(String uri) {
        return uris.remove(uri);
    }

    /** The filter of the session's listen: every list change, and the subscribed URIs. */
    public synchronized SubscriptionFilter filter() {
        return new SubscriptionFilter(true, true, true, new ArrayList<>(uris));
    }

    /**
     * What the legacy client's GET stream receives for a message of the upstream listen stream: the change
     * notifications it asked for, without the {@code subscriptionId} and other reserved {@code _meta} keys; the
     * acknowledgement and anything else stay at the gateway. An update of a URI the session no longer subscribes to
     * (a listen being replaced) is dropped.
     */
    public synchronized Optional<JsonRpcNotification> toLegacy(JsonRpcNotification fromListen) {
        Objects.requireNonNull(fromListen, "fromListen");
        boolean wanted = switch (fromListen.method()) {
            case Methods.NOTIFICATION_TOOLS_LIST_CHANGED, Methods.NOTIFICATION_PROMPTS_LIST_CHANGED,
                    Methods.NOTIFICATION_RESOURCES_LIST_CHANGED -> true;
            case Methods.NOTIFICATION_RESOURCES_UPDATED -> uriOf(fromListen.params()).filter(uris::contains)
                    .isPresent();
            default -> false;
        };
        return wanted ? Optional.of(new JsonRpcNotification(fromListen.method(),
                EnvelopeStripper.strip(fromListen.params()))) : Optional.empty();
    }

    /** A subscription beyond the session's limit. */
    public static final class LimitReached extends Exception {

        private static final long serialVersionUID = 1L;

        LimitReached(String message) {
            super(message);
        }
    }
}
