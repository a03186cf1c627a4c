package io.eragate.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/** The rows of a JMH JSON result file ({@code -rf json}), with the allocation per operation from {@code -prof gc}. */
public final class JmhResults {
    private static final String PACKAGE_PREFIX = "io.eragate.bench.";
    private static final String ALLOCATION = "gc.alloc.rate.norm";

    private JmhResults() {
    }

    /**
     * One benchmark.
     *
     * @param benchmark the method, without the common package prefix
     * @param params JMH parameters as {@code name=value}, or empty
     * @param score the primary score
     * @param error the score's 99.9 % error margin ({@code NaN} when JMH could not compute one)
     * @param unit the primary unit, e.g. {@code ns/op}
     * @param bytesPerOp allocation per operation, or {@code NaN} when run without {@code -prof gc}
     */
    public record Row(String benchmark, String params, double score, double error, String unit, double bytesPerOp) {
    }

    /** Reads a JMH JSON result file. */
    public static List<Row> read(Path file) throws IOException {
        return parse(new ObjectMapper().readTree(file.toFile()));
    }

    /** The rows of a parsed JMH JSON array. */
    public static List<Row> parse(JsonNode results) {
        Objects.requireNonNull(results, "results");
        List<Row> rows = new ArrayList<>();
        for (JsonNode result : results) {
            String name = result.path("benchmark").asText();
            if (name.startsWith(PACKAGE_PREFIX)) {
                name = name.substring(PACKAGE_PREFIX.length());
            }
            List<String> params = new ArrayList<>();
            for (Map.Entry<String, JsonNode> param : result.path("params").properties()) {
                params.add(param.getKey() + "=" + param.getValue().asText());
            }
            JsonNode primary = result.path("primaryMetric");
            JsonNode allocation = result.path("secondaryMetrics").path(ALLOCATION);
            rows.add(new Row(name, String.join(", ", params), primary.path("score").asDouble(Double.NaN),
                    number(primary.path("scoreError")), primary.path("scoreUnit").asText(),
                    allocation.isMissingNode() ? Double.NaN : allocation.path("score").asDouble(Double.NaN)));
        }
        return rows;
    }

    /** The markdown table of {@code rows}. */
    public static String table(List<Row> rows) {
        StringBuilder md = new StringBuilder("| Benchmark | Params | Score | ± (99.9 %) | Unit | B/op "
                + "(gc.alloc.rate.norm) |\n|---|---|---|---|---|---|\n");
        for (Row row : rows) {
            md.append("| `").append(row.benchmark()).append("` | ").append(row.params().isEmpty() ? "" : row.params())
                    .append(" | ").append(format(row.score()))
                    .append(" | ").append(Double.isNaN(row.error()) ? "—" : format(row.error()))
                    .append(" | ").append(row.unit())
                    .append(" | ").append(Double.isNaN(row.bytesPerOp()) ? "—"
                            : String.format(Locale.ROOT, "%,.0f", row.bytesPerOp()))
                    .append(" |\n");
        }
        return md.toString();
    }

    private static double number(JsonNode node) {
        return node.isNumber() ? node.asDouble() : Double.NaN;
    }

    private static String format(double value) {
        return Double.isNaN(value) ? "—" : SvgBarChart.format(value);
    }
}
