package io.eragate.netty.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.core.config.ConfigLoader;
import io.eragate.core.config.GatewayConfig;
import io.eragate.core.config.LimitsConfig;
import io.eragate.core.reload.ReloadReport;
import io.eragate.netty.server.GatewayServer;
import io.eragate.netty.testing.NodePeers;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/**
 * The migration dashboard as an operator sees it: real clients of both eras send traffic through Eragate to a real
 * legacy server (server-everything), a real modern one (SDK v2) and a stdio process, then Debian's Chromium loads
 * {@code /} from the admin port and the test reads what the page shows. The screenshot lands in
 * {@code target/dashboard.png} (the one in docs/ is a copy).
 */
class DashboardIT {
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(90);
    private static final NodePeers PEERS = NodePeers.locate();
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void thePageShowsErasTrafficBridgeCostRejectionsAndTheLastReload() throws Exception {
        try (NodePeers.Server everything = PEERS.startOnFreePort(NodePeers.DEFAULT_READY_TIMEOUT, "listening on port",
                     "node_modules/@modelcontextprotocol/server-everything/dist/index.js", "streamableHttp");
             NodePeers.Server modern = PEERS.startServer("modern-server.mjs", "0")) {
            GatewayConfig config = ConfigLoader.parse("""
                    listen: { host: 127.0.0.1, port: 0 }
                    admin: { host: 127.0.0.1, port: 0 }
                    upstreams:
                      - { name: everything, url: "%s" }
                      - { name: modern, url: "%s" }
                      - { name: tool, era: modern, command: ["%s", "%s"] }
                    routes:
                      - { path: /legacy, upstream: everything }
                      - { path: /modern, upstream: modern }
                      - { path: /tool, upstream: tool }
                      - { path: /all, upstreams: [everything, modern, tool] }
                    """.formatted(everything.mcpUrl(), modern.mcpUrl(), PEERS.nodeBinary(),
                    PEERS.interopDir().resolve("modern-stdio-server.mjs")), "dashboard.yaml");
            try (GatewayServer gateway = GatewayServer.start(config)) {
                String base = "http://127.0.0.1:" + gateway.listenAddress().getPort();
                sendMixedTraffic(base);
                assertThat(headerMismatch(base + "/modern")).isEqualTo(400);
                ReloadReport reload = gateway.operations().reload(withHalfTheBodyLimit(config), "test");
                assertThat(reload.result()).isEqualTo(ReloadReport.Result.APPLIED);

                int admin = gateway.adminAddress().getPort();
                Path screenshot = Path.of("target", "dashboard.png").toAbsolutePath();
                NodePeers.Result run = PEERS.run(CLIENT_TIMEOUT, "dashboard-check.mjs",
                        "http://127.0.0.1:" + admin + "/", screenshot.toString(), "4",
                        "http://localhost:" + admin + "/");
                assertThat(run.exitCode()).as("%s\n%s", run.stdout(), run.stderr()).isZero();
                JsonNode page = JSON.readTree(run.lastStdoutLine());

                assertThat(page.path("readiness").asText()).isEqualTo("ready");
                assertThat(rows(page, "upstreams")).anySatisfy(row -> assertThat(row)
                        .startsWith("everything", "http").contains("legacy", "2025-11-25", "probe", "available"));
                assertThat(rows(page, "upstreams")).anySatisfy(row -> assertThat(row)
                        .startsWith("modern", "http").contains("modern", "2026-07-28", "probe", "available"));
                assertThat(rows(page, "upstreams")).anySatisfy(row -> {
                    assertThat(row).startsWith("tool", "stdio").contains("modern", "config", "available");
                    assertThat(row.get(8)).startsWith("#0 ready pid ");
                });
                assertThat(rows(page, "routes")).anySatisfy(row -> assertThat(row)
                        .startsWith("/all", "federated (prefixed)",
                                "everything: legacy, modern: modern, tool: stdio"));
                assertThat(rows(page, "routes")).anySatisfy(row -> assertThat(row)
                        .startsWith("/legacy", "plain", "everything: legacy"));
                assertThat(rows(page, "catalogue")).contains(List.of("/all", "tool", "everything_echo", "everything",
                        "echo"), List.of("/all", "tool", "modern_add", "modern", "add"));
                assertThat(rows(page, "traffic")).anySatisfy(row -> assertThat(row)
                        .startsWith("/legacy", "everything", "modern", "legacy", "bridged"));
                assertThat(rows(page, "traffic")).anySatisfy(row -> assertThat(row)
                        .startsWith("/legacy", "everything", "legacy", "legacy", "pass-through"));
                assertThat(rows(page, "traffic")).anySatisfy(row -> assertThat(row)
                        .startsWith("/modern", "modern", "modern", "modern", "pass-through"));
                assertThat(rows(page, "bridgeCost")).anySatisfy(row -> assertThat(row)
                        .startsWith("/legacy", "everything", "modern → legacy"));
                assertThat(rows(page, "eraMatrix")).anySatisfy(row -> assertThat(row.get(0)).isEqualTo("legacy"));
                assertThat(rows(page, "rejections")).anySatisfy(row -> assertThat(row.get(0)).startsWith("400 -32020"));
                assertThat(page.path("reload").asText()).contains("(test): applied — limits");
                assertThat(page.path("other").path("readiness").asText()).as("the page under localhost")
                        .isEqualTo("ready");
                assertThat(page.path("other").path("upstreams").asInt()).isEqualTo(3);
                assertThat(page.path("consoleErrors")).isEmpty();
                assertThat(screenshot).isNotEmptyFile();
            }
        }
    }

