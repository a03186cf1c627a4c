package io.eragate.netty.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.netty.testing.Await;
import io.eragate.netty.testing.NodePeers;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
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
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replicas as separate processes: two packaged gateways ({@code target/eragate.jar}, each its own JVM) with the same
 * {@code security.secrets}, in front of one real SDK v2 server that serves only 2026-07-28
 * ({@code interop/modern-server.mjs}), so a 2025-11-25 client is served by the legacy client front. A front session
 * opened on one process is used on the other; and when the process holding a client's call is killed (SIGKILL), the
 * client's stream ends at once instead of hanging, the upstream call is cancelled, and a new session on the other
 * process works.
 */
class ReplicaProcessesIT {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Pattern LISTENING = Pattern.compile("Eragate listening on /127\\.0\\.0\\.1:(\\d+)");
    private static final NodePeers PEERS = NodePeers.locate();
    private static final String ECHO = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":"
            + "{\"name\":\"echo\",\"arguments\":{\"message\":\"from the other process\"}}}";
    private static final String SLOW = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":"
            + "{\"name\":\"slow\",\"arguments\":{\"ms\":600000},\"_meta\":{\"progressToken\":\"replica\"}}}";

    private static NodePeers.Server upstream;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(WAIT).build();
    private final LegacyClientRequests requests = new LegacyClientRequests(http, WAIT, "replica-processes-it");
    private final List<Process> gateways = new ArrayList<>();

    @TempDir
    Path dir;

    @BeforeAll
    static void startUpstream() {
        upstream = PEERS.startServer("modern-server.mjs", "0", "sse", "reject");
    }

    @AfterAll
    static void stopUpstream() {
        if (upstream != null) {
            upstream.close();
        }
    }

    @AfterEach
    void stopGateways() throws InterruptedException {
        for (Process gateway : gateways) {
            gateway.destroyForcibly();
            gateway.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS);
        }
    }

    @Test
    void aFrontSessionOpenedOnOneProcessIsServedByTheOther() throws Exception {
        int first = startGateway("first");
        int second = startGateway("second");
        String sessionId = initialize(first);

        HttpResponse<String> echoed = post(second, sessionId, ECHO);

        assertThat(echoed.statusCode()).as(echoed.body()).isEqualTo(200);
        assertThat(echoed.body()).contains("Echo: from the other process").doesNotContain("resultType");
    }

    @Test
    void aKilledReplicaEndsItsClientsCallAtOnceAndTheOtherServesANewSession() throws Exception {
        int doomed = startGateway("doomed");
        int survivor = startGateway("survivor");
        String sessionId = initialize(doomed);
        HttpResponse<InputStream> call = http.send(request(doomed, sessionId, SLOW),
                HttpResponse.BodyHandlers.ofInputStream());
        assertThat(call.statusCode()).isEqualTo(200);
        BufferedReader events = new BufferedReader(new InputStreamReader(call.body(), StandardCharsets.UTF_8));
        assertThat(readUntil(events, "notifications/progress")).as("the call runs: its first progress arrived")
                .isTrue();

        gateways.get(0).destroyForcibly();

        CompletableFuture<Boolean> rest = CompletableFuture.supplyAsync(() -> readUntil(events, "\"result\""));
        assertThat(rest.get(WAIT.toSeconds(), TimeUnit.SECONDS))
                .as("the stream ends (EOF or reset) without an answer, instead of hanging").isFalse();
        assertThat(upstream.awaitStderr("CANCELLED slow", WAIT))
                .as("the upstream call ended with its gateway%n%s", upstream.output()).isTrue();
        String fresh = initialize(survivor);
        HttpResponse<String> echoed = post(survivor, fresh, ECHO);
        assertThat(echoed.statusCode()).as(echoed.body()).isEqualTo(200);
        assertThat(echoed.body()).contains("Echo: from the other process");
    }

    /** Starts the packaged gateway as a process with the shared key ring; returns its listen port. */
    private int startGateway(String name) throws IOException {
        Path jar = PEERS.interopDir().getParent().resolve("gateway-netty").resolve("target").resolve("eragate.jar");
        assertThat(jar).as("the packaged gateway; run mvn verify (or package) first").isRegularFile();
        Path config = dir.resolve(name + ".yaml");
        Files.writeString(config, """
                listen: { host: 127.0.0.1, port: 0 }
                admin: { host: 127.0.0.1, port: 0 }
                upstreams:
                  - { name: modern, url: "%s", era: auto }
                routes:
                  - { path: /mcp, upstream: modern }
                security:
                  secrets: ["the-replica-processes-ring"]
                """.formatted(upstream.mcpUrl()));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path stderr = dir.resolve(name + ".log");
        Process gateway = new ProcessBuilder(java, "-jar", jar.toString(), "--config", config.toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(stderr.toFile()).start();
        gateways.add(gateway);
        return Await.value("gateway " + name + " listening", WAIT, () -> {
            Matcher listening = LISTENING.matcher(read(stderr));
            return listening.find() ? Optional.of(Integer.parseInt(listening.group(1))) : Optional.empty();
        }, () -> gateway.isAlive() ? Optional.empty() : Optional.of("gateway " + name + " exited: " + read(stderr)),
                () -> read(stderr));
    }

    private static String read(Path log) {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Opens a front session (initialize, then initialized); returns its sealed id. */
    private String initialize(int port) throws IOException, InterruptedException {
        return requests.initialize(endpoint(port));
    }

    private HttpResponse<String> post(int port, String sessionId, String body)
            throws IOException, InterruptedException {
        return requests.post(endpoint(port), sessionId, body);
    }

    private HttpRequest request(int port, String sessionId, String body) {
        return requests.request(endpoint(port), sessionId, body);
    }

    private static URI endpoint(int port) {
        return URI.create("http://127.0.0.1:" + port + "/mcp");
    }

    /** Reads lines until one contains {@code fragment} (true), or the stream ends or fails (false). */
    private static boolean readUntil(BufferedReader events, String fragment) {
        try {
            String line;
            while ((line = events.readLine()) != null) {
                if (line.contains(fragment)) {
                    return true;
                }
            }
            return false;
        } catch (IOException e) {
            return false;
        }
    }
}
