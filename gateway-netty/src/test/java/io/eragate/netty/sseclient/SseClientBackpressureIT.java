package io.eragate.netty.sseclient;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.config.AdminConfig;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.GatewayConfig;
import io.eragate.core.config.ListenConfig;
import io.eragate.core.config.RouteConfig;
import io.eragate.core.config.SseClientsConfig;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.netty.server.GatewayServer;
import io.eragate.netty.testing.NodePeers;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Backpressure toward a 2024-11-05 SSE client that does not read its stream: a raw socket with a small receive
 * buffer opens {@code GET /everything/sse} and stops reading, then POSTs {@code echo} calls with large messages to
 * server-everything through the gateway, one at a time. A message whose answer the client has not taken from its
 * stream stays counted against {@code sseClients.maxQueuedMessages}, so a POST is soon refused with 503 and a
 * JSON-RPC error keeping its id; once the client reads its stream, the session takes messages again.
 */
class SseClientBackpressureIT {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final NodePeers PEERS = NodePeers.locate();
    private static final int MAX_QUEUED = 3;
    private static final int MAX_CALLS = 24;
    /** Each answer is larger than this; MAX_CALLS of them overflow any loopback socket buffers. */
    private static final int MESSAGE_CHARS = 512 * 1024;
    private static final Pattern ENDPOINT = Pattern.compile("event: endpoint\r?\ndata: (\\S+)");

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(WAIT).build();

    @Test
    void aClientThatDoesNotReadItsStreamGetsACleanRefusalAndIsServedAgainOnceItReads() throws Exception {
        try (NodePeers.Server everything = PEERS.startServer("everything-server.mjs", "0");
                GatewayServer gateway = start(everything);
                Socket stream = new Socket()) {
            stream.setReceiveBufferSize(4096);
            stream.connect(new InetSocketAddress("127.0.0.1", gateway.listenAddress().getPort()));
            stream.setSoTimeout((int) WAIT.toMillis());
            OutputStream out = stream.getOutputStream();
            out.write(("GET /everything/sse HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = stream.getInputStream();
            String messages = "http://127.0.0.1:" + gateway.listenAddress().getPort()
                    + readUntil(in, ENDPOINT).group(1);
            assertThat(post(messages, initialize()).statusCode()).isEqualTo(202);
            readUntil(in, Pattern.compile("\"id\":1\\b"));
            assertThat(post(messages, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
                    .statusCode()).isEqualTo(202);

            HttpResponse<String> refused = null;
            int accepted = 0;
            for (int id = 100; id < 100 + MAX_CALLS && refused == null; id++) {
                HttpResponse<String> answer = post(messages, echo(id));
                if (answer.statusCode() == 202) {
                    accepted++;
                } else {
                    refused = answer;
                }
            }

            assertThat(refused).as("a POST was refused while the stream held %s unread answers", accepted)
                    .isNotNull();
            assertThat(refused.statusCode()).isEqualTo(503);
            assertThat(refused.body()).contains("\"id\":" + (100 + accepted), "\"code\":-32603",
                    "sseClients.maxQueuedMessages");

            int last = 100 + MAX_CALLS;
            readUntil(in, Pattern.compile("\"id\":" + (99 + accepted) + "\\b"));
            assertThat(post(messages, echo(last)).statusCode()).as("the session takes messages again").isEqualTo(202);
            readUntil(in, Pattern.compile("\"id\":" + last + "\\b"));
        }
    }

    private static GatewayServer start(NodePeers.Server everything) throws InterruptedException {
        UpstreamConfig upstream = new UpstreamConfig("everything", URI.create(everything.mcpUrl()),
                EraSetting.LEGACY);
        return GatewayServer.start(GatewayConfig.defaults()
                .withListen(new ListenConfig("127.0.0.1", 0))
                .withAdmin(new AdminConfig("127.0.0.1", 0))
                .withUpstreams(List.of(upstream))
                .withRoutes(List.of(new RouteConfig("/everything", "everything")))
                .withSseClients(new SseClientsConfig(10, MAX_QUEUED, Duration.ofMinutes(10))));
    }

    private HttpResponse<String> post(String url, String body) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(WAIT)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String initialize() {
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2024-11-05\","
                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"backpressure-it\",\"version\":\"1.0.0\"}}}";
    }

    private static String echo(int id) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                + "\"arguments\":{\"message\":\"" + "x".repeat(MESSAGE_CHARS) + "\"}}}";
    }

    /** Reads the stream until {@code pattern} matches what was read, within {@link #WAIT}. */
    private static Matcher readUntil(InputStream in, Pattern pattern) throws IOException {
        StringBuilder read = new StringBuilder();
        byte[] buffer = new byte[64 * 1024];
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            assertThat(System.nanoTime()).as("%s read within %s", pattern, WAIT).isLessThan(deadline);
            int n = in.read(buffer);
            assertThat(n).as("the stream ended before %s", pattern).isPositive();
            read.append(new String(buffer, 0, n, StandardCharsets.ISO_8859_1));
            Matcher matcher = pattern.matcher(read);
            if (matcher.find()) {
                return matcher;
            }
            // Keep only a tail: answers are large, the pattern is short.
            if (read.length() > 4 * MESSAGE_CHARS) {
                read.delete(0, read.length() - 1024);
            }
        }
    }
}
