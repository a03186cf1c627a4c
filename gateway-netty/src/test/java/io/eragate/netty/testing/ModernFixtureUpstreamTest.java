package io.eragate.netty.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The modern fixture over a real socket, driven by the JDK HTTP client: every behaviour other tests rely on. */
class ModernFixtureUpstreamTest {
    private static final String DISCOVER = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\",\"params\":"
            + "{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}}";

    private final LoopbackHttp http = new LoopbackHttp();

    private static String toolCall(int id, String tool, String arguments, String progressToken) {
        String meta = progressToken == null ? "" : ",\"_meta\":{\"progressToken\":\"" + progressToken + "\"}";
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + meta + "}}";
    }

    private static JsonNode json(HttpResponse<String> response) {
        return JsonRpcWire.parse(response.body().getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void discoverAnswersADiscoverResultStampedWithServerInfo() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start()) {
            HttpResponse<String> response = http.post(upstream.uri(), DISCOVER);

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("content-type")).hasValue("application/json");
            JsonNode result = json(response).path("result");
            assertThat(json(response).path("id").asInt()).isEqualTo(1);
            assertThat(result.path("supportedVersions").get(0).asText()).isEqualTo("2026-07-28");
            assertThat(result.path("capabilities").has("tools")).isTrue();
            assertThat(result.path("resultType").asText()).isEqualTo("complete");
            assertThat(result.path("ttlMs").isIntegralNumber()).isTrue();
            assertThat(result.path("cacheScope").asText()).isEqualTo("public");
            assertThat(result.path("_meta").path("io.modelcontextprotocol/serverInfo").path("name").asText())
                    .isEqualTo(ModernFixtureUpstream.SERVER_NAME);
        }
    }

    @Test
    void toolsListNamesEveryCannedBehaviourWithCachingHints() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start()) {
            JsonNode result = json(http.post(upstream.uri(),
                    "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\",\"params\":{}}")).path("result");

            List<String> names = new ArrayList<>();
            result.path("tools").forEach(tool -> names.add(tool.path("name").asText()));
            assertThat(names).containsExactly("echo", "slow", "hang", "die_mid_stream", "html_error", "exception_body");
            assertThat(result.path("resultType").asText()).isEqualTo("complete");
            assertThat(result.has("ttlMs")).isTrue();
            assertThat(result.path("cacheScope").asText()).isEqualTo("public");
        }
    }

    @Test
    void echoAnswersJsonWithTheMessage() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start()) {
            HttpResponse<String> response = http.post(upstream.uri(),
                    toolCall(3, "echo", "{\"message\":\"hi\"}", null));

            JsonNode result = json(response).path("result");
            assertThat(response.headers().firstValue("content-length")).isPresent();
            assertThat(result.path("content").get(0).path("text").asText()).isEqualTo("Echo: hi");
            assertThat(result.path("resultType").asText()).isEqualTo("complete");
            assertThat(result.path("_meta").has("io.modelcontextprotocol/serverInfo")).isTrue();
        }
    }

    @Test
    void sseModeAnswersWithOneMessageEventOnAnEventStream() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.builder().responseMode(ResponseMode.SSE).start()) {
            HttpResponse<String> response = http.post(upstream.uri(), toolCall(4, "echo", "{\"message\":\"s\"}", null));

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("content-type")).hasValue("text/event-stream");
            assertThat(response.headers().firstValue("content-length")).isEmpty();
            assertThat(response.body()).startsWith("event: message\ndata: {").endsWith("}\n\n");
            SseTranscript transcript = SseTranscript.parse(response.body());
            assertThat(transcript.events()).hasSize(1);
            assertThat(transcript.messages().get(0).path("result").path("content").get(0).path("text").asText())
                    .isEqualTo("Echo: s");
        }
    }

    @Test
    void keepAliveCommentComesBeforeTheFirstEventWhenAskedFor() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.builder()
                .responseMode(ResponseMode.SSE).keepAliveComment(true).start()) {
            HttpResponse<String> response = http.post(upstream.uri(), toolCall(5, "echo", "{\"message\":\"k\"}", null));

            assertThat(response.body()).startsWith(":\n\nevent: message\n");
        }
    }

    @Test
    void slowStreamsProgressForTheRequestsTokenThenTheResult() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.builder().responseMode(ResponseMode.SSE).start()) {
            HttpResponse<String> response = http.post(upstream.uri(),
                    toolCall(6, "slow", "{\"ms\":30,\"steps\":3}", "tok-6"));

            List<JsonNode> messages = SseTranscript.parse(response.body()).messages();
            assertThat(messages).hasSize(4);
            for (int step = 1; step <= 3; step++) {
                JsonNode progress = messages.get(step - 1);
                assertThat(progress.path("method").asText()).isEqualTo("notifications/progress");
                assertThat(progress.path("params").path("progressToken").asText()).isEqualTo("tok-6");
                assertThat(progress.path("params").path("progress").asInt()).isEqualTo(step);
                assertThat(progress.path("params").path("total").asInt()).isEqualTo(3);
            }
            assertThat(messages.get(3).path("id").asInt()).isEqualTo(6);
            assertThat(messages.get(3).path("result").path("resultType").asText()).isEqualTo("complete");
        }
    }

    @Test
    void slowSendsNoProgressWithoutAProgressToken() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.builder().responseMode(ResponseMode.SSE).start()) {
            HttpResponse<String> response = http.post(upstream.uri(),
                    toolCall(7, "slow", "{\"ms\":10,\"steps\":2}", null));

            List<JsonNode> messages = SseTranscript.parse(response.body()).messages();
            assertThat(messages).hasSize(1);
            assertThat(messages.get(0).has("result")).isTrue();
        }
    }

    @Test
    void slowInJsonModeAnswersOneJsonResult() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start()) {
            HttpResponse<String> response = http.post(upstream.uri(),
                    toolCall(8, "slow", "{\"ms\":10,\"steps\":2}", "tok-8"));

            assertThat(response.headers().firstValue("content-type")).hasValue("application/json");
            assertThat(json(response).path("result").path("content").get(0).path("text").asText())
                    .isEqualTo("Slow done after 10 ms in 2 steps");
        }
    }

    @Test
    void blobAnswersAResultOfTheRequestedSizeInTheFixturesMode() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start()) {
            HttpResponse<String> response = http.post(upstream.uri(),
                    toolCall(10, "blob", "{\"bytes\":100000}", null));

            assertThat(response.headers().firstValue("content-type")).hasValue("application/json");
            assertThat(json(response).path("result").path("content").get(0).path("text").asText())
                    .hasSize(100_000).matches("x+");
        }
    }

    @Test
    void burstStreamsTheRequestedProgressThenTheResultEvenInJsonMode() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start()) {
            HttpResponse<String> response = http.post(upstream.uri(),
                    toolCall(11, "burst", "{\"bytes\":5,\"events\":300}", "tok-11"));

            List<JsonNode> messages = SseTranscript.parse(response.body()).messages();
            assertThat(messages).hasSize(301);
            assertThat(messages.get(299).path("params").path("progressToken").asText()).isEqualTo("tok-11");
            assertThat(messages.get(299).path("params").path("progress").asInt()).isEqualTo(300);
            assertThat(messages.get(300).path("result").path("content").get(0).path("text").asText())
                    .isEqualTo("xxxxx");
        }
    }

    @Test
    void blobRejectsSizesOutOfBounds() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start()) {
            JsonNode error = json(http.post(upstream.uri(), toolCall(12, "blob", "{\"bytes\":-1}", null)))
                    .path("error");
            assertThat(error.path("code").asInt()).isEqualTo(-32602);
            assertThat(error.path("message").asText()).contains("bytes (0.." + BulkPlan.MAX_BYTES + ")");
        }
    }

    @Test
    void slowRejectsArgumentsOutOfBounds() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start()) {
            JsonNode error = json(http.post(upstream.uri(), toolCall(9, "slow", "{\"ms\":-1}", null))).path("error");

            assertThat(error.path("code").asInt()).isEqualTo(-32602);
        }
    }

    @Test
    void hangNeverAnswersAndNoticesWhenTheClientCloses() throws Exception {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start()) {
            CompletableFuture<HttpResponse<String>> pending = http.client().sendAsync(
                    LoopbackHttp.request(upstream.uri(), toolCall(10, "hang", "{}", null), Map.of()),
                    HttpResponse.BodyHandlers.ofString());
            RecordedRequest hanging = upstream.awaitRequest(r -> "hang".equals(r.toolName()), LoopbackHttp.TIMEOUT);

            assertThat(pending).as("hang must not answer").isNotDone();
            assertThat(hanging.closedByClient()).isNotDone();
            pending.cancel(true);

            hanging.closedByClient().get(LoopbackHttp.TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        }
    }

    @Test
    void closedByClientStaysIncompleteForAnsweredRequestsAndOnFixtureShutdown() {
        RecordedRequest answered;
        RecordedRequest hanging;
        CompletableFuture<HttpResponse<String>> pending;
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start()) {
            http.post(upstream.uri(), toolCall(11, "echo", "{\"message\":\"x\"}", null));
            answered = upstream.awaitRequest(r -> "echo".equals(r.toolName()), LoopbackHttp.TIMEOUT);
            pending = http.client().sendAsync(LoopbackHttp.request(upstream.uri(), toolCall(12, "hang", "{}", null),
                    Map.of()), HttpResponse.BodyHandlers.ofString());
            hanging = upstream.awaitRequest(r -> "hang".equals(r.toolName()), LoopbackHttp.TIMEOUT);
        }

        assertThat(pending).failsWithin(LoopbackHttp.TIMEOUT);
        assertThat(answered.closedByClient()).isNotDone();
        assertThat(hanging.closedByClient()).as("the fixture closed it, not the client").isNotDone();
    }

    @Test
    void dieMidStreamSendsOneProgressEventThenDropsTheConnection() throws Exception {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start()) {
            HttpResponse<InputStream> response = http.client().send(
                    LoopbackHttp.request(upstream.uri(), toolCall(13, "die_mid_stream", "{}", "tok-13"), Map.of()),
                    HttpResponse.BodyHandlers.ofInputStream());

            assertThat(response.headers().firstValue("content-type")).hasValue("text/event-stream");
            List<String> lines = new ArrayList<>();
            try (BufferedReader reader = new BufferedReader(
                    new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
                assertThatThrownBy(() -> {
                    for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                        lines.add(line);
                    }
                }).as("a chunked body cut before its last chunk is an error, not an end")
                        .isInstanceOf(IOException.class);
            }
            assertThat(lines).contains("event: message");
            assertThat(lines).anyMatch(line -> line.contains("notifications/progress") && line.contains("tok-13"));
            assertThat(lines).noneMatch(line -> line.contains("\"result\""));
        }
    }

    @Test
    void htmlErrorAnswers500WithAnHtmlPage() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start()) {
            HttpResponse<String> response = http.post(upstream.uri(), toolCall(14, "html_error", "{}", null));

            assertThat(response.statusCode()).isEqualTo(500);
            assertThat(response.headers().firstValue("content-type")).hasValueSatisfying(
                    type -> assertThat(type).startsWith("text/html"));
            assertThat(response.body()).startsWith("<html>");
        }
    }

    @Test
    void exceptionBodyAnswers400WithJsonThatIsNotJsonRpc() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start()) {
            HttpResponse<String> response = http.post(upstream.uri(), toolCall(15, "exception_body", "{}", null));

            assertThat(response.statusCode()).isEqualTo(400);
            JsonNode body = json(response);
            assertThat(body.path("exception").asText()).startsWith("java.lang.");
            assertThat(body.has("jsonrpc")).isFalse();
            assertThat(body.has("error") && body.path("error").isObject()).isFalse();
        }
    }

    @Test
    void unknownToolIsAnInBandInvalidParamsError() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start()) {
            HttpResponse<String> response = http.post(upstream.uri(), toolCall(16, "nope", "{}", null));

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(json(response).path("error").path("code").asInt()).isEqualTo(-32602);
            assertThat(json(response).path("id").asInt()).isEqualTo(16);
        }
    }

    @Test
    void unknownMethodIs404MethodNotFound() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start()) {
            HttpResponse<String> response = http.post(upstream.uri(),
                    "{\"jsonrpc\":\"2.0\",\"id\":17,\"method\":\"initialize\",\"params\":{}}");

            assertThat(response.statusCode()).isEqualTo(404);
            assertThat(json(response).path("error").path("code").asInt()).isEqualTo(-32601);
        }
    }

    @Test
    void notificationIsAcceptedWithNoBody() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start()) {
            HttpResponse<String> response = http.post(upstream.uri(),
                    "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":1}}");

            assertThat(response.statusCode()).isEqualTo(202);
            assertThat(response.body()).isEmpty();
        }
    }

    @Test
    void getIsNotAllowed() throws Exception {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start()) {
            HttpResponse<String> response = http.send(java.net.http.HttpRequest.newBuilder(upstream.uri()).GET()
                    .header("Accept", "text/event-stream").timeout(LoopbackHttp.TIMEOUT).build());

            assertThat(response.statusCode()).isEqualTo(405);
            assertThat(response.headers().firstValue("allow")).hasValue("POST");
        }
    }

    @Test
    void malformedJsonIsAParseError() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start()) {
            HttpResponse<String> response = http.post(upstream.uri(), "{not json");

            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(json(response).path("error").path("code").asInt()).isEqualTo(-32700);
            assertThat(json(response).path("id").isNull()).isTrue();
        }
    }

    @Test
    void recordsMethodHeadersAndBodyWithCaseInsensitiveHeaderNames() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start()) {
            String body = toolCall(18, "echo", "{\"message\":\"rec\"}", null);
            http.post(upstream.uri(), body, Map.of("Mcp-Method", "tools/call", "Mcp-Name", "echo"));

            assertThat(upstream.requests()).hasSize(1);
            RecordedRequest recorded = upstream.requests().get(0);
            assertThat(recorded.httpMethod()).isEqualTo("POST");
            assertThat(recorded.uri()).isEqualTo("/mcp");
            assertThat(recorded.headers().first("mcp-method")).hasValue("tools/call");
            assertThat(recorded.headers().first("MCP-NAME")).hasValue("echo");
            assertThat(recorded.headers().all("mcp-name")).containsExactly("echo");
            assertThat(recorded.bodyText()).isEqualTo(body);
            assertThat(recorded.rpcMethod()).isEqualTo("tools/call");
            assertThat(recorded.toolName()).isEqualTo("echo");
        }
    }

    @Test
    void keepsOnlyTheConfiguredNumberOfRecordedRequests() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.builder().maxRecordedRequests(2).start()) {
            for (int id = 1; id <= 3; id++) {
                http.post(upstream.uri(), toolCall(id, "echo", "{\"message\":\"m" + id + "\"}", null));
            }

            assertThat(upstream.requests()).extracting(r -> r.rpcId().asInt()).containsExactly(2, 3);
        }
    }

    @Test
    void reusesOneConnectionUnderKeepAlive() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.builder().responseMode(ResponseMode.SSE).start()) {
            http.post(upstream.uri(), DISCOVER);
            http.post(upstream.uri(), toolCall(19, "echo", "{\"message\":\"again\"}", null));

            assertThat(upstream.connectionsAccepted()).isEqualTo(1);
        }
    }

    @Test
    void closesEveryConnectionWhenKeepAliveIsOff() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.builder().keepAliveConnection(false).start()) {
            HttpResponse<String> first = http.post(upstream.uri(), DISCOVER);
            http.post(upstream.uri(), DISCOVER);

            assertThat(first.statusCode()).isEqualTo(200);
            assertThat(upstream.connectionsAccepted()).isEqualTo(2);
        }
    }
}
