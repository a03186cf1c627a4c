package io.eragate.netty.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/** JSON-RPC requests inside an established legacy session, answered in-band like the TypeScript SDK does. */
final class LegacyMethods {
    private final LegacyCatalog catalog;
    private final LegacyTools tools;
    private final ReplyWriter replies;

    LegacyMethods(LegacyCatalog catalog, LegacyTools tools, ReplyWriter replies) {
        this.catalog = catalog;
        this.tools = tools;
        this.replies = replies;
    }

    void dispatch(FixtureExchange exchange, LegacySession session, String method, JsonNode id, JsonNode params) {
        Map<String, String> headers = LegacyEndpoint.sessionHeader(session);
        JsonNode answer = switch (method) {
            case "ping" -> JsonRpcWire.result(id, JsonRpcWire.object());
            case "logging/setLevel" -> setLevel(session, id, params);
            case "tools/list" -> JsonRpcWire.result(id, catalog.toolsList());
            case "tools/call" -> null;
            case "resources/list" -> JsonRpcWire.result(id, catalog.resourcesList());
            case "resources/read" -> readResource(id, params);
            case "resources/subscribe" -> subscription(session, id, params, true);
            case "resources/unsubscribe" -> subscription(session, id, params, false);
            case "prompts/list" -> JsonRpcWire.result(id, catalog.promptsList());
            case "prompts/get" -> catalog.getPrompt(params.path("name").asText(""), params.path("arguments"))
                    .<JsonNode>map(result -> JsonRpcWire.result(id, result))
                    .orElseGet(() -> JsonRpcWire.error(id, JsonRpcWire.INVALID_PARAMS,
                            "Unknown prompt: " + params.path("name").asText(""), null));
            default -> JsonRpcWire.error(id, JsonRpcWire.METHOD_NOT_FOUND, "Method not found", null);
        };
        if (answer == null) {
            tools.call(exchange, session, id, params);
        } else {
            replies.reply(exchange, answer, headers);
        }
    }

    private static JsonNode setLevel(LegacySession session, JsonNode id, JsonNode params) {
        String level = params.path("level").asText("");
        if (!LegacySession.LOG_LEVELS.contains(level)) {
            return JsonRpcWire.error(id, JsonRpcWire.INVALID_PARAMS, "Invalid log level: " + level, null);
        }
        session.setLogLevel(level);
        return JsonRpcWire.result(id, JsonRpcWire.object());
    }

    private JsonNode readResource(JsonNode id, JsonNode params) {
        String uri = params.path("uri").asText("");
        return catalog.readResource(uri)
                .<JsonNode>map(result -> JsonRpcWire.result(id, result))
                .orElseGet(() -> JsonRpcWire.error(id, JsonRpcWire.RESOURCE_NOT_FOUND, "Resource not found",
                        JsonRpcWire.object().put("uri", uri)));
    }

    private static JsonNode subscription(LegacySession session, JsonNode id, JsonNode params, boolean subscribe) {
        String uri = params.path("uri").asText("");
        if (subscribe) {
            session.subscriptions().add(uri);
        } else {
            session.subscriptions().remove(uri);
        }
        return JsonRpcWire.result(id, JsonRpcWire.object());
    }
}
