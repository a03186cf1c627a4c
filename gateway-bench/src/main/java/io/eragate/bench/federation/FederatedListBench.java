package io.eragate.bench.federation;

import io.eragate.bench.McpSamples;
import io.eragate.core.config.AdminConfig;
import io.eragate.core.config.ConfigLoader;
import io.eragate.core.config.GatewayConfig;
import io.eragate.core.config.ListenConfig;
import io.eragate.core.mcp.ProtocolVersions;
import io.eragate.netty.server.GatewayServer;
import io.eragate.netty.testing.LegacyFixtureUpstream;
import io.eragate.netty.testing.ModernFixtureUpstream;
import io.eragate.netty.testing.ResponseMode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A federated {@code tools/list} over three upstreams (two 2026-07-28 fixtures passed through, one 2025-11-25 fixture
 * bridged), each in this JVM on 127.0.0.1, through one Eragate route; once with the merged-page cache on
 * ({@code bridge.listCacheTtl: 30s}) and once off ({@code 0ms}, every list fans out to all three); first of all the
 * same {@code tools/list} passed through to one 2026-07-28 fixture, the line the cached federated list is measured
 * against (each row says its ratio to it). A closed loop of
 * {@code clients} threads, each sending the next request when the last is answered, for {@code seconds} after a
 * warm-up of the same length; every answer must list the three upstreams' tools. Prints one Markdown table row per
 * case: requests per second, p50 and p99 latency.
 *
 * <p>Usage: {@code java -cp benchmarks.jar io.eragate.bench.federation.FederatedListBench [clients] [seconds]}
 */
public final class FederatedListBench {

    private static final String BODY = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{"
            + "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"" + ProtocolVersions.V2026_07_28 + "\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{},"
            + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"eragate-bench\",\"version\":\"1.0.0\"}}}}";

    private FederatedListBench() {
    }

    public static void main(String[] args) throws Exception {
        int clients = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        try (ModernFixtureUpstream a = ModernFixtureUpstream.builder().responseMode(ResponseMode.JSON).start();
                ModernFixtureUpstream b = ModernFixtureUpstream.builder().responseMode(ResponseMode.JSON).start();
                LegacyFixtureUpstream c3 = LegacyFixtureUpstream.builder().responseMode(ResponseMode.JSON).start()) {
            System.out.println("| case | clients | requests/s | p50 ms | p99 ms | requests |");
            System.out.println("|---|---|---|---|---|---|");
            double single = 0;
            for (Case c : List.of(
                    new Case("single pass-through (one 2026-07-28 upstream)", "upstream: alpha", "0ms",
                            List.of("\"echo\"")),
                    new Case("cached (listCacheTtl 30s)", "upstreams: [alpha, beta, gamma]", "30s", MERGED),
                    new Case("uncached (every list fans out)", "upstreams: [alpha, beta, gamma]", "0ms", MERGED))) {
                GatewayConfig config = ConfigLoader.parse("""
                        upstreams:
                          - {name: alpha, url: "http://127.0.0.1:%d/mcp", era: modern}
                          - {name: beta, url: "http://127.0.0.1:%d/mcp", era: modern}
                          - {name: gamma, url: "http://127.0.0.1:%d/mcp", era: legacy}
                        routes:
                          - {path: /mcp, %s}
                        bridge: {listCacheTtl: %s}
                        """.formatted(a.port(), b.port(), c3.port(), c.route(), c.ttl()), "federation-bench.yaml")
                        .withListen(new ListenConfig("127.0.0.1", 0))
                        .withAdmin(new AdminConfig("127.0.0.1", 0));
                try (GatewayServer gateway = GatewayServer.start(config)) {
                    URI uri = URI.create("http://127.0.0.1:" + gateway.listenAddress().getPort() + McpSamples.PATH);
                    run(uri, clients, seconds, c.mustContain());
                    long[] latencies = run(uri, clients, seconds, c.mustContain());
                    Arrays.sort(latencies);
                    double rate = latencies.length / (double) seconds;
                    single = single == 0 ? rate : single;
                    System.out.printf(Locale.ROOT, "| %s | %d | %.0f (%.2f× single) | %.2f | %.2f | %d |%n",
                            c.label(), clients, rate, rate / single, percentile(latencies, 0.50) / 1e6,
                            percentile(latencies, 0.99) / 1e6, latencies.length);
                }
            }
        }
    }

    /** Tool names a merged list of the three upstreams carries. */
    private static final List<String> MERGED = List.of("alpha_echo", "beta_echo", "gamma_echo");

    /** One row: a label, the route's target, the merged-page cache's lifetime, and what every answer must hold. */
    private record Case(String label, String route, String ttl, List<String> mustContain) {
    }

    /** A closed loop for {@code seconds}; the latency of every answer, in nanoseconds. */
    private static long[] run(URI uri, int clients, int seconds, List<String> mustContain) throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpRequest request = HttpRequest.newBuilder(uri)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", ProtocolVersions.V2026_07_28)
                .header("Mcp-Method", "tools/list")
                .POST(HttpRequest.BodyPublishers.ofString(BODY)).build();
        long end = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<List<Long>>> loops = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            loops.add(pool.submit(() -> {
                List<Long> mine = new ArrayList<>();
                while (System.nanoTime() < end) {
                    long start = System.nanoTime();
                    HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
                    String body = new String(response.body(), StandardCharsets.UTF_8);
                    if (response.statusCode() != 200 || !mustContain.stream().allMatch(body::contains)) {
                        throw new IllegalStateException("not the expected list (" + mustContain + "): "
                                + response.statusCode() + " " + body);
                    }
                    mine.add(System.nanoTime() - start);
                }
                return mine;
            }));
        }
        List<Long> all = new ArrayList<>();
        for (Future<List<Long>> loop : loops) {
            all.addAll(loop.get());
        }
        pool.shutdown();
        return all.stream().mapToLong(Long::longValue).toArray();
    }

    private static long percentile(long[] sorted, double quantile) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(quantile * sorted.length) - 1)];
    }
}
