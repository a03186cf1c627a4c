package io.eragate.netty.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A scripted 2025-11-25 server whose requests ask their client something mid-call, the way a legacy tool that needs
 * input does: the request's {@code name} (or {@code "ask"} when it has none) picks the plan, each round of server
 * requests is sent on the request's SSE stream, and once every answer of the last round came back the call ends with
 * one text item holding the answers, in order, joined by {@code " | "}, after one progress notification when the
 * request asked for progress.
 *
 * <p>Plans: {@code ask} (one form elicitation), {@code sample} (one sampling request), {@code roots} (roots/list),
 * {@code both} (an elicitation and a sampling request at once), {@code named} (one elicitation whose input key the
 * server names {@code user_name}), {@code twice} (two elicitation rounds), and
 * {@code url} (a -32042 URL elicitation error the first time, "visited" after that).
 */
final class AskingUpstream implements AutoCloseable {
    static final String ELICIT = "{\"jsonrpc\":\"2.0\",\"id\":\"%s\",\"method\":\"elicitation/create\",\"params\":"
            + "{\"mode\":\"form\",\"message\":\"Your name?\",\"requestedSchema\":{\"type\":\"object\",\"properties\":"
            + "{\"name\":{\"type\":\"string\"}}}}}";
    static final String SAMPLE = "{\"jsonrpc\":\"2.0\",\"id\":\"%s\",\"method\":\"sampling/createMessage\",\"params\":"
            + "{\"messages\":[{\"role\":\"user\",\"content\":{\"type\":\"text\",\"text\":\"Capital of France?\"}}],"
            + "\"maxTokens\":10}}";
    static final String NAMED = "{\"jsonrpc\":\"2.0\",\"id\":\"%s\",\"method\":\"elicitation/create\",\"params\":"
            + "{\"message\":\"Your name?\",\"requestedSchema\":{\"type\":\"object\",\"properties\":"
            + "{\"name\":{\"type\":\"string\"}}},\"_meta\":{\"io.eragate/inputKey\":\"user_name\"}}}";
    static final String ROOTS = "{\"jsonrpc\":\"2.0\",\"id\":\"%s\",\"method\":\"roots/list\",\"params\":{}}";

    private final ScriptedUpstream upstream;
    private final AtomicInteger ids = new AtomicInteger();
    private final AtomicInteger urlCalls = new AtomicInteger();
    private final Map<String, Call> byServerRequest = new LinkedHashMap<>();
    private final List<ScriptedUpstream.Exchange> open = new java.util.concurrent.CopyOnWriteArrayList<>();

    AskingUpstream() {
        upstream = ScriptedUpstream.start(new LegacyScript("2025-11-25", this::onRequest, this::onAnswer));
    }

    URI uri() {
        return upstream.uri();
    }

    List<ScriptedUpstream.Seen> requests() {
        return upstream.requests();
    }

    /** The responses the gateway posted for the upstream's own requests. */
    List<JsonNode> answers() {
        return upstream.requests().stream().filter(ScriptedUpstream.Seen::isResponse).map(ScriptedUpstream.Seen::json)
                .toList();
    }

    long count(String rpcMethod) {
        return upstream.count(rpcMethod);
    }

    private void onRequest(ScriptedUpstream.Exchange exchange) {
        JsonNode request = exchange.request().json();
        String plan = request.path("params").path("name").asText("ask");
        if ("url".equals(plan) && urlCalls.getAndIncrement() == 0) {
            exchange.json(200, "{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + ",\"error\":{\"code\":-32042,"
                    + "\"message\":\"URL elicitation required\",\"data\":{\"elicitations\":[{\"mode\":\"url\","
                    + "\"message\":\"Sign in\",\"url\":\"https://example.com/login\",\"elicitationId\":\"e-1\"}]}}}",
                    LegacyScript.SESSION_HEADER);
            return;
        }
        List<List<String>> rounds = switch (plan) {
            case "sample" -> List.of(List.of(SAMPLE));
            case "roots" -> List.of(List.of(ROOTS));
            case "named" -> List.of(List.of(NAMED));
            case "both" -> List.of(List.of(ELICIT, SAMPLE));
            case "twice" -> List.of(List.of(ELICIT), List.of(ELICIT));
            case "url" -> List.of();
            default -> List.of(List.of(ELICIT));
        };
        exchange.sseStart(LegacyScript.SESSION_HEADER);
        open.add(exchange);
        Call call = new Call(exchange, new ArrayList<>(rounds));
        synchronized (this) {
            call.nextRound();
        }
    }

    private synchronized void onAnswer(ScriptedUpstream.Seen response) {
        String id = response.json().path("id").asText();
        Call call = byServerRequest.remove(id);
        if (call != null) {
            call.answered(id, response.json());
        }
    }

    /** Drops the connection of every call still running, as a crashing server would. */
    void dropCalls() {
        open.forEach(ScriptedUpstream.Exchange::die);
    }

    @Override
    public void close() {
        upstream.close();
    }

    private final class Call {
        private final ScriptedUpstream.Exchange exchange;
        private final List<List<String>> rounds;
        private final List<String> waiting = new ArrayList<>();
        private final Map<String, String> answers = new LinkedHashMap<>();

        Call(ScriptedUpstream.Exchange exchange, List<List<String>> rounds) {
            this.exchange = exchange;
            this.rounds = rounds;
        }

        void nextRound() {
            if (rounds.isEmpty()) {
                finish();
                return;
            }
            for (String template : rounds.remove(0)) {
                String id = "srv-" + ids.incrementAndGet();
                waiting.add(id);
                answers.put(id, null);
                byServerRequest.put(id, this);
                exchange.sseEvent(template.formatted(id));
            }
        }

        void answered(String id, JsonNode response) {
            waiting.remove(id);
            answers.put(id, response.has("result") ? response.get("result").toString()
                    : "error " + response.path("error").path("code").asInt());
            if (waiting.isEmpty()) {
                nextRound();
            }
        }

        private void finish() {
            JsonNode token = exchange.request().json().path("params").path("_meta").path("progressToken");
            if (!token.isMissingNode()) {
                exchange.sseEvent("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":"
                        + "{\"progressToken\":" + token + ",\"progress\":1,\"total\":1}}");
            }
            ObjectNode result = ModernRequest.JSON.createObjectNode();
            result.putArray("content").addObject().put("type", "text")
                    .put("text", answers.isEmpty() ? "visited" : String.join(" | ", answers.values()));
            exchange.sseEvent("{\"jsonrpc\":\"2.0\",\"id\":" + exchange.request().json().get("id") + ",\"result\":"
                    + result + "}");
            exchange.sseEnd();
        }
    }
}
