package io.eragate.netty.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.core.mcp.Era;
import io.eragate.netty.testing.NodePeers;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The real server-everything (TypeScript SDK v1, legacy only) run as a stdio process behind Eragate, used by the
 * SDK v2 client pinned to 2026-07-28 and by many concurrent HTTP clients. Its era is probed: it answers the
 * {@code server/discover} probe with -32601 and keeps running, and it sends a notification before its
 * {@code initialize} result.
 */
class StdioEverythingIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static StdioGateway gateway;

    @BeforeAll
    static void start() throws InterruptedException {
        gateway = StdioGateway.start(UpstreamConfig.stdio("everything", StdioGateway.everything(), EraSetting.AUTO));
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
    }

    @Test
    void theModernClientListsAndCallsToolsOfALegacyStdioServer() throws Exception {
        NodePeers.Result result = gateway.modernClient("everything", "echo", "{\"message\":\"over stdio\"}");

        assertThat(result.succeeded()).as(result.stdout() + result.stderr()).isTrue();
        JsonNode output = JSON.readTree(result.lastStdoutLine());
        assertThat(output.path("protocolVersion").asText()).isEqualTo("2026-07-28");
        assertThat(output.path("tools").toString()).contains("\"echo\"", "\"get-sum\"");
        assertThat(output.path("result").path("content").get(0).path("text").asText())
                .isEqualTo("Echo: over stdio");
        assertThat(gateway.upstream("everything").era()).as("probed, not pinned").isEqualTo(Era.LEGACY);
    }

    @Test
    void twentyConcurrentClientsOnOneProcessEachGetTheirOwnAnswer() throws Exception {
        StdioUpstream upstream = gateway.upstream("everything");
        gateway.callTool("everything", "0", "echo", "{\"message\":\"warm-up\"}");
        List<Long> pidsBefore = upstream.pids();

        List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            // Every client uses the same request id, as independent clients may: only Eragate's ids tell them apart.
            calls.add(gateway.callToolAsync("everything", "1", "echo", "{\"message\":\"client-" + i + "\"}"));
        }

        for (int i = 0; i < 20; i++) {
            HttpResponse<String> response = calls.get(i).join();
            assertThat(response.statusCode()).isEqualTo(200);
            JsonNode body = JSON.readTree(response.body());
            assertThat(body.path("id").asInt()).isEqualTo(1);
            assertThat(body.path("result").path("content").get(0).path("text").asText())
                    .isEqualTo("Echo: client-" + i);
            assertThat(body.path("result").path("resultType").asText()).isEqualTo("complete");
        }
        assertThat(pidsBefore).hasSize(1);
        assertThat(upstream.pids()).isEqualTo(pidsBefore);
    }
}
