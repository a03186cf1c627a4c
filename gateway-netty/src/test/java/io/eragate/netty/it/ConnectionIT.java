package io.eragate.netty.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.netty.testing.Await;
import io.eragate.netty.testing.ModernFixtureUpstream;
import io.eragate.netty.testing.ResponseMode;
import io.netty.util.NettyRuntime;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Client connections: pipelining, HTTP/1.0, {@code Connection: close}, the connection limit, and the reuse of
 * upstream connections across sequential calls. Each test has its own fixture and gateway, since connection counts
 * are what it asserts.
 */
class ConnectionIT {
    /** The worker loops of a gateway, each with its own upstream pool ({@code MultiThreadIoEventLoopGroup} default). */
    private static final int EVENT_LOOPS = Math.max(1, Integer.getInteger("io.netty.eventLoopThreads",
            NettyRuntime.availableProcessors() * 2));

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            all.writeBytes(part);
        }
        return all.toByteArray();
    }

    private static McpCall echo(String id) {
        return McpCall.toolsCall(id, "echo", "{\"message\":\"" + id + "\"}");
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrder() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start();
                TestGateway gateway = TestGateway.modern(upstream.uri());
                RawConnection connection = gateway.connect()) {
            String host = gateway.hostHeader();
            String notification = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{}}";
            connection.send(concat(
                    McpCall.toolsCall("p1", "slow", "{\"ms\":200}").raw(TestGateway.PATH, host),
                    echo("p2").raw(TestGateway.PATH, host),
                    echo("p3").without("Mcp-Method").raw(TestGateway.PATH, host),
                    echo("p4").body(notification).raw(TestGateway.PATH, host),
                    echo("p5").raw(TestGateway.PATH, host)));

            List<String> answers = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                RawResponse response = connection.readResponse();
                answers.add(response.status() + " " + (response.body().length == 0 ? "-"
                        : response.json().path("id").asText()));
            }

            assertThat(answers).containsExactly("200 p1", "200 p2", "400 p3", "202 -", "200 p5");
        }
    }

    @Test
    void pipelinedEventStreamsAreAnsweredInOrder() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.builder().responseMode(ResponseMode.SSE).start();
                TestGateway gateway = TestGateway.modern(upstream.uri());
                RawConnection connection = gateway.connect()) {
            String host = gateway.hostHeader();
            connection.send(concat(
                    McpCall.toolsCallWithProgress("s1", "slow", "{\"ms\":200,\"steps\":2}", "t").raw(TestGateway.PATH,
                            host),
                    echo("s2").raw(TestGateway.PATH, host)));

            RawResponse first = connection.readResponse();
            RawResponse second = connection.readResponse();

            assertThat(first.text()).contains("notifications/progress").contains("\"id\":\"s1\"")
                    .doesNotContain("\"id\":\"s2\"");
            assertThat(second.text()).contains("\"id\":\"s2\"").contains("Echo: s2");
        }
    }

    @Test
    void anHttp10ClientGetsItsJsonAnswerAndTheConnectionCloses() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start();
                TestGateway gateway = TestGateway.modern(upstream.uri());
                RawConnection connection = gateway.connect()) {
            RawResponse response = connection.send(echo("old").rawAs("HTTP/1.0", TestGateway.PATH,
                    gateway.hostHeader())).readResponse();

            assertThat(response.status()).isEqualTo(200);
            assertThat(response.head().isChunked()).isFalse();
            assertThat(response.json().path("id").asText()).isEqualTo("old");
            assertThat(connection.closedByPeer()).isTrue();
        }
    }

    @Test
    void anHttp10ClientGetsAnEventStreamDelimitedByTheClose() throws Exception {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.builder().responseMode(ResponseMode.SSE).start();
                TestGateway gateway = TestGateway.modern(upstream.uri());
                RawConnection connection = gateway.connect()) {
            HttpHead head = connection.send(echo("old-sse").rawAs("HTTP/1.0", TestGateway.PATH,
                    gateway.hostHeader())).readHead();

            assertThat(head.status()).isEqualTo(200);
            assertThat(head.isChunked()).isFalse();
            List<SseEvent> events = new SseReader(connection.body(head)).rest();
            assertThat(events).hasSize(1);
            assertThat(events.get(0).json().path("id").asText()).isEqualTo("old-sse");
        }
    }

    @Test
    void anHttp10KeepAliveClientIsNeverSentChunkedEncoding() throws Exception {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.builder().responseMode(ResponseMode.SSE).start();
                TestGateway gateway = TestGateway.modern(upstream.uri());
                RawConnection connection = gateway.connect()) {
            HttpHead head = connection.send(echo("old-keepalive").rawAs("HTTP/1.0", TestGateway.PATH,
                    gateway.hostHeader(), "Connection: keep-alive")).readHead();

            assertThat(head.status()).isEqualTo(200);
            assertThat(head.isChunked()).as("HTTP/1.0 has no chunked coding: %s", head).isFalse();
            List<SseEvent> events = new SseReader(connection.body(head)).rest();
            assertThat(events).hasSize(1);
            assertThat(events.get(0).json().path("id").asText()).isEqualTo("old-keepalive");
        }
    }

    @Test
    void connectionCloseFromAnHttp11ClientIsHonoured() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start();
                TestGateway gateway = TestGateway.modern(upstream.uri());
                RawConnection connection = gateway.connect()) {
            RawResponse response = connection.send(echo("bye").raw(TestGateway.PATH, gateway.hostHeader(),
                    "Connection: close")).readResponse();

            assertThat(response.status()).isEqualTo(200);
            assertThat(response.head().all("Connection")).containsExactly("close");
            assertThat(connection.closedByPeer()).isTrue();
        }
    }

    @Test
    void sequentialCallsOnOneClientConnectionShareOneUpstreamConnection() {
        for (ResponseMode mode : ResponseMode.values()) {
            try (ModernFixtureUpstream upstream = ModernFixtureUpstream.builder().responseMode(mode).start();
                    TestGateway gateway = TestGateway.modern(upstream.uri());
                    RawConnection connection = gateway.connect()) {
                for (int i = 0; i < 5; i++) {
                    RawResponse response = connection.send(echo("seq-" + i).raw(TestGateway.PATH,
                            gateway.hostHeader())).readResponse();
                    assertThat(response.status()).isEqualTo(200);
                }

                assertThat(upstream.connectionsAccepted()).as(mode.name()).isEqualTo(1);
            }
        }
    }

    @Test
    void anUpstreamConnectionThatAnnouncedItsCloseIsNotReused() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.builder().keepAliveConnection(false).start();
                TestGateway gateway = TestGateway.modern(upstream.uri());
                RawConnection connection = gateway.connect()) {
            for (int i = 0; i < 3; i++) {
                RawResponse response = connection.send(echo("closing-" + i).raw(TestGateway.PATH,
                        gateway.hostHeader())).readResponse();
                assertThat(response.status()).as(response.text()).isEqualTo(200);
                assertThat(response.head().has("Connection")).as("the client connection stays open").isFalse();
            }

            assertThat(upstream.connectionsAccepted()).isEqualTo(3);
        }
    }

    @Test
    void aLargeAnswerIsRelayedWhole() {
        String message = "m".repeat(1 << 20);
        for (ResponseMode mode : ResponseMode.values()) {
            try (ModernFixtureUpstream upstream = ModernFixtureUpstream.builder().responseMode(mode)
                    .maxRequestBytes(2 << 20).start();
                    TestGateway gateway = TestGateway.modern(upstream.uri());
                    RawConnection connection = gateway.connect()) {
                RawResponse response = connection.send(McpCall.toolsCall("large", "echo", "{\"message\":\""
                        + message + "\"}").raw(TestGateway.PATH, gateway.hostHeader())).readResponse();

                assertThat(response.status()).isEqualTo(200);
                String text = response.text();
                String json = mode == ResponseMode.SSE ? text.substring(text.indexOf("data: ") + 6).strip() : text;
                assertThat(Json.parse(json).path("result").path("content").get(0).path("text").asText())
                        .as(mode.name()).isEqualTo("Echo: " + message);
            }
        }
    }

    @Test
    void clientConnectionsOnOneEventLoopShareItsUpstreamConnections() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start();
                TestGateway gateway = TestGateway.modern(upstream.uri())) {
            for (int i = 0; i < 3 * EVENT_LOOPS; i++) {
                try (RawConnection connection = gateway.connect()) {
                    RawResponse response = connection.send(echo("loop-" + i).raw(TestGateway.PATH,
                            gateway.hostHeader())).readResponse();
                    assertThat(response.status()).isEqualTo(200);
                }
            }

            assertThat(upstream.connectionsAccepted()).isBetween(1, EVENT_LOOPS);
        }
    }

    @Test
    void connectionsOverMaxConnectionsAreAnswered503AndClosedAndRoomIsMadeWhenOneLeaves() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start();
                TestGateway gateway = TestGateway.modern(upstream.uri(), TestLimits.defaults().maxConnections(2));
                RawConnection first = gateway.connect()) {
            try (RawConnection second = gateway.connect()) {
                Await.until("two connections are open", () -> gateway.server().openConnections() == 2);

                try (RawConnection third = gateway.connect()) {
                    RawResponse refused = third.send(echo("third").raw(TestGateway.PATH, gateway.hostHeader()))
                            .readResponse();
                    assertThat(refused.status()).isEqualTo(503);
                    assertThat(refused.text()).contains("\"code\":-32603", "\"maxConnections\":2");
                    assertThat(third.closedByPeer()).isTrue();
                }
                assertThat(second.send(echo("second").raw(TestGateway.PATH, gateway.hostHeader())).readResponse()
                        .status()).isEqualTo(200);
            }
            Await.until("one connection is open", () -> gateway.server().openConnections() == 1);

            try (RawConnection fourth = gateway.connect()) {
                assertThat(fourth.send(echo("fourth").raw(TestGateway.PATH, gateway.hostHeader())).readResponse()
                        .status()).isEqualTo(200);
            }
            assertThat(first.send(echo("first").raw(TestGateway.PATH, gateway.hostHeader())).readResponse()
                    .status()).isEqualTo(200);
        }
    }
}
