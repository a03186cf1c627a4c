package io.eragate.netty.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.config.AdminConfig;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.GatewayConfig;
import io.eragate.core.config.ListenConfig;
import io.eragate.core.config.RouteConfig;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.netty.server.GatewayServer;
import io.eragate.netty.testing.LegacyFixtureUpstream;
import io.eragate.netty.testing.ModernFixtureUpstream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * After a mixed workload (modern and legacy upstreams, both probed, tool calls that succeed and fail, a request the
 * front door refuses), {@code GET /metrics} on the admin port shows it in the Prometheus text format: the MCP
 * histograms per route, method, era pair and outcome, the upstream exchanges (probes, the bridge's synthesized
 * initialize, each forwarded call), the rejection, the probe and session counters and the runtime basics.
 */
class MetricsIT {

    @Test
    void theAdminPortShowsAMixedWorkloadInPrometheusText() throws Exception {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start();
                ModernFixtureUpstream modern = ModernFixtureUpstream.start();
                GatewayServer gateway = GatewayServer.start(GatewayConfig.defaults()
                        .withListen(new ListenConfig("127.0.0.1", 0))
                        .withAdmin(new AdminConfig("127.0.0.1", 0))
                        .withUpstreams(List.of(new UpstreamConfig("legacy", legacy.uri(), EraSetting.AUTO),
                                new UpstreamConfig("modern", modern.uri(), EraSetting.AUTO)))
                        .withRoutes(List.of(new RouteConfig("/legacy", "legacy"),
                                new RouteConfig("/modern", "modern"))))) {
            String base = "http://127.0.0.1:" + gateway.listenAddress().getPort();
            for (String upstream : List.of("legacy", "modern")) {
                for (int i = 0; i < 2; i++) {
                    HttpResponse<String> echo = Http.send(McpCall.toolsCall("e" + i, "echo", "{\"message\":\"m\"}")
                            .httpRequest(URI.create(base + "/" + upstream)));
                    assertThat(echo.body()).contains("Echo: m");
                }
            }
            HttpResponse<String> refused = Http.send(McpCall.toolsCall("bad", "echo", "{}").body("{\"jsonrpc\":")
                    .httpRequest(URI.create(base + "/modern")));
            assertThat(refused.statusCode()).isEqualTo(400);

            HttpResponse<String> scrape = Http.send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + gateway.adminAddress().getPort() + "/metrics")).GET().build());

            assertThat(scrape.statusCode()).isEqualTo(200);
            assertThat(scrape.headers().firstValue("content-type").orElse("")).startsWith("text/plain");
            Map<String, Double> samples = samples(scrape.body());
            assertThat(samples).containsEntry("mcp_server_operation_duration_seconds_count{client_era=\"modern\","
                    + "error_type=\"none\",mcp_method_name=\"tools/call\",route=\"/legacy\",upstream=\"legacy\","
                    + "upstream_era=\"legacy\"}", 2.0);
            assertThat(samples).containsEntry("mcp_server_operation_duration_seconds_count{client_era=\"modern\","
                    + "error_type=\"none\",mcp_method_name=\"tools/call\",route=\"/modern\",upstream=\"modern\","
                    + "upstream_era=\"modern\"}", 2.0);
            assertThat(samples).containsEntry("mcp_client_operation_duration_seconds_count{client_era=\"modern\","
                    + "error_type=\"none\",mcp_method_name=\"tools/call\",route=\"/legacy\",upstream=\"legacy\","
                    + "upstream_era=\"legacy\"}", 2.0);
            assertThat(samples).containsEntry("mcp_client_operation_duration_seconds_count{client_era=\"modern\","
                    + "error_type=\"none\",mcp_method_name=\"initialize\",route=\"/legacy\",upstream=\"legacy\","
                    + "upstream_era=\"legacy\"}", 1.0);
            assertThat(samples).containsEntry("mcp_client_operation_duration_seconds_count{client_era=\"modern\","
                    + "error_type=\"none\",mcp_method_name=\"server/discover\",route=\"/modern\","
                    + "upstream=\"modern\",upstream_era=\"none\"}", 1.0);
            assertThat(samples).containsEntry("eragate_frontdoor_rejections_total{code=\"-32700\",status=\"400\"}",
                    1.0);
            assertThat(samples).containsEntry("eragate_era_probes_total{result=\"legacy\"}", 1.0)
                    .containsEntry("eragate_era_probes_total{result=\"modern\"}", 1.0)
                    .containsEntry("eragate_bridge_sessions_opened_total", 1.0)
                    .containsEntry("eragate_bridge_sessions_pooled", 1.0)
                    .containsEntry("eragate_listen_streams_open", 0.0)
                    .containsEntry("eragate_tool_calls_total{error_type=\"none\",gen_ai_tool_name=\"echo\","
                            + "upstream=\"legacy\"}", 2.0)
                    .containsKeys("eragate_client_connections_open", "eragate_upstream_connections_open",
                            "eragate_era_contradictions_total",
                            "eragate_bridge_sessions_evicted_total", "eragate_bridge_sessions_replaced_total",
                            "eragate_mrtr_rounds_total", "jvm_threads_live_threads", "netty_direct_memory_used");
            assertThat(scrape.body()).contains("mcp_server_operation_duration_seconds_bucket{", "le=\"300.0\"}",
                    "jvm_memory_used_bytes{", "jvm_gc_");
        }
    }

    /** Every sample line, series to value; HELP/TYPE comments left out. */
    private static Map<String, Double> samples(String exposition) {
        Pattern sample = Pattern.compile("^(\\S+(?:\\{.*})?) (\\S+)$");
        return Arrays.stream(exposition.split("\n"))
                .filter(line -> !line.startsWith("#") && !line.isBlank())
                .map(sample::matcher)
                .filter(Matcher::matches)
                .collect(Collectors.toMap(m -> m.group(1), m -> Double.parseDouble(m.group(2)), (a, b) -> b));
    }
}
