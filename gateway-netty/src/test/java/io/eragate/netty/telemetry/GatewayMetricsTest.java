package io.eragate.netty.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.exchange.ExchangeOutcome;
import io.eragate.core.mcp.Era;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class GatewayMetricsTest {

    private static ExchangeOutcome outcome(String method, String name, int status, Integer code, String errorType,
            long durationNanos) {
        return new ExchangeOutcome("/mcp", "fleet", Era.MODERN, Era.LEGACY, method, name, status, code, errorType,
                10, 20, 0, durationNanos, "anonymous", null, "127.0.0.1");
    }

    @Test
    void theServerHistogramHasTheAdvisedBucketsAndTheExactLabelNames() {
        try (GatewayMetrics metrics = new GatewayMetrics(10)) {
            metrics.onOutcome(outcome("tools/call", "echo", 200, null, null, 150_000_000L));

            String text = metrics.scrape();

            Pattern bucket = Pattern.compile("mcp_server_operation_duration_seconds_bucket\\{client_era=\"modern\","
                    + "error_type=\"none\",mcp_method_name=\"tools/call\",route=\"/mcp\",upstream=\"fleet\","
                    + "upstream_era=\"legacy\",le=\"([^\"]+)\"} ([0-9.]+)");
            Matcher buckets = bucket.matcher(text);
            StringBuilder bounds = new StringBuilder();
            while (buckets.find()) {
                bounds.append(buckets.group(1)).append(' ');
                if (Double.parseDouble(buckets.group(1).replace("+Inf", "Infinity")) < 0.2) {
                    assertThat(Double.parseDouble(buckets.group(2))).as("le=%s", buckets.group(1)).isZero();
                } else {
                    assertThat(Double.parseDouble(buckets.group(2))).as("le=%s", buckets.group(1)).isEqualTo(1);
                }
            }
            assertThat(bounds.toString().trim().split(" ")).containsExactly("0.01", "0.02", "0.05", "0.1", "0.2",
                    "0.5", "1.0", "2.0", "5.0", "10.0", "30.0", "60.0", "120.0", "300.0", "+Inf");
            assertThat(text).contains("mcp_server_operation_duration_seconds_count{client_era=\"modern\","
                    + "error_type=\"none\",mcp_method_name=\"tools/call\",route=\"/mcp\",upstream=\"fleet\","
                    + "upstream_era=\"legacy\"} 1");
        }
    }

    /** Each label value is part of the cached timer's key: outcomes that differ in any one get series of their own. */
    @Test
    void outcomesThatDifferInOneLabelAreCountedApart() {
        try (GatewayMetrics metrics = new GatewayMetrics(10)) {
            metrics.onOutcome(outcome("tools/call", "echo", 200, null, null, 1_000L));
            metrics.onOutcome(outcome("tools/call", "echo", 200, null, null, 1_000L));
            metrics.onOutcome(outcome("tools/call", "echo", 502, null, "upstream_unavailable", 1_000L));
            metrics.onOutcome(new ExchangeOutcome("/mcp", "fleet", Era.LEGACY, Era.LEGACY, "tools/call", "echo", 200,
                    null, null, 10, 20, 0, 1_000L, "anonymous", null, "127.0.0.1"));

            String text = metrics.scrape();

            assertThat(text).contains("mcp_server_operation_duration_seconds_count{client_era=\"modern\","
                    + "error_type=\"none\",mcp_method_name=\"tools/call\",route=\"/mcp\",upstream=\"fleet\","
                    + "upstream_era=\"legacy\"} 2");
            assertThat(text).contains("mcp_server_operation_duration_seconds_count{client_era=\"modern\","
                    + "error_type=\"upstream_unavailable\",mcp_method_name=\"tools/call\",route=\"/mcp\","
                    + "upstream=\"fleet\",upstream_era=\"legacy\"} 1");
            assertThat(text).contains("mcp_server_operation_duration_seconds_count{client_era=\"legacy\","
                    + "error_type=\"none\",mcp_method_name=\"tools/call\",route=\"/mcp\",upstream=\"fleet\","
                    + "upstream_era=\"legacy\"} 1");
        }
    }

    @Test
    void theClientHistogramLabelsEachUpstreamExchange() {
        try (GatewayMetrics metrics = new GatewayMetrics(10)) {
            metrics.upstreamExchange("initialize", new GatewayMetrics.RequestLabels("/mcp", Era.MODERN), "fleet",
                    Era.LEGACY, null, 5_000_000L);

            assertThat(metrics.scrape()).contains("mcp_client_operation_duration_seconds_count{client_era=\"modern\","
                    + "error_type=\"none\",mcp_method_name=\"initialize\",route=\"/mcp\",upstream=\"fleet\","
                    + "upstream_era=\"legacy\"} 1");
        }
    }

    @Test
    void reloadsAreCountedByResultWithTheTimeOfTheLast() {
        try (GatewayMetrics metrics = new GatewayMetrics(10)) {
            assertThat(metrics.scrape()).contains("eragate_config_last_reload_seconds 0.0");

            metrics.reloaded("applied", 1_700_000_000L);
            metrics.reloaded("refused", 1_700_000_060L);
            metrics.reloaded("refused", 1_700_000_120L);

            String text = metrics.scrape();
            assertThat(text).contains("eragate_config_reloads_total{result=\"applied\"} 1.0")
                    .contains("eragate_config_reloads_total{result=\"refused\"} 2.0")
                    .contains("eragate_config_last_reload_seconds 1.70000012E9");
        }
    }

    @Test
    void rejectionsAreCountedByStatusAndCode() {
        try (GatewayMetrics metrics = new GatewayMetrics(10)) {
            metrics.onOutcome(outcome(null, null, 400, -32600, "rejected", 1000));
            metrics.onOutcome(outcome(null, null, 400, -32600, "rejected", 1000));
            metrics.onOutcome(outcome("tools/call", "x", 504, -32603, "timeout", 1000));

            assertThat(metrics.scrape())
                    .contains("eragate_frontdoor_rejections_total{code=\"-32600\",status=\"400\"} 2.0")
                    .doesNotContain("status=\"504\"");
        }
    }

    @Test
    void toolNamesAndMethodsFromClientsCannotGrowTheSeries() {
        try (GatewayMetrics metrics = new GatewayMetrics(2)) {
            for (int i = 0; i < 50; i++) {
                metrics.onOutcome(outcome("tools/call", "tool-" + i, 200, null, null, 1000));
                metrics.onOutcome(outcome("x/made-up-" + i, null, 200, null, null, 1000));
            }

            String text = metrics.scrape();
            List<String> toolSeries = Arrays.stream(text.split("\n"))
                    .filter(line -> line.startsWith("eragate_tool_calls_total{")).toList();
            assertThat(toolSeries).hasSize(3);
            assertThat(text).contains("gen_ai_tool_name=\"tool-0\"").contains("gen_ai_tool_name=\"tool-1\"")
                    .contains("gen_ai_tool_name=\"other\",upstream=\"fleet\"} 48.0").doesNotContain("tool-2\"");
            assertThat(text).doesNotContain("made-up").contains("mcp_method_name=\"other\"");
        }
    }

    @Test
    void jvmAndNettyBasicsAreThere() {
        try (GatewayMetrics metrics = new GatewayMetrics(2)) {
            metrics.rateLimitRefused("per-principal");

            assertThat(metrics.scrape()).contains("jvm_memory_used_bytes", "jvm_gc_", "jvm_threads_live_threads",
                    "jvm_buffer_memory_used_bytes{id=\"direct\"}", "netty_direct_memory_used",
                    "eragate_ratelimit_refusals_total{scope=\"per-principal\"} 1.0");
        }
    }
}
