package io.eragate.core.listen;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The notifications a {@code subscriptions/listen} request asks for (the 2026-07-28 {@code SubscriptionFilter}).
 *
 * @param toolsListChanged {@code notifications/tools/list_changed}
 * @param promptsListChanged {@code notifications/prompts/list_changed}
 * @param resourcesListChanged {@code notifications/resources/list_changed}
 * @param resourceSubscriptions URIs whose {@code notifications/resources/updated} are wanted, without duplicates
 */
public record SubscriptionFilter(boolean toolsListChanged, boolean promptsListChanged, boolean resourcesListChanged,
        List<String> resourceSubscriptions) {

    /** A filter that asks for nothing. */
    public static final SubscriptionFilter NONE = new SubscriptionFilter(false, false, false, List.of());

    private static final String NOTIFICATIONS = "notifications";
    private static final String TOOLS_LIST_CHANGED = "toolsListChanged";
    private static final String PROMPTS_LIST_CHANGED = "promptsListChanged";
    private static final String RESOURCES_LIST_CHANGED = "resourcesListChanged";
    private static final String RESOURCE_SUBSCRIPTIONS = "resourceSubscriptions";

    public SubscriptionFilter {
        resourceSubscriptions = List.copyOf(new LinkedHashSet<>(resourceSubscriptions));
    }

    /**
     * Reads {@code params.notifications} of a {@code subscriptions/listen} request. The member is required; inside
     * it, each known field is optional (absent means not wanted) but must have its type: booleans, and an array of
     * non-empty strings. Unknown fields are ignored.
     *
     * @param listenParams the request's params, or {@code null}
     * @param maxResourceSubscriptions the most URIs one listener may ask for
     */
    public static Parsed parse(JsonNode listenParams, int maxResourceSubscriptions) {
        JsonNode notifications = listenParams == null ? null : listenParams.get(NOTIFICATIONS);
        if (notifications == null || !notifications.isObject()) {
            return new Parsed.Invalid("params.notifications is required and must be an object");
        }
        for (String field : List.of(TOOLS_LIST_CHANGED, PROMPTS_LIST_CHANGED, RESOURCES_LIST_CHANGED)) {
            JsonNode value = notifications.get(field);
            if (value != null && !value.isBoolean()) {
                return new Parsed.Invalid("params.notifications." + field + " must be a boolean");
            }
        }
        JsonNode uris = notifications.get(RESOURCE_SUBSCRIPTIONS);
        List<String> subscriptions = new ArrayList<>();
        if (uris != null) {
            if (!uris.isArray()) {
                return new Parsed.Invalid("params.notifications." + RESOURCE_SUBSCRIPTIONS
                        + " must be an array of URIs");
            }
            if (uris.size() > maxResourceSubscriptions) {
                return new Parsed.Invalid("params.notifications." + RESOURCE_SUBSCRIPTIONS + " lists " + uris.size()
                        + " URIs; the limit is " + maxResourceSubscriptions);
            }
            for (JsonNode uri : uris) {
                if (!uri.isTextual() || uri.textValue().isEmpty()) {
                    return new Parsed.Invalid("params.notifications." + RESOURCE_SUBSCRIPTIONS
                            + " must hold only non-empty strings");
                }
                subscriptions.add(uri.textValue());
            }
        }
        return new Parsed.Ok(new SubscriptionFilter(notifications.path(TOOLS_LIST_CHANGED).booleanValue(),
                notifications.path(PROMPTS_LIST_CHANGED).booleanValue(),
                notifications.path(RESOURCES_LIST_CHANGED).booleanValue(), subscriptions));
    }

    /**
     * The part of this filter a legacy upstream with {@code serverCapabilities} can honour: each list_changed flag
     * needs the matching {@code listChanged: true}, resource URIs need {@code resources.subscribe: true}.
     */
    public SubscriptionFilter intersect(ObjectNode serverCapabilities) {
        Objects.requireNonNull(serverCapabilities, "serverCapabilities");
        boolean subscribe = isTrue(serverCapabilities, "resources", "subscribe");
        return new SubscriptionFilter(
                toolsListChanged && isTrue(serverCapabilities, "tools", "listChanged"),
                promptsListChanged && isTrue(serverCapabilities, "prompts", "listChanged"),
                resourcesListChanged && isTrue(serverCapabilities, "resources", "listChanged"),
                subscribe ? resourceSubscriptions : List.of());
    }

    /** This filter without the URIs in {@code uris}, for subscriptions the upstream refused. */
    public SubscriptionFilter without(Collection<String> uris) {
        Objects.requireNonNull(uris, "uris");
        List<String> kept = new ArrayList<>(resourceSubscriptions);
        kept.removeAll(Set.copyOf(uris));
        return new SubscriptionFilter(toolsListChanged, promptsListChanged, resourcesListChanged, kept);
    }

    /** Whether the filter asks for nothing. */
    public boolean isEmpty() {
        return !toolsListChanged && !promptsListChanged && !resourcesListChanged && resourceSubscriptions.isEmpty();
    }

    /** The JSON form, listing only what is asked for (an omitted field means not subscribed). */
    public ObjectNode toJson() {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        if (toolsListChanged) {
            json.put(TOOLS_LIST_CHANGED, true);
        }
        if (promptsListChanged) {
            json.put(PROMPTS_LIST_CHANGED, true);
        }
        if (resourcesListChanged) {
            json.put(RESOURCES_LIST_CHANGED, true);
        }
        if (!resourceSubscriptions.isEmpty()) {
            ArrayNode uris = json.putArray(RESOURCE_SUBSCRIPTIONS);
            resourceSubscriptions.forEach(uris::add);
        }
        return json;
    }

    private static boolean isTrue(JsonNode capabilities, String capability, String flag) {
        JsonNode value = capabilities.path(capability).path(flag);
        return value.isBoolean() && value.booleanValue();
    }

    /** The outcome of {@link #parse}. */
    public sealed interface Parsed permits Parsed.Ok, Parsed.Invalid {

        /**
         * A well-formed filter.
         *
         * @param filter what the client asked for
         */
        record Ok(SubscriptionFilter filter) implements Parsed {

            public Ok {
                Objects.requireNonNull(filter, "filter");
            }
        }

        /**
         * A malformed listen request, to answer with HTTP 400 and -32602.
         *
         * @param reason which field is wrong and why
         */
        record Invalid(String reason) implements Parsed {

            public Invalid {
                Objects.requireNonNull(reason, "reason");
            }
        }
    }
}
