package io.eragate.netty.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The HTTP face of the modern fixture: one endpoint, {@code POST /mcp}, no sessions; a {@code subscriptions/listen}
 * is acknowledged and then held open, idle. It answers shape errors the
 * way the TypeScript SDK does and leaves header/envelope checks to the gateway under test (it records them instead).
 */
final class ModernEndpoint implements ExchangeHandler {
    static final String PATH = "/mcp";

    private final ModernCatalog catalog;
    private final ModernTools tools;
    private final ReplyWriter replies;

    ModernEndpoint(ModernCatalog catalog, ModernTools tools, ReplyWriter replies) {
        this.catalog = catalog;
        this.tools = tools;
        this.replies = replies;
    }

    @Override
    public void handle(FixtureExchange exchange) {
        RecordedRequest request = exchange.request();
        if (!PATH.equals(exchange.path())) {
            exchange.respond(HttpResponseStatus.NOT_FOUND, "text/plain; charset=utf-8",
                    "Not Found".getBytes(StandardCharsets.UTF_8), Map.of());
            return;
        }
        if (!"POST".equals(request.httpMethod())) {
            exchange.respondJson(HttpResponseStatus.METHOD_NOT_ALLOWED,
                    JsonRpcWire.transportError(JsonRpcWire.SERVER_ERROR, "Method not allowed."),
                    Map.of("Allow", "POST"));
            return;
        }
        JsonNode message = request.json();
        if (message.isMissingNode()) {
            exchange.respondJson(HttpResponseStatus.BAD_REQUEST,
                    JsonRpcWire.error(null, JsonRpcWire.PARSE_ERROR, "Parse error", null), Map.of());
            return;
        }
        String method = request.rpcMethod();
        if (!message.isObject() || method == null) {
            exchange.respondJson(HttpResponseStatus.BAD_REQUEST,
                    JsonRpcWire.error(null, JsonRpcWire.INVALID_REQUEST, "Invalid Request", null), Map.of());
            return;
        }
        JsonNode id = request.rpcId();
        if (id.isMissingNode()) {
            exchange.respondEmpty(HttpResponseStatus.ACCEPTED, Map.of());
            return;
        }
        JsonNode params = message.path("params");
        switch (method) {
            case "server/discover" -> replies.reply(exchange, JsonRpcWire.result(id, catalog.discover()), Map.of());
            case "tools/list" -> replies.reply(exchange, JsonRpcWire.result(id, catalog.toolsList()), Map.of());
            case "tools/call" -> tools.call(exchange, id, params);
            case "subscriptions/listen" -> listen(exchange, id, params);
            default -> exchange.respondJson(HttpResponseStatus.NOT_FOUND,
                    JsonRpcWire.error(id, JsonRpcWire.METHOD_NOT_FOUND, "Method not found", null), Map.of());
        }
    }

    /**
     * {@code subscriptions/listen}: an SSE stream whose first event acknowledges the filter asked for, then held open
     * with a keep-alive comment every {@link #LISTEN_KEEP_ALIVE_MILLIS} until the client leaves (the benchmarks hold
     * thousands of these; a gateway ends an upstream stream that stays silent past its idle timeout).
     */
    private static void listen(FixtureExchange exchange, JsonNode id, JsonNode params) {
        ObjectNode acknowledged = JsonRpcWire.object();
        acknowledged.set("notifications", params.path("notifications").isObject() ? params.get("notifications")
                : JsonRpcWire.object());
        acknowledged.set("_meta", JsonRpcWire.object().set("io.modelcontextprotocol/subscriptionId", id));
        SseStream stream = exchange.openSse(Map.of(), false);
        stream.message(JsonRpcWire.notification("notifications/subscriptions/acknowledged", acknowledged));
        keepAlive(exchange, stream);
    }

    /** Keep-alive comments on a held listen stream, one every {@link #LISTEN_KEEP_ALIVE_MILLIS}. */
    static final long LISTEN_KEEP_ALIVE_MILLIS = 15_000;

    private static void keepAlive(FixtureExchange exchange, SseStream stream) {
        exchange.schedule(() -> {
            stream.comment();
            keepAlive(exchange, stream);
        }, LISTEN_KEEP_ALIVE_MILLIS);
    }
}
