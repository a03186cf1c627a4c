package io.eragate.core.listen;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.bridge.EnvelopeStripper;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.mcp.MetaKeys;
import io.eragate.core.mcp.Methods;
import java.util.Objects;

/** The messages a {@code subscriptions/listen} stream carries to a 2026-07-28 client. */
public final class ListenMessages {

    /**
     * The {@code _meta} key of an acknowledgement whose notifications can only be delivered on a best-effort basis
     * (the upstream refused its GET stream, so only notifications that arrive on request streams get through).
     * Eragate's own prefix: MCP reserves only prefixes whose second label is {@code modelcontextprotocol} or
     * {@code mcp}.
     */
    public static final String DELIVERY_META_KEY = "io.eragate/delivery";

    private ListenMessages() {
    }

    /**
     * The {@code notifications/subscriptions/acknowledged} that must open the stream.
     *
     * @param subscriptionId the listen request's id
     * @param honoured what the gateway will deliver
     * @param bestEffort whether delivery is best effort (see {@link #DELIVERY_META_KEY})
     */
    public static JsonRpcNotification acknowledged(JsonRpcId subscriptionId, SubscriptionFilter honoured,
            boolean bestEffort) {
        Objects.requireNonNull(subscriptionId, "subscriptionId");
        Objects.requireNonNull(honoured, "honoured");
        ObjectNode params = JsonNodeFactory.instance.objectNode();
        params.set("notifications", honoured.toJson());
        ObjectNode meta = params.putObject(MetaKeys.META);
        meta.set(MetaKeys.SUBSCRIPTION_ID, subscriptionId.node().deepCopy());
        if (bestEffort) {
            meta.put(DELIVERY_META_KEY, "best-effort");
        }
        return new JsonRpcNotification(Methods.NOTIFICATION_SUBSCRIPTIONS_ACKNOWLEDGED, params);
    }

    /**
     * A legacy change notification as a listener receives it: the same method and params, without {@code _meta} keys
     * under a reserved MCP prefix, and with {@code _meta["io.modelcontextprotocol/subscriptionId"]}.
     */
    public static JsonRpcNotification tagged(JsonRpcNotification upstream, JsonRpcId subscriptionId) {
        Objects.requireNonNull(upstream, "upstream");
        Objects.requireNonNull(subscriptionId, "subscriptionId");
        ObjectNode params = upstream.params() == null ? JsonNodeFactory.instance.objectNode()
                : EnvelopeStripper.strip(upstream.params());
        ObjectNode meta = params.get(MetaKeys.META) instanceof ObjectNode existing ? existing
                : params.putObject(MetaKeys.META);
        meta.set(MetaKeys.SUBSCRIPTION_ID, subscriptionId.node().deepCopy());
        return new JsonRpcNotification(upstream.method(), params);
    }

    /**
     * The response that ends a subscription gracefully (on shutdown): {@code {resultType:"complete",
     * _meta:{subscriptionId}}} answering the listen request.
     */
    public static JsonRpcResponse finalResult(JsonRpcId subscriptionId) {
        Objects.requireNonNull(subscriptionId, "subscriptionId");
        ObjectNode result = JsonNodeFactory.instance.objectNode();
        result.put("resultType", "complete");
        result.putObject(MetaKeys.META).set(MetaKeys.SUBSCRIPTION_ID, subscriptionId.node().deepCopy());
        return JsonRpcResponse.success(subscriptionId, result);
    }
}
