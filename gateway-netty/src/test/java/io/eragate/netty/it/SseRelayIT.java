package io.eragate.netty.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.netty.testing.ModernFixtureUpstream;
import io.eragate.netty.testing.RecordedRequest;
import io.eragate.netty.testing.ResponseMode;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Event-stream answers of a modern upstream relayed to the client as they come: progress before the result, the
 * stream headers, keep-alive comments, and what happens when either side leaves mid-stream.
 */
class SseRelayIT {
    private static final Duration WAIT = Duration.ofSeconds(5);
    /** Long enough that a gateway buffering the stream could not deliver its first event within the read timeout. */
    private static final String LONG_SLOW = "{\"ms\":60000,\"steps\":200}";

    private static ModernFixtureUpstream upstream;
    private static TestGateway gateway;

    @BeforeAll
    static void start() {
        upstream = ModernFixtureUpstream.builder().responseMode(ResponseMode.SSE).keepAliveComment(true).start();
        gateway = TestGateway.modern(upstream.uri());
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (upstream != null) {
            upstream.close();
        }
    }

    private static RecordedRequest received(String id) {
        return upstream.awaitRequest(r -> id.equals(r.rpcId().asText()), WAIT);
    }

    private static SseEvent nextMessage(SseReader reader) throws IOException {
        SseEvent event = reader.next();
        while (event != null && event.comment()) {
            event = reader.next();
        }
        return event;
    }

    @Test
    void theFirstProgressEventArrivesWhileTheUpstreamIsStillWorking() throws Exception {
        McpCall call = McpCall.toolsCallWithProgress("streamed", "slow", LONG_SLOW, "tok-1");
        try (RawConnection connection = gateway.connect()) {
            HttpHead head = connection.send(call.raw(TestGateway.PATH, gateway.hostHeader())).readHead();
            assertThat(head.status()).isEqualTo(200);
            SseReader reader = new SseReader(connection.body(head));

            SseEvent first = nextMessage(reader);

            assertThat(first.json().path("method").asText()).isEqualTo("notifications/progress");
            assertThat(first.json().path("params").path("progressToken").asText()).isEqualTo("tok-1");
            assertThat(first.json().path("params").path("progress").asInt()).isEqualTo(1);
            assertThat(received("streamed").closedByClient()).as("the upstream is still streaming").isNotDone();
        }
    }

    @Test
    void aStreamIsRelayedEventByEventWithStreamHeadersAndEndsWithTheResult() throws Exception {
        McpCall call = McpCall.toolsCallWithProgress("complete", "slow", "{\"ms\":150,\"steps\":3}", "tok-2");
        try (RawConnection connection = gateway.connect()) {
            HttpHead head = connection.send(call.raw(TestGateway.PATH, gateway.hostHeader())).readHead();

            assertThat(head.status()).isEqualTo(200);
            assertThat(head.first("Content-Type")).hasValue("text/event-stream");
            assertThat(head.all("Cache-Control")).containsExactly("no-cache");
            assertThat(head.all("X-Accel-Buffering")).containsExactly("no");
            assertThat(head.has("Content-Length")).isFalse();
            assertThat(head.has("Mcp-Session-Id")).isFalse();
            List<SseEvent> events = new SseReader(connection.body(head)).rest();
            List<String> shapes = new ArrayList<>();
            for (SseEvent event : events) {
                shapes.add(event.comment() ? "comment" : event.json().has("method")
                        ? event.json().path("method").asText() + " " + event.json().path("params").path("progress")
                        : "result " + event.json().path("id").asText());
            }
            assertThat(shapes).containsExactly("comment", "notifications/progress 1", "notifications/progress 2",
                    "notifications/progress 3", "result complete");
            assertThat(events.get(4).event()).isEqualTo("message");

            HttpHead next = connection.send(McpCall.toolsCall("same-connection", "echo", "{\"message\":\"again\"}")
                    .raw(TestGateway.PATH, gateway.hostHeader())).readHead();
            SseEvent echo = nextMessage(new SseReader(connection.body(next)));
            assertThat(echo.json().path("result").path("content").get(0).path("text").asText())
                    .isEqualTo("Echo: again");
        }
    }

    @Test
    void keepAliveCommentsArePassedOn() {
        HttpResponse<String> response = Http.send(McpCall.toolsCall("comment", "echo", "{\"message\":\"x\"}")
                .httpRequest(gateway.uri()));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).startsWith(":\n\n").contains("Echo: x");
    }

    @Test
    void aClientThatAbandonsItsStreamClosesTheUpstreamConnection() throws Exception {
        McpCall call = McpCall.toolsCallWithProgress("abandoned", "slow", LONG_SLOW, "tok-3");
        try (RawConnection connection = gateway.connect()) {
            HttpHead head = connection.send(call.raw(TestGateway.PATH, gateway.hostHeader())).readHead();
            SseEvent first = nextMessage(new SseReader(connection.body(head)));
            assertThat(first.json().path("method").asText()).isEqualTo("notifications/progress");
        }

        received("abandoned").closedByClient().get(5, TimeUnit.SECONDS);
    }

    @Test
    void aClientThatLeavesBeforeAnyAnswerCancelsTheUpstreamExchange() throws Exception {
        try (RawConnection connection = gateway.connect()) {
            connection.send(McpCall.toolsCall("left-early", "hang", "{}").raw(TestGateway.PATH,
                    gateway.hostHeader()));
            received("left-early");
        }

        received("left-early").closedByClient().get(5, TimeUnit.SECONDS);
    }

    @Test
    void anUpstreamThatDiesMidStreamEndsTheClientsStreamWithAnErrorForItsIdNotAResult() throws Exception {
        McpCall call = McpCall.toolsCallWithProgress("dies", "die_mid_stream", "{}", "tok-4");
        try (RawConnection connection = gateway.connect()) {
            HttpHead head = connection.send(call.raw(TestGateway.PATH, gateway.hostHeader())).readHead();
            assertThat(head.status()).isEqualTo(200);
            SseReader reader = new SseReader(connection.body(head));
            List<JsonNode> messages = new ArrayList<>();

            for (SseEvent event = reader.next(); event != null; event = reader.next()) {
                if (!event.comment()) {
                    messages.add(event.json());
                }
            }

            assertThat(messages).hasSize(2);
            assertThat(messages.get(0).path("method").asText()).isEqualTo("notifications/progress");
            assertThat(messages.get(1).path("id").asText()).as("an answer for the id, and no result")
                    .isEqualTo("dies");
            assertThat(messages.get(1).path("error").path("data").path("outcome").asText()).isEqualTo("unknown");
        }
    }
}