    /** Modern clients to both HTTP upstreams and the process, legacy clients to the legacy one, at once. */
    private static void sendMixedTraffic(String base) {
        ExecutorService clients = Executors.newFixedThreadPool(4);
        try {
            List<CompletableFuture<NodePeers.Result>> runs = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                runs.add(run(clients, "modern-client.mjs", base + "/legacy", "modern", "echo", "{\"message\":\"m\"}"));
                runs.add(run(clients, "legacy-client.mjs", base + "/legacy", "echo", "{\"message\":\"l\"}"));
            }
            runs.add(run(clients, "modern-client.mjs", base + "/modern", "modern", "echo", "{\"message\":\"n\"}"));
            runs.add(run(clients, "modern-client.mjs", base + "/tool", "modern", "echo", "{\"message\":\"t\"}"));
            runs.add(run(clients, "federated-client.mjs", base + "/all", "[[\"modern_add\",{\"a\":2,\"b\":3}]]"));
            for (CompletableFuture<NodePeers.Result> run : runs) {
                NodePeers.Result result = run.join();
                assertThat(result.exitCode()).as("%s\n%s", result.stdout(), result.stderr()).isZero();
            }
        } finally {
            clients.shutdownNow();
        }
    }

    private static CompletableFuture<NodePeers.Result> run(ExecutorService clients, String script, String... args) {
        return CompletableFuture.supplyAsync(() -> PEERS.run(CLIENT_TIMEOUT, script, args), clients);
    }

    /** A 2026-07-28 call whose Mcp-Name header disagrees with its body: rejected 400/-32020. */
    private static int headerMismatch(String url) throws Exception {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                + "\"arguments\":{},\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
        HttpRequest request = HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28").header("Mcp-Method", "tools/call")
                .header("Mcp-Name", "nope").POST(HttpRequest.BodyPublishers.ofString(body)).build();
        return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString()).statusCode();
    }

    /** The running configuration with a smaller body limit: a reload the page then shows. */
    private static GatewayConfig withHalfTheBodyLimit(GatewayConfig config) {
        LimitsConfig limits = config.limits();
        return config.withLimits(new LimitsConfig(limits.maxBodyBytes() / 2, limits.maxHeaderBytes(),
                limits.maxInitialLineBytes(), limits.maxConnections(), limits.idleTimeout(),
                limits.upstreamConnectTimeout(), limits.upstreamResponseTimeout(),
                limits.maxUpstreamConnectionsPerEventLoop(), limits.maxPendingUpstreamAcquires()));
    }

    private static List<List<String>> rows(JsonNode page, String table) {
        List<List<String>> rows = new ArrayList<>();
        for (JsonNode row : page.path(table)) {
            List<String> cells = new ArrayList<>();
            row.forEach(cell -> cells.add(cell.asText()));
            rows.add(cells);
        }
        return rows;
    }
}
