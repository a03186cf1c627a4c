package io.eragate.netty.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.bridge.LogFilter;
import io.eragate.core.bridge.ModernRequestTranslator;
import io.eragate.core.bridge.UpstreamExchange;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.mcp.MetaKeys;
import io.eragate.core.mcp.Methods;
import java.util.Optional;

/**
 * Which notifications an upstream session sends on a bridged request's answer reach that request's client: its own
 * progress, with the client's token put back, and log messages at the level the request asked for. Everything else
 * (progress of the session's other requests, which have clients of their own, list changes) stays with the session.
 */
final class RequestNotifications {
    private RequestNotifications() {
    }

    /**
     * What {@code notification} becomes on the stream of {@code request}, sent upstream as {@code exchange}; empty
     * when it is not this client's. {@code request} is the one attached now: after an input round, the retry's, whose
     * token the client expects.
     */
    static Optional<JsonRpcNotification> forClient(JsonRpcNotification notification, JsonRpcRequest request,
            UpstreamExchange exchange, LogFilter logFilter) {
        ObjectNode params = notification.params();
        if (params == null) {
            return Optional.empty();
        }
        if (Methods.NOTIFICATION_PROGRESS.equals(notification.method())) {
            JsonNode token = ModernRequestTranslator.clientProgressToken(request);
            if (token == null || !isOwnProgress(params, exchange)) {
                return Optional.empty();
            }
            ObjectNode restored = params.deepCopy();
            restored.set(MetaKeys.PROGRESS_TOKEN, token.deepCopy());
            return Optional.of(new JsonRpcNotification(notification.method(), restored));
        }
        if (Methods.NOTIFICATION_MESSAGE.equals(notification.method()) && logFilter.accepts(params)) {
            return Optional.of(notification);
        }
        return Optional.empty();
    }

    private static boolean isOwnProgress(ObjectNode params, UpstreamExchange exchange) {
        JsonNode token = params.get(MetaKeys.PROGRESS_TOKEN);
        return exchange.upstreamProgressToken() != null && exchange.upstreamProgressToken().equals(token);
    }
}
