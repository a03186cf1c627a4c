package io.eragate.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.bench.load.PayloadCase;
import io.eragate.bench.load.PayloadResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PayloadTablesTest {
    private static final long MIB = 1024 * 1024;

    static PayloadResult sample() {
        String json = "JSON result of 1024 KiB";
        String sse = "SSE: 5000 progress notifications, then the result";
        return new PayloadResult("full", "2026-12-02T18:00:00Z", 4, 3, 10, 1 << 20, 5_000, "-Xms512m -Xmx512m",
                List.of(new PayloadCase("direct", "direct", "json-1mib", json, 300, 0, null, 30, 30, 0, -1, -1, -1,
                                -1, -1, -1, -1),
                        new PayloadCase("eragate", "Eragate pass-through", "json-1mib", json, 700, 0, null, 70, 70, 0,
                                9 * MIB, 300 * MIB, 12 * MIB, 25, 9 * MIB, 150 * MIB, 160 * MIB),
                        new PayloadCase("bridge-pooled", "Eragate bridge, warm pooled session", "sse-events", sse, 50,
                                2, "connection closed mid-answer", 5, 3.5, 25_000, 9 * MIB, 100 * MIB, 11 * MIB, 3,
                                10 * MIB, 150 * MIB, 170 * MIB)),
                Map.of("Eragate", "java -jar eragate.jar"));
    }

    @Test
    void oneTablePerPayloadWithThroughputAndMemory() {
        String md = PayloadTables.results(sample());

        assertThat(md).contains("#### JSON result of 1024 KiB",
                "#### SSE: 5000 progress notifications, then the result");
        assertThat(md).contains("| direct | 30 | 30 | — | 0 | — | — | — | — | — | — | — |");
        assertThat(md).contains("| Eragate pass-through | 70 | 70 | — | 0 | 9.0 | 300.0 | 12.0 | 25 | 9.0 | 150.0 "
                + "| 160.0 |");
        assertThat(md).contains("| Eragate bridge, warm pooled session | 5 | 3.50 | 25,000 | 2 (connection closed "
                + "mid-answer) | 9.0 | 100.0 | 11.0 | 3 | 10.0 | 150.0 | 170.0 |");
        assertThat(md.indexOf("#### JSON")).isLessThan(md.indexOf("#### SSE"));
    }
}
