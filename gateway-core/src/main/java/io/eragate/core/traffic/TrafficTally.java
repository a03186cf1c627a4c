package io.eragate.core.traffic;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.exchange.ExchangeObserver;
import io.eragate.core.exchange.ExchangeOutcome;
import io.eragate.core.mcp.Era;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts every exchange's outcome for the migration dashboard: per route, upstream, client era and upstream era
 * (a <em>cell</em>) the exchanges, failures and a latency histogram; and the failures by reason. The bridge's cost
 * on a route is the difference between the percentiles of its bridged cell (client and upstream eras differ) and
 * its pass-through cell (same era) on the same upstream.
 *
 * <p>Bounded: at most {@value #MAX_CELLS} cells and {@value #MAX_REASONS} reasons; later ones are counted under
 * {@code other}. Routes and upstream names come from the configuration, eras are two words, and a reason is an
 * HTTP status, a JSON-RPC code and the bounded {@code errorType}, so the bounds are only reached by a configuration
 * of hundreds of routes. Thread-safe and lock-free on the recording path.
 */
public final class TrafficTally implements ExchangeObserver {
    static final int MAX_CELLS = 512;
    static final int MAX_REASONS = 64;
    private static final String NONE = "-";
    private static final String OTHER = "other";

    private final Map<CellKey, Cell> cells = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> reasons = new ConcurrentHashMap<>();
    private final LongAdder exchanges = new LongAdder();

    /** One cell of the traffic table. */
    private record CellKey(String route, String upstream, String clientEra, String upstreamEra) {
    }

    private static final class Cell {
        final LongAdder exchanges = new LongAdder();
        final LongAdder failures = new LongAdder();
        final LatencyHistogram latency = new LatencyHistogram();
    }

    @Override
    public void onOutcome(ExchangeOutcome outcome) {
        exchanges.increment();
        CellKey key = new CellKey(orNone(outcome.route()), orNone(outcome.upstream()), word(outcome.clientEra()),
                word(outcome.upstreamEra()));
        Cell cell = cells.get(key);
        if (cell == null) {
            CellKey bounded = cells.size() < MAX_CELLS ? key : new CellKey(OTHER, OTHER, OTHER, OTHER);
            cell = cells.computeIfAbsent(bounded, k -> new Cell());
        }
        cell.exchanges.increment();
        if (!outcome.succeeded()) {
            cell.failures.increment();
            String reason = outcome.httpStatus() + " " + (outcome.jsonRpcErrorCode() == null ? NONE
                    : outcome.jsonRpcErrorCode()) + " " + outcome.errorType();
            LongAdder count = reasons.get(reason);
            if (count == null) {
                count = reasons.computeIfAbsent(reasons.size() < MAX_REASONS ? reason : OTHER, r -> new LongAdder());
            }
            count.increment();
        } else {
            cell.latency.record(outcome.durationNanos());
        }
    }

    /** Exchanges counted since start. */
    public long exchanges() {
        return exchanges.sum();
    }

    /**
     * The dashboard's traffic JSON: {@code exchanges}, {@code cells} (route, upstream, clientEra, upstreamEra,
     * bridged, exchanges, failures, p50Ms, p99Ms of successful exchanges), {@code bridgeCost} per route and
     * upstream with both cells (p50/p99 of the bridged cell minus the pass-through cell, in milliseconds), and
     * {@code rejections} (reason: {@code "<status> <code> <errorType>"}, count), largest first.
     */
    public ObjectNode toJson() {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("exchanges", exchanges());
        ArrayNode table = json.putArray("cells");
        ArrayNode costs = json.putArray("bridgeCost");
        cells.entrySet().stream()
                .sorted(Comparator.comparing((Map.Entry<CellKey, Cell> e) -> e.getKey().route())
                        .thenComparing(e -> e.getKey().upstream())
                        .thenComparing(e -> e.getKey().clientEra())
                        .thenComparing(e -> e.getKey().upstreamEra()))
                .forEach(entry -> {
                    CellKey key = entry.getKey();
                    Cell cell = entry.getValue();
                    ObjectNode row = table.addObject();
                    row.put("route", key.route());
                    row.put("upstream", key.upstream());
                    row.put("clientEra", key.clientEra());
                    row.put("upstreamEra", key.upstreamEra());
                    row.put("bridged", bridged(key));
                    row.put("exchanges", cell.exchanges.sum());
                    row.put("failures", cell.failures.sum());
                    putMillis(row, "p50Ms", cell.latency.percentileNanos(0.50));
                    putMillis(row, "p99Ms", cell.latency.percentileNanos(0.99));
                    if (bridged(key)) {
                        Cell direct = cells.get(new CellKey(key.route(), key.upstream(), key.upstreamEra(),
                                key.upstreamEra()));
                        addCost(costs, key, cell, direct);
                    }
                });
        ArrayNode rejected = json.putArray("rejections");
        reasons.entrySet().stream()
                .sorted(Comparator.comparingLong((Map.Entry<String, LongAdder> e) -> -e.getValue().sum())
                        .thenComparing(Map.Entry::getKey))
                .forEach(e -> rejected.addObject().put("reason", e.getKey()).put("count", e.getValue().sum()));
        return json;
    }

    private static void addCost(ArrayNode costs, CellKey key, Cell bridged, Cell direct) {
        if (direct == null) {
            return;
        }
        long[] quantiles = {percentile(bridged, 0.50), percentile(direct, 0.50), percentile(bridged, 0.99),
                percentile(direct, 0.99)};
        for (long quantile : quantiles) {
            if (quantile < 0) {
                return;
            }
        }
        ObjectNode cost = costs.addObject();
        cost.put("route", key.route());
        cost.put("upstream", key.upstream());
        cost.put("clientEra", key.clientEra());
        cost.put("upstreamEra", key.upstreamEra());
        cost.put("addedP50Ms", millis(quantiles[0] - quantiles[1]));
        cost.put("addedP99Ms", millis(quantiles[2] - quantiles[3]));
    }

    private static long percentile(Cell cell, double quantile) {
        return cell.latency.percentileNanos(quantile);
    }

    private static boolean bridged(CellKey key) {
        return !key.upstreamEra().equals(NONE) && !key.upstreamEra().equals(OTHER)
                && !key.clientEra().equals(key.upstreamEra());
    }

    private static void putMillis(ObjectNode node, String field, long nanos) {
        if (nanos == -1) {
            node.putNull(field);
        } else {
            node.put(field, millis(nanos));
        }
    }

    private static double millis(long nanos) {
        return Math.round(nanos / 10_000.0) / 100.0;
    }

    private static String orNone(String text) {
        return text == null ? NONE : text;
    }

    private static String word(Era era) {
        return era == null ? NONE : era.name().toLowerCase(Locale.ROOT);
    }
}
