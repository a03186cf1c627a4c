package io.eragate.netty.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.netty.testing.Await;
import io.eragate.netty.testing.ModernFixtureUpstream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code limits.requestHeaderTimeout} against slowloris on real sockets: clients that trickle their request heads a
 * byte at a time are answered 408 and closed, so they cannot hold the connection slots that real clients need.
 */
class SlowlorisIT {
    private static final Duration HEAD_TIMEOUT = Duration.ofMillis(500);
    /** Bounds every wait; the assertions are on what happens, never on how soon. */
    private static final Duration GENEROUS = Duration.ofSeconds(30);

    /** Sends the start of a head, then one more byte every 100 ms until the gateway stops it or the test ends. */
    private static Socket trickle(TestGateway gateway, ScheduledExecutorService ticks) throws IOException {
        Socket socket = new Socket(gateway.address().getAddress(), gateway.port());
        socket.setSoTimeout((int) RawConnection.READ_TIMEOUT.toMillis());
        OutputStream out = socket.getOutputStream();
        out.write(("POST /mcp HTTP/1.1\r\nHost: " + gateway.hostHeader() + "\r\nX-Slow: ")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        ticks.scheduleWithFixedDelay(() -> {
            try {
                out.write('a');
                out.flush();
            } catch (IOException closed) {
                throw new IllegalStateException("stopped: " + closed.getMessage());
            }
        }, 100, 100, TimeUnit.MILLISECONDS);
        return socket;
    }

    @Test
    void aTrickledHeadIsAnswered408WithAJsonRpcErrorAndClosed() throws Exception {
        ScheduledExecutorService ticks = Executors.newSingleThreadScheduledExecutor();
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start();
                TestGateway gateway = TestGateway.modern(upstream.uri(),
                        TestLimits.defaults().requestHeaderTimeout(HEAD_TIMEOUT));
                Socket slow = trickle(gateway, ticks)) {
            String answer = new String(slow.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

            assertThat(answer).startsWith("HTTP/1.1 408");
            assertThat(answer).containsIgnoringCase("connection: close").contains("application/json");
            String body = answer.substring(answer.indexOf("\r\n\r\n") + 4);
            assertThat(Json.parse(body.getBytes(StandardCharsets.UTF_8)).path("error").path("code").asInt())
                    .isEqualTo(-32600);
            assertThat(Json.parse(body.getBytes(StandardCharsets.UTF_8)).get("id").isNull()).isTrue();
            assertThat(body).contains("limits.requestHeaderTimeout");
        } finally {
            ticks.shutdownNow();
        }
    }

    @Test
    void realClientsAreServedWhileSlowSocketsHoldEveryConnectionSlot() throws Exception {
        int maxConnections = 8;
        ScheduledExecutorService ticks = Executors.newScheduledThreadPool(2);
        List<Socket> slow = new ArrayList<>();
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start();
                TestGateway gateway = TestGateway.modern(upstream.uri(), TestLimits.defaults()
                        .requestHeaderTimeout(HEAD_TIMEOUT).maxConnections(maxConnections))) {
            realClientGetsThrough(gateway, maxConnections, ticks, slow);
        }
    }

    private static void realClientGetsThrough(TestGateway gateway, int maxConnections, ScheduledExecutorService ticks,
            List<Socket> slow) throws Exception {
        try {
            for (int i = 0; i < maxConnections; i++) {
                slow.add(trickle(gateway, ticks));
            }
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            McpCall call = McpCall.toolsCall("real", "echo", "{\"message\":\"through\"}");

            long deadline = System.nanoTime() + GENEROUS.toNanos();
            HttpResponse<String> answer = null;
            while (System.nanoTime() < deadline) {
                try {
                    answer = client.send(call.httpRequest(gateway.uri()), HttpResponse.BodyHandlers.ofString());
                    if (answer.statusCode() == 200) {
                        break;
                    }
                } catch (IOException refusedMidWay) {
                    // A slot freed and taken again between connect and answer: try again.
                }
                Thread.sleep(50);
            }

            assertThat(answer).isNotNull();
            assertThat(answer.statusCode()).as("a real client got through before the deadline").isEqualTo(200);
            assertThat(answer.body()).contains("through");
        } finally {
            // The slow sockets end before the gateway does, so that their connections close as a client's would.
            ticks.shutdownNow();
            for (Socket socket : slow) {
                socket.close();
            }
            // All but the real client's kept-alive connection.
            Await.until("the slow connections are closed", () -> gateway.server().openConnections() <= 1, GENEROUS);
        }
    }
}
