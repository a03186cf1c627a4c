package io.eragate.netty.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.config.EraSetting;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.netty.testing.NodePeers;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What an idle legacy-client session costs the gateway in sockets: each 2025-11-25 session holding its GET stream
 * on a modern route is fed by an upstream {@code subscriptions/listen}, which the gateway serves without a loopback
 * connection of its own, and which identical sessions (one client, one principal) share: about one socket per
 * session (its GET stream), not four. And every such stream still gets what the upstream's listen publishes.
 */
class LegacySessionSocketsIT {
    private static final NodePeers PEERS = NodePeers.locate();
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final int SESSIONS = 24;
    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"sockets\","
            + "\"version\":\"1\"}}}";
    private static final String INITIALIZED = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";
    private static final String TRIGGER = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":"
            + "{\"name\":\"test_trigger_tool_change\",\"arguments\":{}}}";

    private static NodePeers.Server fixture;
    private static InteropGateway gateway;

    @BeforeAll
    static void start() {
        fixture = PEERS.startServer("fixtures/modern-conformance-server.mjs", "0");
        gateway = InteropGateway.start(List.of(new UpstreamConfig("fixture", URI.create(fixture.mcpUrl()),
                EraSetting.AUTO)), InteropGateway.SECRET);
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (fixture != null) {
            fixture.close();
        }
    }

    @Test
    void anIdleLegacySessionCostsTheGatewayOneSocketAndItsStreamStillGetsTheUpstreamsNotifications()
            throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        URI endpoint = URI.create(gateway.endpoint("fixture"));
        // One session first, so that the pooled connections its set-up needs are open before the count.
        List<String> ids = new ArrayList<>();
        ids.add(open(http, endpoint));
        InputStream warm = stream(http, endpoint, ids.get(0), new CountDownLatch(1), new ConcurrentHashMap<>());
        long before = sockets();

        ConcurrentHashMap<Integer, Boolean> changed = new ConcurrentHashMap<>();
        CountDownLatch all = new CountDownLatch(SESSIONS);
        List<InputStream> streams = new ArrayList<>();
        for (int i = 0; i < SESSIONS; i++) {
            String id = open(http, endpoint);
            streams.add(stream(http, endpoint, id, all, changed));
            ids.add(id);
        }
        // Each stream's listen must be open upstream before it can hear a change: trigger until every one heard one.
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!all.await(2, TimeUnit.SECONDS) && System.nanoTime() < deadline) {
            post(http, endpoint, ids.get(0), TRIGGER);
        }
        assertThat(changed).as("sessions whose GET stream got notifications/tools/list_changed").hasSize(SESSIONS);

        // Per session: the harness-side client socket (this JVM's), and what the gateway holds for it.
        double gatewaySocketsPerSession = (double) (sockets() - before - SESSIONS) / SESSIONS;
        assertThat(gatewaySocketsPerSession).as("gateway sockets per idle legacy session (its GET stream; a listen of "
                + "its own would add one, a loopback connection through the internal endpoint two more)")
                .isLessThanOrEqualTo(1.5);
        streams.add(warm);
        for (InputStream stream : streams) {
            stream.close();
        }
    }

    private static String open(HttpClient http, URI endpoint) throws IOException, InterruptedException {
        HttpResponse<String> initialized = post(http, endpoint, null, INITIALIZE);
        assertThat(initialized.statusCode()).as(initialized.body()).isEqualTo(200);
        String id = initialized.headers().firstValue("Mcp-Session-Id").orElseThrow();
        assertThat(post(http, endpoint, id, INITIALIZED).statusCode()).isEqualTo(202);
        return id;
    }

    /** Opens the session's GET stream; a reader counts {@code latch} down at its first tools list change. */
    private static InputStream stream(HttpClient http, URI endpoint, String id, CountDownLatch latch,
            ConcurrentHashMap<Integer, Boolean> changed) throws IOException, InterruptedException {
        HttpResponse<InputStream> get = http.send(HttpRequest.newBuilder(endpoint).timeout(TIMEOUT).GET()
                .header("Accept", "text/event-stream").header("Mcp-Session-Id", id)
                .header("MCP-Protocol-Version", "2025-11-25").build(), HttpResponse.BodyHandlers.ofInputStream());
        assertThat(get.statusCode()).isEqualTo(200);
        InputStream body = get.body();
        int key = System.identityHashCode(body);
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    if (line.contains("notifications/tools/list_changed") && changed.putIfAbsent(key, true) == null) {
                        latch.countDown();
                    }
                }
            } catch (IOException closed) {
                // The test closed the stream.
            }
        }, "legacy-stream-" + id);
        reader.setDaemon(true);
        reader.start();
        return body;
    }

    private static HttpResponse<String> post(HttpClient http, URI endpoint, String id, String body)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint).timeout(TIMEOUT)
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2025-11-25");
        if (id != null) {
            request.header("Mcp-Session-Id", id);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Sockets this JVM (the gateway and the test's client) holds open. */
    private static long sockets() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.filter(fd -> {
                try {
                    return Files.readSymbolicLink(fd).toString().startsWith("socket:");
                } catch (IOException gone) {
                    return false;
                }
            }).count();
        }
    }
}
