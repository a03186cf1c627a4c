package io.eragate.core.route;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.listen.ListenMessages;
import io.eragate.core.listen.SubscriptionFilter;
import io.eragate.core.mcp.MetaKeys;
import io.eragate.core.mcp.Methods;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One {@code subscriptions/listen} of a federated route, served as one listen per upstream: what the client's single
 * stream carries. The acknowledgement promises what at least one upstream acknowledged (a list change or a resource
 * update from any of them reaches the client) and names the upstreams left out; each notification keeps its method
 * and params (resource URIs are never rewritten, as in merged lists), gets the client's subscription id and the name
 * of the upstream it came from; an upstream whose stream ends later is reported on the stream as a change of the
 * merged lists it took part in, never by ending the client's stream.
 */
public final class ListenMerge {

    /** The {@code _meta} key naming the upstream a relayed notification came from. */
    public static final String UPSTREAM_META = "io.eragate/upstream";

    private ListenMerge() {
    }

    /**
     * One upstream's acknowledgement of its leg.
     *
     * @param upstream the upstream
     * @param honoured what it acknowledged
     * @param bestEffort whether its delivery is best effort
     */
    public record LegAck(String upstream, SubscriptionFilter honoured, boolean bestEffort) {
        public LegAck {
            Objects.requireNonNull(upstream, "upstream");
            Objects.requireNonNull(honoured, "honoured");
        }

        /** Reads a leg's {@code notifications/subscriptions/acknowledged} params; empty when they are malformed. */
        public static Optional<LegAck> of(String upstream, JsonNode params) {
            SubscriptionFilter.Parsed parsed = SubscriptionFilter.parse(params, Integer.MAX_VALUE);
            if (!(parsed instanceof SubscriptionFilter.Parsed.Ok ok)) {
                return Optional.empty();
            }
            boolean bestEffort = params.path(MetaKeys.META).path(ListenMessages.DELIVERY_META_KEY).isTextual();
            return Optional.of(new LegAck(upstream, ok.filter(), bestEffort));
        }
    }

    /**
     * The acknowledgement the client gets: the union of what the legs acknowledged (never more than it asked for,
     * since each leg asked for exactly that), best effort when any leg is, and every upstream left out named in
     * {@code _meta["io.eragate/unavailable"]}.
     */
    public static JsonRpcNotification acknowledgement(JsonRpcId subscriptionId, List<LegAck> acks,
            List<UpstreamAnswer.Unavailable> missing) {
        Objects.requireNonNull(subscriptionId, "subscriptionId");
        boolean tools = false;
        boolean prompts = false;
        boolean resources = false;
        boolean bestEffort = false;
        List<String> uris = new ArrayList<>();
        for (LegAck ack : acks) {
            tools |= ack.honoured().toolsListChanged();
            prompts |= ack.honoured().promptsListChanged();
            resources |= ack.honoured().resourcesListChanged();
            uris.addAll(ack.honoured().resourceSubscriptions());
            bestEffort |= ack.bestEffort();
        }
        JsonRpcNotification ack = ListenMessages.acknowledged(subscriptionId,
                new SubscriptionFilter(tools, prompts, resources, uris), bestEffort);
        nameMissing(ack.params(), missing);
        return ack;
    }

    /** A leg's notification as the client gets it: tagged with the client's subscription id and its upstream. */
    public static JsonRpcNotification relayed(JsonRpcNotification fromLeg, String upstream,
            JsonRpcId subscriptionId) {
        Objects.requireNonNull(upstream, "upstream");
        JsonRpcNotification tagged = ListenMessages.tagged(fromLeg, subscriptionId);
        ((ObjectNode) tagged.params().get(MetaKeys.META)).put(UPSTREAM_META, upstream);
        return tagged;
    }

    /**
     * How the client learns that {@code lost} left the federation's stream: its names are gone from the merged lists,
     * so one {@code list_changed} per list kind its leg had acknowledged, naming it in
     * {@code _meta["io.eragate/unavailable"]}. Empty when its leg carried only resource updates (nothing of the
     * merged lists changed; the gateway's log names it).
     */
    public static List<JsonRpcNotification> lost(LegAck leg, UpstreamAnswer.Unavailable lost,
            JsonRpcId subscriptionId) {
        Objects.requireNonNull(leg, "leg");
        Objects.requireNonNull(lost, "lost");
        List<JsonRpcNotification> changes = new ArrayList<>(3);
        SubscriptionFilter honoured = leg.honoured();
        if (honoured.toolsListChanged()) {
            changes.add(lostChange(Methods.NOTIFICATION_TOOLS_LIST_CHANGED, lost, subscriptionId));
        }
        if (honoured.promptsListChanged()) {
            changes.add(lostChange(Methods.NOTIFICATION_PROMPTS_LIST_CHANGED, lost, subscriptionId));
        }
        if (honoured.resourcesListChanged()) {
            changes.add(lostChange(Methods.NOTIFICATION_RESOURCES_LIST_CHANGED, lost, subscriptionId));
        }
        return changes;
    }

    /**
     * How the client learns that a lost upstream is back (its leg was reopened and acknowledged as {@code leg}): its
     * names are in the merged lists again, and they may have changed while it was away, so one {@code list_changed}
     * per list kind the new leg acknowledged, tagged with the client's subscription id and the upstream.
     */
    public static List<JsonRpcNotification> returned(LegAck leg, JsonRpcId subscriptionId) {
        Objects.requireNonNull(leg, "leg");
        List<JsonRpcNotification> changes = new ArrayList<>(3);
        SubscriptionFilter honoured = leg.honoured();
        if (honoured.toolsListChanged()) {
            changes.add(relayed(new JsonRpcNotification(Methods.NOTIFICATION_TOOLS_LIST_CHANGED, null),
                    leg.upstream(), subscriptionId));
        }
        if (honoured.promptsListChanged()) {
            changes.add(relayed(new JsonRpcNotification(Methods.NOTIFICATION_PROMPTS_LIST_CHANGED, null),
                    leg.upstream(), subscriptionId));
        }
        if (honoured.resourcesListChanged()) {
            changes.add(relayed(new JsonRpcNotification(Methods.NOTIFICATION_RESOURCES_LIST_CHANGED, null),
                    leg.upstream(), subscriptionId));
        }
        return changes;
    }

    private static JsonRpcNotification lostChange(String method, UpstreamAnswer.Unavailable lost,
            JsonRpcId subscriptionId) {
        JsonRpcNotification change = ListenMessages.tagged(new JsonRpcNotification(method, null), subscriptionId);
        nameMissing(change.params(), List.of(lost));
        return change;
    }

    private static void nameMissing(JsonNode params, List<UpstreamAnswer.Unavailable> missing) {
        if (missing.isEmpty()) {
            return;
        }
        ObjectNode meta = ((ObjectNode) params).withObject(MetaKeys.META);
        ArrayNode names = meta.putArray(ListMerge.UNAVAILABLE_META);
        for (UpstreamAnswer.Unavailable unavailable : missing) {
            names.add(JsonNodeFactory.instance.objectNode().put("upstream", unavailable.upstream())
                    .put("reason", unavailable.reason().wireName()));
        }
    }
}
