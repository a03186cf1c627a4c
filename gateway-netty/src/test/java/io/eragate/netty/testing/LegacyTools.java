package io.eragate.netty.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/** The {@code tools/call} behaviours of the legacy fixture, chosen by tool name. */
final class LegacyTools {
    private final ReplyWriter replies;
    private final String loggerName;
    private final AtomicInteger counter = new AtomicInteger();

    LegacyTools(ReplyWriter replies, String loggerName) {
        this.replies = replies;
        this.loggerName = loggerName;
    }

    int counterValue() {
        return counter.get();
    }

    void call(FixtureExchange exchange, LegacySession session, JsonNode id, JsonNode params) {
        Map<String, String> headers = LegacyEndpoint.sessionHeader(session);
        String name = params.path("name").asText("");
        JsonNode arguments = params.path("arguments");
        switch (name) {
            case "echo" -> replies.reply(exchange, JsonRpcWire.result(id,
                    JsonRpcWire.textContent("Echo: " + arguments.path("message").asText(""))), headers);
            case "add" -> add(exchange, id, arguments, headers);
            case "counter" -> replies.reply(exchange, JsonRpcWire.result(id,
                    JsonRpcWire.textContent(Integer.toString(counter.incrementAndGet()))), headers);
            case "slow" -> slow(exchange, session, id, params, headers);
            case "blob", "burst" -> bulk(exchange, id, params, name, headers);
            case "hang" -> session.trackRunning(id, exchange);
            case "announce-change" -> announceChange(exchange, id, headers);
            default -> replies.reply(exchange,
                    JsonRpcWire.error(id, JsonRpcWire.INVALID_PARAMS, "Unknown tool: " + name, null), headers);
        }
    }

    private void add(FixtureExchange exchange, JsonNode id, JsonNode arguments, Map<String, String> headers) {
        JsonNode a = arguments.path("a");
        JsonNode b = arguments.path("b");
        if (!a.isNumber() || !b.isNumber()) {
            replies.reply(exchange, JsonRpcWire.error(id, JsonRpcWire.INVALID_PARAMS,
                    "add needs numbers a and b", null), headers);
            return;
        }
        BigDecimal sum = a.decimalValue().add(b.decimalValue());
        replies.reply(exchange, JsonRpcWire.result(id, JsonRpcWire.textContent("The sum of " + a + " and " + b
                + " is " + sum.stripTrailingZeros().toPlainString() + ".")), headers);
    }

    /**
     * SSE mode: {@code notifications/tools/list_changed} on the request's own stream, as servers that change their
     * tools during a call send it, then the result. JSON mode: the result alone.
     */
    private void announceChange(FixtureExchange exchange, JsonNode id, Map<String, String> headers) {
        JsonNode result = JsonRpcWire.result(id, JsonRpcWire.textContent("tools changed"));
        if (replies.mode() == ResponseMode.JSON) {
            replies.reply(exchange, result, headers);
            return;
        }
        SseStream stream = replies.stream(exchange, headers);
        stream.message(JsonRpcWire.notification("notifications/tools/list_changed", JsonRpcWire.object()));
        stream.message(result);
        stream.end();
    }

    /**
     * SSE mode: per step a progress notification (if the request carries a progressToken) and info/debug log lines
     * (if the session's log level lets them through), then the result. JSON mode: the result alone after {@code ms}.
     */
    private void slow(FixtureExchange exchange, LegacySession session, JsonNode id, JsonNode params,
                      Map<String, String> headers) {
        Optional<SlowPlan> plan = SlowPlan.from(params.path("arguments"));
        if (plan.isEmpty()) {
            replies.reply(exchange, JsonRpcWire.error(id, JsonRpcWire.INVALID_PARAMS,
                    "slow needs integer arguments ms (0.." + SlowPlan.MAX_MILLIS + ") and steps (0.."
                            + SlowPlan.MAX_STEPS + ")", null), headers);
            return;
        }
        session.trackRunning(id, exchange);
        int steps = plan.get().steps();
        JsonNode result = JsonRpcWire.result(id, JsonRpcWire.textContent(
                "Slow done after " + plan.get().millis() + " ms in " + steps + " steps"));
        if (replies.mode() == ResponseMode.JSON) {
            plan.get().run(exchange, step -> { }, () -> replies.reply(exchange, result, headers));
            return;
        }
        SseStream stream = replies.stream(exchange, headers);
        JsonNode token = JsonRpcWire.progressToken(params);
        plan.get().run(exchange,
                step -> {
                    if (!token.isMissingNode()) {
                        stream.message(JsonRpcWire.progress(token, step, steps));
                    }
                    logLine(stream, session, "info", "slow step " + step + " of " + steps);
                    logLine(stream, session, "debug", "slow step " + step + " details");
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
    private void bulk(FixtureExchange exchange, JsonNode id, JsonNode params, String name,
                      Map<String, String> headers) {
        Optional<BulkPlan> plan = BulkPlan.from(params.path("arguments"));
        if (plan.isEmpty()) {
            replies.reply(exchange, JsonRpcWire.error(id, JsonRpcWire.INVALID_PARAMS, BulkPlan.usage(), null),
                    headers);
            return;
        }
        JsonNode result = JsonRpcWire.result(id, JsonRpcWire.textContent(plan.get().text()));
        if ("blob".equals(name)) {
            replies.reply(exchange, result, headers);
            return;
        }
        SseStream stream = replies.stream(exchange, headers);
        JsonNode token = JsonRpcWire.progressToken(params);
        int events = plan.get().events();
        for (int step = 1; step <= events; step++) {
            stream.message(JsonRpcWire.progress(token.isMissingNode() ? id : token, step, events));
        }
        stream.message(result);
        stream.end();
    }

    private void logLine(SseStream stream, LegacySession session, String level, String text) {
        if (session.logs(level)) {
            ObjectNode params = JsonRpcWire.object().put("level", level).put("logger", loggerName).put("data", text);
            stream.message(JsonRpcWire.notification("notifications/message", params));
        }
    }
}
