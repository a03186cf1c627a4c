package io.eragate.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.exchange.ExchangeOutcome;
import io.eragate.core.mcp.Era;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TrafficTallyTest {
    private final TrafficTally tally = new TrafficTally();

    @Test
    void countsEachRouteByClientEraAndUpstreamEra() {
        for (int i = 0; i < 3; i++) {
            tally.onOutcome(ok("/mcp", "everything", Era.MODERN, Era.LEGACY, 10));
        }
        tally.onOutcome(ok("/mcp", "everything", Era.LEGACY, Era.LEGACY, 2));
        tally.onOutcome(ok("/new", "fresh", Era.MODERN, Era.MODERN, 1));

        ObjectNode json = tally.toJson();

        assertThat(json.get("exchanges").asLong()).isEqualTo(5);
        JsonNode cells = json.get("cells");
        assertThat(cells).hasSize(3);
        JsonNode bridged = cells.get(1);
        assertThat(bridged.get("route").asText()).isEqualTo("/mcp");
        assertThat(bridged.get("clientEra").asText()).isEqualTo("modern");
        assertThat(bridged.get("upstreamEra").asText()).isEqualTo("legacy");
        assertThat(bridged.get("bridged").asBoolean()).isTrue();
        assertThat(bridged.get("exchanges").asLong()).isEqualTo(3);
        assertThat(cells.get(0).get("clientEra").asText()).isEqualTo("legacy");
        assertThat(cells.get(0).get("bridged").asBoolean()).isFalse();
        assertThat(cells.get(2).get("route").asText()).isEqualTo("/new");
    }

    @Test
    void theBridgeCostIsTheBridgedCellsPercentilesMinusThePassThroughCells() {
        for (int i = 0; i < 100; i++) {
            tally.onOutcome(ok("/mcp", "everything", Era.MODERN, Era.LEGACY, 12));
            tally.onOutcome(ok("/mcp", "everything", Era.LEGACY, Era.LEGACY, 2));
        }

        JsonNode cost = tally.toJson().get("bridgeCost");

        assertThat(cost).hasSize(1);
        assertThat(cost.get(0).get("upstream").asText()).isEqualTo("everything");
        // 12 ms and 2 ms fall into buckets at most 10% wide: the difference is 10 ms within 1.2 ms.
        assertThat(cost.get(0).get("addedP50Ms").asDouble()).isBetween(8.8, 11.2);
        assertThat(cost.get(0).get("addedP99Ms").asDouble()).isBetween(8.8, 11.2);
    }

    @Test
    void noBridgeCostWithoutAPassThroughCellToCompareWith() {
        tally.onOutcome(ok("/mcp", "everything", Era.MODERN, Era.LEGACY, 12));

        assertThat(tally.toJson().get("bridgeCost")).isEmpty();
        assertThat(tally.toJson().get("cells").get(0).get("p50Ms").asDouble()).isBetween(10.8, 13.2);
    }

    @Test
    void failuresCountByReasonLargestFirstAndStayOutOfTheLatency() {
        tally.onOutcome(failed(null, 404, -32601, "rejected"));
        tally.onOutcome(failed("/mcp", 503, null, "upstream_unavailable"));
        tally.onOutcome(failed("/mcp", 503, null, "upstream_unavailable"));

        JsonNode json = tally.toJson();

        assertThat(json.get("rejections").get(0).get("reason").asText()).isEqualTo("503 - upstream_unavailable");
        assertThat(json.get("rejections").get(0).get("count").asLong()).isEqualTo(2);
        assertThat(json.get("rejections").get(1).get("reason").asText()).isEqualTo("404 -32601 rejected");
        JsonNode unrouted = json.get("cells").get(0);
        assertThat(unrouted.get("route").asText()).isEqualTo("-");
        assertThat(unrouted.get("failures").asLong()).isEqualTo(1);
        assertThat(unrouted.get("p50Ms").isNull()).isTrue();
    }

    @Test
    void cellsAndReasonsAreBounded() {
        for (int i = 0; i < TrafficTally.MAX_CELLS + 50; i++) {
            tally.onOutcome(ok("/r" + i, "u", Era.MODERN, Era.MODERN, 1));
            tally.onOutcome(failed("/r" + i, 500, i, "jsonrpc_error"));
        }

        JsonNode json = tally.toJson();

        assertThat(json.get("cells").size()).isLessThanOrEqualTo(TrafficTally.MAX_CELLS + 1);
        assertThat(json.get("rejections").size()).isLessThanOrEqualTo(TrafficTally.MAX_REASONS + 1);
        assertThat(json.get("exchanges").asLong()).isEqualTo(2L * (TrafficTally.MAX_CELLS + 50));
        assertThat(json.get("cells").toString()).contains("\"route\":\"other\"");
    }

    @Test
    void histogramBucketsAreAtMostTenPercentWide() {
        for (long nanos : new long[] {10_000, 123_456, 5_000_000, 2_000_000_000L}) {
            int bucket = LatencyHistogram.bucketOf(nanos);
            assertThat(LatencyHistogram.upperBound(bucket)).isGreaterThanOrEqualTo(nanos)
                    .isLessThanOrEqualTo((long) (nanos * 1.1) + 1);
        }
    }

    private static ExchangeOutcome ok(String route, String upstream, Era client, Era up, long millis) {
        return new ExchangeOutcome(route, upstream, client, up, "tools/call", "echo", 200, null, null, 10, 20, 0,
                TimeUnit.MILLISECONDS.toNanos(millis), "anonymous", null, "127.0.0.1");
    }

    private static ExchangeOutcome failed(String route, int status, Integer code, String type) {
        return new ExchangeOutcome(route, route == null ? null : "u", Era.MODERN, null, null, null, status, code,
                type, 10, 20, 0, 1_000_000, "anonymous", null, "127.0.0.1");
    }
}
