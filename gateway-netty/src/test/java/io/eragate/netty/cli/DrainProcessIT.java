package io.eragate.netty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.netty.testing.GatewayProcess;
import io.eragate.netty.testing.LegacyFixtureUpstream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged gateway ({@code target/eragate.jar}) run as a process and stopped as an orchestrator stops it: SIGTERM
 * with a call in flight that takes longer than the readiness grace. The call gets its whole answer, and the process
 * exits 0 once it has (not at the drain's deadline, and not 143, as a JVM ended by the signal would).
 */
class DrainProcessIT {
    private static final Duration WAIT = Duration.ofSeconds(60);
    /** Longer than the readiness grace, well within the drain timeout. */
    private static final int CALL_MS = 4_000;

    @TempDir
    Path dir;

    @Test
    void sigtermLetsTheCallInFlightFinishThenExitsZero() throws Exception {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.start();
                GatewayProcess gateway = GatewayProcess.start(dir, """
                        listen: { host: 127.0.0.1, port: 0 }
                        admin: { host: 127.0.0.1, port: 0 }
                        upstreams:
                          - { name: legacy, url: "%s", era: legacy }
                        routes:
                          - { path: /mcp, upstream: legacy }
                        shutdown: { readinessGrace: 1s, drainTimeout: 30s }
                        """.formatted(upstream.uri()))) {
            int port = gateway.awaitPort(WAIT);
            CompletableFuture<HttpResponse<String>> call = HttpClient.newHttpClient().sendAsync(slowCall(port),
                    HttpResponse.BodyHandlers.ofString());
            upstream.awaitRequest(request -> "tools/call".equals(request.rpcMethod()), WAIT);

            gateway.process().destroy();
            long signalled = System.nanoTime();

            HttpResponse<String> answer = call.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
            assertThat(answer.body()).as("the whole answer, not an error").contains("\"result\"")
                    .doesNotContain("\"error\"");
            assertThat(gateway.process().waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)).as("the gateway exits").isTrue();
            assertThat(gateway.process().exitValue()).as(gateway.stderrText()).isZero();
            assertThat(Duration.ofNanos(System.nanoTime() - signalled))
                    .as("it exits once nothing is in flight, not at the drain deadline")
                    .isLessThan(Duration.ofSeconds(30));
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
}
