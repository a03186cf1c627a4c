package io.eragate.netty.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The streamed {@code countdown} tool: SSE with a priming event, progress, session-level logging, cancellation. */
class DemoCountdownTest {
    private static DemoUpstream upstream;
    private static LegacyClient client;

    @BeforeAll
    static void start() throws InterruptedException {
        upstream = DemoUpstream.start();
        client = new LegacyClient(upstream.uri());
    }

    @AfterAll
    static void stop() {
        upstream.close();
    }

    private static String countdown(int id, int n, String meta) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"countdown\","
                + "\"arguments\":{\"n\":" + n + "}" + (meta == null ? "" : ",\"_meta\":" + meta) + "}}";
    }

    private static String setLevel(String level) {
        return "{\"jsonrpc\":\"2.0\",\"id\":90,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"" + level
                + "\"}}";
    }

    @Test
    void countdownStreamsAPrimingEventThenOneProgressPerStepThenTheResult() {
        String session = client.openSession();

        HttpResponse<String> response = client.post(session, countdown(7, 3, "{\"progressToken\":\"tok-1\"}"));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("text/event-stream");
        assertThat(response.headers().firstValue("Mcp-Session-Id")).hasValue(session);
        SseEvents sse = SseEvents.parse(response.body());
        SseEvents.Event priming = sse.events().get(0);
        assertThat(priming.id()).as("priming event id").isNotEmpty();
        assertThat(priming.data()).as("priming event data").isEmpty();
        assertThat(priming.name()).isNull();
        assertThat(sse.events()).extracting(SseEvents.Event::id).doesNotContainNull().doesNotHaveDuplicates();

        List<JsonNode> messages = sse.messages();
        assertThat(messages).hasSize(4);
        for (int step = 1; step <= 3; step++) {
            JsonNode progress = messages.get(step - 1);
            assertThat(progress.path("method").asText()).isEqualTo("notifications/progress");
            assertThat(progress.has("id")).isFalse();
            assertThat(progress.path("params").path("progressToken").asText()).isEqualTo("tok-1");
            assertThat(progress.path("params").path("progress").asInt()).isEqualTo(step);
            assertThat(progress.path("params").path("total").asInt()).isEqualTo(3);
        }
        JsonNode result = messages.get(3);
        assertThat(result.path("id").asInt()).isEqualTo(7);
        assertThat(result.path("result").path("content").path(0).path("text").asText())
                .isEqualTo("Lift-off after 3 steps");
    }

    @Test
    void anIntegerProgressTokenIsEchoedAsAnInteger() {
        String session = client.openSession();

        List<JsonNode> messages = SseEvents.parse(client.post(session, countdown(8, 1, "{\"progressToken\":42}"))
                .body()).messages();

        assertThat(messages.get(0).path("params").path("progressToken").isInt()).isTrue();
        assertThat(messages.get(0).path("params").path("progressToken").asInt()).isEqualTo(42);
    }

    @Test
    void withoutAProgressTokenOrALogLevelOnlyTheResultIsSent() {
        String session = client.openSession();

        List<JsonNode> messages = SseEvents.parse(client.post(session, countdown(9, 2, null)).body()).messages();

        assertThat(messages).hasSize(1);
        assertThat(messages.get(0).path("id").asInt()).isEqualTo(9);
    }

    @Test
    void logMessagesFollowTheSessionsLevel() {
        String verbose = client.openSession();
        String quiet = client.openSession();
        client.post(verbose, setLevel("debug"));
        client.post(quiet, setLevel("warning"));

        List<JsonNode> logged = methods(client.post(verbose, countdown(10, 2, null)), "notifications/message");
        List<JsonNode> silent = methods(client.post(quiet, countdown(11, 2, null)), "notifications/message");

        assertThat(logged).hasSize(2);
        assertThat(logged.get(0).path("params").path("level").asText()).isEqualTo("info");
        assertThat(logged.get(1).path("params").path("data").asText()).isEqualTo("T-minus 0");
        assertThat(silent).isEmpty();
    }

    @Test
    void notificationsCancelledEndsTheStreamWithoutAResult() throws IOException, InterruptedException {
        String session = client.openSession();
        HttpResponse<Stream<String>> streaming = client.http().send(
                client.request(countdown(12, 20, "{\"progressToken\":\"c\"}"), LegacyClient.inSession(session)),
                HttpResponse.BodyHandlers.ofLines());
        assertThat(streaming.statusCode()).isEqualTo(200);

        HttpResponse<String> cancelled = client.post(session, "{\"jsonrpc\":\"2.0\","
                + "\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":12,\"reason\":\"test\"}}");

        assertThat(cancelled.statusCode()).isEqualTo(202);
        String body = streaming.body().map(line -> line + "\n").collect(Collectors.joining());
        assertThat(SseEvents.parse(body).messages())
                .as("no result after cancellation").noneMatch(message -> message.has("result"))
                .as("cancelled well before its 20 steps").hasSizeLessThan(20);
    }

    @Test
    void aPipelinedRequestIsAnsweredAfterTheStreamEndsNotInsideIt() throws IOException {
        String session = client.openSession();
        String countdown = countdown(13, 2, null);
        String ping = "{\"jsonrpc\":\"2.0\",\"id\":14,\"method\":\"ping\"}";
        String headers = "Host: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Accept: application/json, text/event-stream\r\nMcp-Session-Id: " + session + "\r\n";

        try (Socket socket = new Socket(upstream.uri().getHost(), upstream.uri().getPort())) {
            socket.setSoTimeout((int) LegacyClient.TIMEOUT.toMillis());
            OutputStream out = socket.getOutputStream();
            out.write(("POST /mcp HTTP/1.1\r\n" + headers + "Content-Length: " + countdown.length() + "\r\n\r\n"
                    + countdown + "POST /mcp HTTP/1.1\r\n" + headers + "Connection: close\r\nContent-Length: "
                    + ping.length() + "\r\n\r\n" + ping).getBytes(StandardCharsets.US_ASCII));
            out.flush();

            String wire = readToEnd(socket.getInputStream());

            int streamEnd = wire.indexOf("\r\n0\r\n\r\n");
            assertThat(wire.indexOf("Lift-off after 2 steps")).isPositive().isLessThan(streamEnd);
            assertThat(wire.indexOf("\"id\":14")).as("ping answer after the stream's last chunk")
                    .isGreaterThan(streamEnd);
        }
    }

    private static List<JsonNode> methods(HttpResponse<String> response, String method) {
        return SseEvents.parse(response.body()).messages().stream()
                .filter(message -> method.equals(message.path("method").asText())).toList();
    }

    private static String readToEnd(InputStream in) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        in.transferTo(bytes);
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
