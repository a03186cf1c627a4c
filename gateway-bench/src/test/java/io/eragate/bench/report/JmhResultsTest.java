package io.eragate.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

class JmhResultsTest {
    private static final String JSON = """
            [
              {"benchmark": "io.eragate.bench.frontdoor.FrontDoorBenchmark.acceptToolsCall", "mode": "avgt",
               "params": {},
               "primaryMetric": {"score": 7321.5, "scoreError": 210.25, "scoreUnit": "ns/op"},
               "secondaryMetrics": {"gc.alloc.rate.norm": {"score": 9344.0, "scoreError": 0.01, "scoreUnit": "B/op"}}},
              {"benchmark": "io.eragate.bench.sse.SseParseBenchmark.parseStream", "mode": "avgt",
               "params": {"chunkBytes": "64"},
               "primaryMetric": {"score": 1500.0, "scoreError": "NaN", "scoreUnit": "ns/op"},
               "secondaryMetrics": {}}
            ]
            """;

    @Test
    void rowsKeepScoreErrorAllocationAndParams() throws Exception {
        List<JmhResults.Row> rows = JmhResults.parse(new ObjectMapper().readTree(JSON));

        assertThat(rows).containsExactly(
                new JmhResults.Row("frontdoor.FrontDoorBenchmark.acceptToolsCall", "", 7321.5, 210.25, "ns/op",
                        9344.0),
                new JmhResults.Row("sse.SseParseBenchmark.parseStream", "chunkBytes=64", 1500.0, Double.NaN,
                        "ns/op", Double.NaN));
    }

    @Test
    void theTableShowsDashesForWhatJmhDidNotMeasure() throws Exception {
        String table = JmhResults.table(JmhResults.parse(new ObjectMapper().readTree(JSON)));

        assertThat(table).contains("| `frontdoor.FrontDoorBenchmark.acceptToolsCall` |  | 7,322 | 210 | ns/op | "
                + "9,344 |");
        assertThat(table).contains("| `sse.SseParseBenchmark.parseStream` | chunkBytes=64 | 1,500 | — | ns/op | — |");
    }
}
