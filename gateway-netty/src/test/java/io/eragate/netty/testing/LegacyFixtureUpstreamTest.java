package io.eragate.netty.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The legacy fixture over a real socket, driven by the JDK HTTP client: session rules and every canned behaviour. */
class LegacyFixtureUpstreamTest {
    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"%s\",\"capabilities\":{},\"clientInfo\":{\"name\":\"test\",\"version\":\"0\"}}}";

    private final LoopbackHttp http = new LoopbackHttp();

    private static String request(int id, String method, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}";
    }

    private static String toolCall(int id, String tool, String arguments, String progressToken) {
        String meta = progressToken == null ? "" : ",\"_meta\":{\"progressToken\":\"" + progressToken + "\"}";
        return request(id, "tools/call", "{\"name\":\"" + tool + "\",\"arguments\":" + arguments + meta + "}");
    }

    private static Map<String, String> sessionHeaders(String sessionId) {
        return Map.of("Mcp-Session-Id", sessionId, "MCP-Protocol-Version", "2025-11-25");
    }

    private static JsonNode json(HttpResponse<String> response) {
        return JsonRpcWire.parse(response.body().getBytes(StandardCharsets.UTF_8));
    }

    /** The one JSON-RPC message of an SSE answer (the priming event carries none). */
    private static JsonNode onlyMessage(HttpResponse<String> response) {
        List<JsonNode> messages = SseTranscript.parse(response.body()).messages();
        assertThat(messages).as("messages in %s", response.body()).hasSize(1);
        return messages.get(0);
    }

    private String initialize(LegacyFixtureUpstream upstream) {
        HttpResponse<String> response = http.post(upstream.uri(), INITIALIZE.formatted("2025-11-25"));
        assertThat(response.statusCode()).isEqualTo(200);
        return response.headers().firstValue("mcp-session-id").orElseThrow();
    }

    private HttpResponse<String> inSession(LegacyFixtureUpstream upstream, String sessionId, String json) {
        return http.post(upstream.uri(), json, sessionHeaders(sessionId));
    }

    @Test
    void initializeOpensASessionAndAnswersAfterAPrimingEvent() {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            HttpResponse<String> response = http.post(upstream.uri(), INITIALIZE.formatted("2025-06-18"));

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("content-type")).hasValue("text/event-stream");
            assertThat(response.headers().firstValue("mcp-session-id")).hasValueSatisfying(
                    id -> assertThat(id).matches("[0-9a-f-]{36}"));
            List<SseTranscript.Event> events = SseTranscript.parse(response.body()).events();
            assertThat(events).hasSize(2);
            assertThat(events.get(0).id()).as("priming event id").isNotBlank();
            assertThat(events.get(0).data()).as("priming event data").isEmpty();
            assertThat(events.get(0).name()).isNull();
            assertThat(events.get(1).name()).isEqualTo("message");
            assertThat(events.get(1).id()).isNotBlank();
            JsonNode result = events.get(1).json().path("result");
            assertThat(result.path("protocolVersion").asText()).isEqualTo("2025-06-18");
            assertThat(result.path("serverInfo").path("name").asText()).isEqualTo("legacy-fixture");
            assertThat(result.path("serverInfo").path("version").asText()).isEqualTo("1.0");
            assertThat(result.path("capabilities").path("resources").path("subscribe").asBoolean()).isTrue();
            assertThat(result.path("capabilities").has("tools")).isTrue();
            assertThat(result.path("capabilities").has("logging")).isTrue();
            assertThat(result.path("capabilities").has("prompts")).isTrue();
            assertThat(result.has("resultType")).as("legacy results carry no resultType").isFalse();
            assertThat(upstream.initializeCount()).isEqualTo(1);
            assertThat(upstream.sessionCount()).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @CsvSource({"2026-07-28, 2025-11-25", "1999-01-01, 2025-11-25", "2025-03-26, 2025-03-26", "2024-11-05, 2024-11-05"})
    void initializeNegotiatesTheRequestedVersionOnlyWhenItIsALegacyOne(String requested, String negotiated) {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            JsonNode message = onlyMessage(http.post(upstream.uri(), INITIALIZE.formatted(requested)));

            assertThat(message.path("result").path("protocolVersion").asText()).isEqualTo(negotiated);
        }
    }

    @Test
    void jsonModeAnswersWithOneJsonBody() {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.builder().responseMode(ResponseMode.JSON).start()) {
            HttpResponse<String> init = http.post(upstream.uri(), INITIALIZE.formatted("2025-11-25"));
            String session = init.headers().firstValue("mcp-session-id").orElseThrow();
            HttpResponse<String> echo = inSession(upstream, session, toolCall(2, "echo", "{\"message\":\"j\"}", null));

            assertThat(init.headers().firstValue("content-type")).hasValue("application/json");
            assertThat(json(init).path("result").path("protocolVersion").asText()).isEqualTo("2025-11-25");
            assertThat(echo.headers().firstValue("content-type")).hasValue("application/json");
            assertThat(echo.headers().firstValue("mcp-session-id")).hasValue(session);
            assertThat(json(echo).path("result").path("content").get(0).path("text").asText()).isEqualTo("Echo: j");
        }
    }

    @Test
    void initializedNotificationIsAccepted() {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            String session = initialize(upstream);
            HttpResponse<String> response = inSession(upstream, session,
                    "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");

            assertThat(response.statusCode()).isEqualTo(202);
            assertThat(response.body()).isEmpty();
        }
    }

    @Test
    void requestWithoutSessionIsRejectedWithIdNull() {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            HttpResponse<String> response = http.post(upstream.uri(), request(2, "tools/list", "{}"));

            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(json(response).path("error").path("code").asInt()).isEqualTo(-32000);
            assertThat(json(response).path("error").path("message").asText())
                    .isEqualTo("Bad Request: No valid session ID provided");
            assertThat(json(response).path("id").isNull()).isTrue();
        }
    }

    @Test
    void modernDiscoverWithoutSessionLooksLikeAnUninitializedServer() {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            HttpResponse<String> response = http.post(upstream.uri(), request(1, "server/discover",
                            "{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}"),
                    Map.of("MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "server/discover"));

            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(response.headers().firstValue("content-type")).hasValue("application/json");
            assertThat(response.body()).isEqualTo("{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32000,"
                    + "\"message\":\"Bad Request: Server not initialized\"},\"id\":null}");
            assertThat(upstream.sessionCount()).isZero();
        }
    }

    @ParameterizedTest
    @CsvSource({"NOT_FOUND_404, 404, -32001, Session not found",
                "BAD_REQUEST_400, 400, -32000, Bad Request: No valid session ID provided"})
    void unknownSessionGetsTheConfiguredAnswer(UnknownSessionReply reply, int status, int code, String message) {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.builder().unknownSessionReply(reply).start()) {
            HttpResponse<String> response = inSession(upstream, "no-such-session", request(2, "ping", "{}"));

            assertThat(response.statusCode()).isEqualTo(status);
            assertThat(json(response).path("error").path("code").asInt()).isEqualTo(code);
            assertThat(json(response).path("error").path("message").asText()).isEqualTo(message);
        }
    }

    @Test
    void expiredSessionsAreUnknown() {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            String session = initialize(upstream);
            upstream.expireAllSessions();

            assertThat(upstream.sessionCount()).isZero();
            assertThat(inSession(upstream, session, request(2, "ping", "{}")).statusCode()).isEqualTo(404);
            assertThat(upstream.deleteCount()).as("expiry is not a client DELETE").isZero();
        }
    }

    @Test
    void modernProtocolVersionHeaderInASessionIsRejected() {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            String session = initialize(upstream);
            HttpResponse<String> response = http.post(upstream.uri(), request(2, "ping", "{}"),
                    Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", "2026-07-28"));

            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(json(response).path("error").path("message").asText())
                    .startsWith("Bad Request: Unsupported protocol version: 2026-07-28");
        }
    }

    @Test
    void requestWithoutVersionHeaderIsServedInItsSession() {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            String session = initialize(upstream);
            HttpResponse<String> response = http.post(upstream.uri(), request(2, "ping", "{}"),
                    Map.of("Mcp-Session-Id", session));

            assertThat(onlyMessage(response).path("result").isObject()).isTrue();
        }
    }

    @Test
    void pingAnswersAnEmptyResult() {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            String session = initialize(upstream);
            JsonNode message = onlyMessage(inSession(upstream, session, request(7, "ping", "{}")));

            assertThat(message.path("id").asInt()).isEqualTo(7);
            assertThat(message.path("result").size()).isZero();
        }
    }

    @Test
    void setLevelIsRememberedForTheSession() {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            String session = initialize(upstream);
            JsonNode ok = onlyMessage(inSession(upstream, session,
                    request(2, "logging/setLevel", "{\"level\":\"info\"}")));
            JsonNode bad = onlyMessage(inSession(upstream, session,
                    request(3, "logging/setLevel", "{\"level\":\"loud\"}")));

            assertThat(ok.path("result").size()).isZero();
            assertThat(bad.path("error").path("code").asInt()).isEqualTo(-32602);
            assertThat(upstream.logLevel(session)).hasValue("info");
        }
    }

    @Test
    void echoAndAddAnswerText() {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            String session = initialize(upstream);
            JsonNode echo = onlyMessage(inSession(upstream, session,
                    toolCall(2, "echo", "{\"message\":\"hey\"}", null)));
            JsonNode add = onlyMessage(inSession(upstream, session, toolCall(3, "add", "{\"a\":2,\"b\":3.5}", null)));

            assertThat(echo.path("result").path("content").get(0).path("text").asText()).isEqualTo("Echo: hey");
            assertThat(add.path("result").path("content").get(0).path("text").asText())
                    .isEqualTo("The sum of 2 and 3.5 is 5.5.");
        }
    }

    @Test
    void toolsListNamesEveryTool() {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            String session = initialize(upstream);
            JsonNode result = onlyMessage(inSession(upstream, session, request(2, "tools/list", "{}"))).path("result");

            List<String> names = new ArrayList<>();
            result.path("tools").forEach(tool -> names.add(tool.path("name").asText()));
            assertThat(names).containsExactly("echo", "add", "counter", "slow", "hang");
            assertThat(result.has("ttlMs")).isFalse();
        }
    }

    @Test
    void anAddedToolIsListedFromThenOnInEverySession() {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            String session = initialize(upstream);

            upstream.addTool("fresh", "Added by the test.");

            JsonNode result = onlyMessage(inSession(upstream, session, request(2, "tools/list", "{}"))).path("result");
            List<String> names = new ArrayList<>();
            result.path("tools").forEach(tool -> names.add(tool.path("name").asText()));
            assertThat(names).containsExactly("echo", "add", "counter", "slow", "hang", "fresh");
        }
    }

    @Test
    void counterRunsOncePerCall() {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            String session = initialize(upstream);
            inSession(upstream, session, toolCall(2, "counter", "{}", null));
            JsonNode second = onlyMessage(inSession(upstream, session, toolCall(3, "counter", "{}", null)));

            assertThat(second.path("result").path("content").get(0).path("text").asText()).isEqualTo("2");
            assertThat(upstream.counterValue()).isEqualTo(2);
        }
    }

    @Test
    void blobAndBurstAnswerInTheSessionWithTheRequestedSizes() {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.builder().responseMode(ResponseMode.JSON).start()) {
            String session = http.post(upstream.uri(), INITIALIZE.formatted("2025-11-25")).headers()
                    .firstValue("mcp-session-id").orElseThrow();
            HttpResponse<String> blob = inSession(upstream, session, toolCall(2, "blob", "{\"bytes\":70000}", null));
            HttpResponse<String> burst = inSession(upstream, session,
                    toolCall(3, "burst", "{\"bytes\":3,\"events\":200}", "tok-3"));

            assertThat(blob.headers().firstValue("content-type")).hasValue("application/json");
            assertThat(json(blob).path("result").path("content").get(0).path("text").asText()).hasSize(70_000);
            assertThat(burst.headers().firstValue("content-type")).hasValueSatisfying(
                    type -> assertThat(type).startsWith("text/event-stream"));
            List<JsonNode> messages = SseTranscript.parse(burst.body()).messages();
            assertThat(messages).hasSize(201);
            assertThat(messages.get(0).path("params").path("progressToken").asText()).isEqualTo("tok-3");
            assertThat(messages.get(200).path("result").path("content").get(0).path("text").asText())
                    .isEqualTo("xxx");
        }
    }

    @Test
    void slowStreamsProgressAndLogLinesAtOrAboveTheSessionLevel() {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            String session = initialize(upstream);
            inSession(upstream, session, request(2, "logging/setLevel", "{\"level\":\"debug\"}"));
            HttpResponse<String> response = inSession(upstream, session,
                    toolCall(3, "slow", "{\"ms\":20,\"steps\":2}", "tok-3"));

            List<String> kinds = SseTranscript.parse(response.body()).messages().stream()
                    .map(m -> m.has("result") ? "result"
                            : m.path("method").asText() + "/" + m.path("params").path("level").asText(
                                    m.path("params").path("progress").asText()))
                    .collect(Collectors.toList());
            assertThat(kinds).containsExactly(
                    "notifications/progress/1", "notifications/message/info", "notifications/message/debug",
                    "notifications/progress/2", "notifications/message/info", "notifications/message/debug",
                    "result");
            assertThat(SseTranscript.parse(response.body()).messages().get(0).path("params").path("progressToken")
                    .asText()).isEqualTo("tok-3");
        }
    }

    @Test
    void slowSendsNoLogLinesBelowTheLevelNorWithoutSetLevel() {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            String quiet = initialize(upstream);
            String infoOnly = initialize(upstream);
            inSession(upstream, infoOnly, request(2, "logging/setLevel", "{\"level\":\"info\"}"));

            List<JsonNode> quietMessages = SseTranscript.parse(inSession(upstream, quiet,
                    toolCall(3, "slow", "{\"ms\":4,\"steps\":1}", null)).body()).messages();
            List<JsonNode> infoMessages = SseTranscript.parse(inSession(upstream, infoOnly,
                    toolCall(4, "slow", "{\"ms\":4,\"steps\":1}", null)).body()).messages();

            assertThat(quietMessages).hasSize(1).allMatch(m -> m.has("result"));
            assertThat(infoMessages).hasSize(2);
            assertThat(infoMessages.get(0).path("params").path("level").asText()).isEqualTo("info");
        }
    }

    @Test
    void cancelledNotificationStopsAHangingRequest() throws Exception {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            String session = initialize(upstream);
            CompletableFuture<HttpResponse<String>> pending = http.client().sendAsync(
                    LoopbackHttp.request(upstream.uri(), toolCall(9, "hang", "{}", null), sessionHeaders(session)),
                    HttpResponse.BodyHandlers.ofString());
            RecordedRequest hanging = upstream.awaitRequest(r -> "hang".equals(r.toolName()), LoopbackHttp.TIMEOUT);

            HttpResponse<String> cancel = inSession(upstream, session, "{\"jsonrpc\":\"2.0\",\"method\":"
                    + "\"notifications/cancelled\",\"params\":{\"requestId\":9,\"reason\":\"user\"}}");

            assertThat(cancel.statusCode()).isEqualTo(202);
            hanging.cancelledByClient().get(LoopbackHttp.TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            assertThat(pending).isNotDone();
            pending.cancel(true);
        }
    }

    @Test
    void cancelledNotificationForAnotherSessionChangesNothing() {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            String owner = initialize(upstream);
            String stranger = initialize(upstream);
            CompletableFuture<HttpResponse<String>> pending = http.client().sendAsync(
                    LoopbackHttp.request(upstream.uri(), toolCall(9, "hang", "{}", null), sessionHeaders(owner)),
                    HttpResponse.BodyHandlers.ofString());
            RecordedRequest hanging = upstream.awaitRequest(r -> "hang".equals(r.toolName()), LoopbackHttp.TIMEOUT);

            inSession(upstream, stranger, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
                    + "\"params\":{\"requestId\":9}}");

            assertThat(hanging.cancelledByClient()).isNotDone();
            pending.cancel(true);
        }
    }

    @Test
    void hangNoticesWhenTheClientCloses() throws Exception {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            String session = initialize(upstream);
            CompletableFuture<HttpResponse<String>> pending = http.client().sendAsync(
                    LoopbackHttp.request(upstream.uri(), toolCall(4, "hang", "{}", null), sessionHeaders(session)),
                    HttpResponse.BodyHandlers.ofString());
            RecordedRequest hanging = upstream.awaitRequest(r -> "hang".equals(r.toolName()), LoopbackHttp.TIMEOUT);

            pending.cancel(true);

            hanging.closedByClient().get(LoopbackHttp.TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            assertThat(hanging.cancelledByClient()).as("a disconnect is not a cancellation in 2025-11-25").isNotDone();
        }
    }

    @Test
    void resourcesListAndReadAndUnknownUri() {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            String session = initialize(upstream);
            JsonNode list = onlyMessage(inSession(upstream, session, request(2, "resources/list", "{}")));
            JsonNode read = onlyMessage(inSession(upstream, session,
                    request(3, "resources/read", "{\"uri\":\"fixture://greeting\"}")));
            JsonNode missing = onlyMessage(inSession(upstream, session,
                    request(4, "resources/read", "{\"uri\":\"fixture://nope\"}")));

            assertThat(list.path("result").path("resources").findValuesAsText("uri"))
                    .containsExactly("fixture://config", "fixture://greeting");
            assertThat(read.path("result").path("contents").get(0).path("text").asText())
                    .isEqualTo("Hello from the legacy fixture");
            assertThat(missing.path("error").path("code").asInt()).isEqualTo(-32002);
            assertThat(missing.path("error").path("data").path("uri").asText()).isEqualTo("fixture://nope");
            assertThat(missing.path("id").asInt()).isEqualTo(4);
        }
    }

    @Test
    void promptsListAndGet() {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            String session = initialize(upstream);
            JsonNode list = onlyMessage(inSession(upstream, session, request(2, "prompts/list", "{}")));
            JsonNode get = onlyMessage(inSession(upstream, session,
                    request(3, "prompts/get", "{\"name\":\"greet\",\"arguments\":{\"name\":\"Ada\"}}")));
            JsonNode unknown = onlyMessage(inSession(upstream, session, request(4, "prompts/get", "{\"name\":\"x\"}")));

            assertThat(list.path("result").path("prompts").get(0).path("name").asText()).isEqualTo("greet");
            assertThat(get.path("result").path("messages").get(0).path("content").path("text").asText())
                    .isEqualTo("Please greet Ada.");
            assertThat(unknown.path("error").path("code").asInt()).isEqualTo(-32602);
        }
    }

    @Test
    void unknownMethodIsMethodNotFoundInBand() {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            String session = initialize(upstream);
            HttpResponse<String> response = inSession(upstream, session, request(5, "server/discover", "{}"));

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(onlyMessage(response).path("error").path("code").asInt()).isEqualTo(-32601);
        }
    }

    @Test
    void deleteEndsTheSession() {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            String session = initialize(upstream);
            HttpResponse<String> deleted = http.send(HttpRequest.newBuilder(upstream.uri()).DELETE()
                    .header("Mcp-Session-Id", session).timeout(LoopbackHttp.TIMEOUT).build());

            assertThat(deleted.statusCode()).isEqualTo(200);
            assertThat(upstream.deleteCount()).isEqualTo(1);
            assertThat(upstream.sessionCount()).isZero();
            assertThat(inSession(upstream, session, request(2, "ping", "{}")).statusCode()).isEqualTo(404);
        }
    }

    @Test
    void getIsNotAllowedByDefault() {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            String session = initialize(upstream);
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(upstream.uri()).GET()
                    .header("Accept", "text/event-stream").header("Mcp-Session-Id", session)
                    .timeout(LoopbackHttp.TIMEOUT).build());

            assertThat(response.statusCode()).isEqualTo(405);
        }
    }

    @Test
    void standaloneStreamCarriesListChangedAndSubscribedResourceUpdates() throws Exception {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.builder().standaloneStreams(true).start()) {
            String session = initialize(upstream);
            inSession(upstream, session, request(2, "resources/subscribe", "{\"uri\":\"fixture://config\"}"));
            HttpResponse<InputStream> stream = http.client().send(HttpRequest.newBuilder(upstream.uri()).GET()
                    .header("Accept", "text/event-stream").header("Mcp-Session-Id", session)
                    .timeout(LoopbackHttp.TIMEOUT).build(), HttpResponse.BodyHandlers.ofInputStream());
            assertThat(stream.statusCode()).isEqualTo(200);
            BufferedReader reader = new BufferedReader(new InputStreamReader(stream.body(), StandardCharsets.UTF_8));
            CompletableFuture<List<String>> dataLines = CompletableFuture.supplyAsync(() -> readDataLines(reader, 2));

            assertThat(upstream.subscriptions(session)).containsExactly("fixture://config");
            // The fixture registers the stream just after flushing its head, so the 200 can be seen a moment earlier.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (upstream.openStandaloneStreams() == 0 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertThat(upstream.openStandaloneStreams()).isEqualTo(1);
            assertThat(upstream.notifyStandaloneStreams("notifications/tools/list_changed", null)).isEqualTo(1);
            assertThat(upstream.notifyResourceUpdated("fixture://greeting")).as("not subscribed").isZero();
            assertThat(upstream.notifyResourceUpdated("fixture://config")).isEqualTo(1);

            List<String> lines = dataLines.get(LoopbackHttp.TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            assertThat(lines.get(0)).contains("notifications/tools/list_changed");
            assertThat(lines.get(1)).contains("notifications/resources/updated").contains("fixture://config");
            stream.body().close();
        }
    }

    /** Reads non-empty {@code data:} lines (the priming event's is empty) until {@code count} were seen. */
    private static List<String> readDataLines(BufferedReader reader, int count) {
        List<String> lines = new ArrayList<>();
        try {
            for (String line = reader.readLine(); line != null && lines.size() < count; line = reader.readLine()) {
                if (line.startsWith("data: ") && line.length() > "data: ".length()) {
                    lines.add(line);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return lines;
    }

    @Test
    void recordsEveryRequestWithItsSessionHeader() {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            String session = initialize(upstream);
            inSession(upstream, session, request(2, "ping", "{}"));

            assertThat(upstream.requests()).extracting(RecordedRequest::rpcMethod)
                    .containsExactly("initialize", "ping");
            assertThat(upstream.requests().get(1).headers().first("mcp-session-id")).hasValue(session);
        }
    }

    @Test
    void reusesOneConnectionUnderKeepAlive() {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            String session = initialize(upstream);
            inSession(upstream, session, request(2, "ping", "{}"));
            inSession(upstream, session, toolCall(3, "echo", "{\"message\":\"r\"}", null));

            assertThat(upstream.connectionsAccepted()).isEqualTo(1);
        }
    }
}
