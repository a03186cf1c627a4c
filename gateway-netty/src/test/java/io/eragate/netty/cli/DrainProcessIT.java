package io.eragate.netty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.netty.testing.LegacyFixtureUpstream;
import io.eragate.netty.testing.NodePeers;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged gateway ({@code target/eragate.jar}) run as a process and stopped as an orchestrator stops it: SIGTERM
 * with a call in flight that takes longer than the readiness grace. The call gets its whole answer, and the process
 * exits 0 once it has (not at the drain's deadline, and not 143, as a JVM ended by the signal would).
 */
class DrainProcessIT {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Pattern LISTENING = Pattern.compile("Eragate listening on /127\\.0\\.0\\.1:(\\d+)");
    /** Longer than the readiness grace, well within the drain timeout. */
    private static final int CALL_MS = 4_000;

    @TempDir
    Path dir;

    @Test
    void sigtermLetsTheCallInFlightFinishThenExitsZero() throws Exception {
        Path repo = NodePeers.locate().interopDir().getParent();
        Path jar = repo.resolve("gateway-netty").resolve("target").resolve("eragate.jar");
        assertThat(jar).as("the packaged gateway; run mvn verify (or package) first").isRegularFile();
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start()) {
            Path config = dir.resolve("eragate.yaml");
            Files.writeString(config, """
                    listen: { host: 127.0.0.1, port: 0 }
                    admin: { host: 127.0.0.1, port: 0 }
                    upstreams:
                      - { name: legacy, url: "%s", era: legacy }
                    routes:
                      - { path: /mcp, upstream: legacy }
                    shutdown: { readinessGrace: 1s, drainTimeout: 30s }
                    """.formatted(upstream.uri()));
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Path stderr = dir.resolve("stderr.log");
            Process gateway = new ProcessBuilder(java, "-jar", jar.toString(), "--config", config.toString())
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(stderr.toFile()).start();
            try {
                int port = awaitPort(stderr);
                CompletableFuture<HttpResponse<String>> call = HttpClient.newHttpClient().sendAsync(slowCall(port),
                        HttpResponse.BodyHandlers.ofString());
                upstream.awaitRequest(request -> "tools/call".equals(request.rpcMethod()), WAIT);

                gateway.destroy();
                long signalled = System.nanoTime();

                HttpResponse<String> answer = call.get(WAIT.toSeconds(), TimeUnit.SECONDS);
                assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
                assertThat(answer.body()).as("the whole answer, not an error").contains("\"result\"")
                        .doesNotContain("\"error\"");
                assertThat(gateway.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)).as("the gateway exits").isTrue();
                assertThat(gateway.exitValue()).as(Files.readString(stderr)).isZero();
                assertThat(Duration.ofNanos(System.nanoTime() - signalled))
                        .as("it exits once nothing is in flight, not at the drain deadline")
                        .isLessThan(Duration.ofSeconds(30));
            } finally {
                gateway.destroyForcibly();
            }
        }
    }

    private static HttpRequest slowCall(int port) {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"slow\","
                + "\"arguments\":{\"ms\":" + CALL_MS + ",\"steps\":1},\"_meta\":{"
                + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{},"
                + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"drain-it\",\"version\":\"1\"}}}}";
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp"))
                .timeout(WAIT)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "tools/call")
                .header("Mcp-Name", "slow")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    private static int awaitPort(Path stderr) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            String text = Files.exists(stderr) ? Files.readString(stderr, StandardCharsets.UTF_8) : "";
            Matcher listening = LISTENING.matcher(text);
            if (listening.find()) {
                return Integer.parseInt(listening.group(1));
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the gateway did not start within " + WAIT + ": " + Files.readString(stderr));
    }
}
