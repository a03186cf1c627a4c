package io.eragate.netty.testing;

import com.fasterxml.jackson.databind.JsonNode;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/** The canned {@code tools/call} behaviours of the modern fixture, chosen by tool name. */
final class ModernTools {
    static final String HTML_ERROR_PAGE =
            "<html><head><title>500 Internal Server Error</title></head>"
            + "<body><h1>Internal Server Error</h1><p>The upstream broke.</p></body></html>";
    static final String EXCEPTION_BODY = "{\"timestamp\":\"2026-07-28T12:00:00.000+00:00\",\"status\":400,"
            + "\"error\":\"Bad Request\",\"exception\":\"java.lang.IllegalArgumentException\","
            + "\"message\":\"Unexpected token at line 1\",\"trace\":\"java.lang.IllegalArgumentException: "
            + "Unexpected token at line 1\\n\\tat com.example.mcp.ToolController.call(ToolController.java:42)\\n\","
            + "\"path\":\"/mcp\"}";

    private final ModernCatalog catalog;
    private final ReplyWriter replies;

    ModernTools(ModernCatalog catalog, ReplyWriter replies) {
        this.catalog = catalog;
        this.replies = replies;
    }

    void call(FixtureExchange exchange, JsonNode id, JsonNode params) {
        String name = params.path("name").asText("");
        JsonNode arguments = params.path("arguments");
        switch (name) {
            case "echo" -> replies.reply(exchange, JsonRpcWire.result(id, catalog.complete(
                    JsonRpcWire.textContent("Echo: " + arguments.path("message").asText("")))), Map.of());
            case "slow" -> slow(exchange, id, params, arguments);
            case "blob", "burst" -> bulk(exchange, id, params, name);
            case "hang" -> {
                // Deliberately no answer: the recorded request's closedByClient() tells when the client gives up.
            }
            case "die_mid_stream" -> dieMidStream(exchange, id, params);
            case "html_error" -> exchange.respond(HttpResponseStatus.INTERNAL_SERVER_ERROR, "text/html; charset=utf-8",
                    HTML_ERROR_PAGE.getBytes(StandardCharsets.UTF_8), Map.of());
            case "exception_body" -> exchange.respond(HttpResponseStatus.BAD_REQUEST, "application/json",
                    EXCEPTION_BODY.getBytes(StandardCharsets.UTF_8), Map.of());
            default -> replies.reply(exchange,
                    JsonRpcWire.error(id, JsonRpcWire.INVALID_PARAMS, "Unknown tool: " + name, null), Map.of());
        }
    }

    /**
     * SSE mode: progress notifications (only if the request carries a progressToken) then the result, on one stream.
     * JSON mode cannot carry notifications, so the result alone arrives after the same delay.
     */
    private void slow(FixtureExchange exchange, JsonNode id, JsonNode params, JsonNode arguments) {
        Optional<SlowPlan> plan = SlowPlan.from(arguments);
        if (plan.isEmpty()) {
            replies.reply(exchange, JsonRpcWire.error(id, JsonRpcWire.INVALID_PARAMS,
                    "slow needs integer arguments ms (0.." + SlowPlan.MAX_MILLIS + ") and steps (0.."
                            + SlowPlan.MAX_STEPS + ")", null), Map.of());
            return;
        }
        JsonNode result = JsonRpcWire.result(id, catalog.complete(JsonRpcWire.textContent(
                "Slow done after " + plan.get().millis() + " ms in " + plan.get().steps() + " steps")));
        if (replies.mode() == ResponseMode.JSON) {
            plan.get().run(exchange, step -> { }, () -> replies.reply(exchange, result, Map.of()));
            return;
        }
        SseStream stream = replies.stream(exchange, Map.of());
        JsonNode token = JsonRpcWire.progressToken(params);
        plan.get().run(exchange,
                step -> {
                    if (!token.isMissingNode()) {
                        stream.message(JsonRpcWire.progress(token, step, plan.get().steps()));
                    }
                },
                () -> {
                    stream.message(result);
                    stream.end();
                });
    }

    /**
     * The benchmark's large answers: {@code blob} answers in the fixture's mode with a result of {@code bytes}
     * characters; {@code burst} always streams {@code events} progress notifications (for the request's
     * progressToken, else its id) and then that result.
     */
    private void bulk(FixtureExchange exchange, JsonNode id, JsonNode params, String name) {
        Optional<BulkPlan> plan = BulkPlan.from(params.path("arguments"));
        if (plan.isEmpty()) {
            replies.reply(exchange, JsonRpcWire.error(id, JsonRpcWire.INVALID_PARAMS, BulkPlan.usage(), null),
                    Map.of());
            return;
        }
        JsonNode result = JsonRpcWire.result(id, catalog.complete(JsonRpcWire.textContent(plan.get().text())));
        if ("blob".equals(name)) {
            replies.reply(exchange, result, Map.of());
            return;
        }
        SseStream stream = replies.stream(exchange, Map.of());
        JsonNode token = JsonRpcWire.progressToken(params);
        int events = plan.get().events();
        for (int step = 1; step <= events; step++) {
            stream.message(JsonRpcWire.progress(token.isMissingNode() ? id : token, step, events));
        }
        stream.message(result);
        stream.end();
    }

    /** Always SSE: headers, one progress event, then the connection drops without the terminating chunk. */
    private void dieMidStream(FixtureExchange exchange, JsonNode id, JsonNode params) {
        JsonNode token = JsonRpcWire.progressToken(params);
        SseStream stream = replies.stream(exchange, Map.of());
        stream.message(JsonRpcWire.progress(token.isMissingNode() ? id : token, 1, 2))
                .addListener(written -> exchange.abort());
    }
}
