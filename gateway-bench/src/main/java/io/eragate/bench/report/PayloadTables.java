package io.eragate.bench.report;

import io.eragate.bench.load.PayloadCase;
import io.eragate.bench.load.PayloadResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** The markdown of the large-payload run: per payload, each hop's throughput and Eragate's memory. */
public final class PayloadTables {
    private static final String NONE = "—";

    private PayloadTables() {
    }

    /** One table per payload, hops in run order. */
    public static String results(PayloadResult result) {
        Objects.requireNonNull(result, "result");
        Map<String, List<PayloadCase>> byPayload = new LinkedHashMap<>();
        for (PayloadCase row : result.cases()) {
            byPayload.computeIfAbsent(row.payloadLabel(), k -> new ArrayList<>()).add(row);
        }
        StringBuilder md = new StringBuilder();
        byPayload.forEach((payload, rows) -> {
            md.append("#### ").append(payload).append("\n\n")
                    .append("| Hop | answers/s | MiB/s | SSE events/s | errors | live heap before MiB "
                            + "| peak heap in use MiB | peak heap after a GC MiB | GCs | live heap after MiB "
                            + "| RSS before MiB | peak RSS MiB |\n")
                    .append("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
            for (PayloadCase row : rows) {
                md.append("| ").append(row.hopLabel()).append(" | ").append(rate(row.answersPerSecond()))
                        .append(" | ").append(rate(row.mebibytesPerSecond())).append(" | ")
                        .append(row.eventsPerSecond() > 0 ? rate(row.eventsPerSecond()) : NONE).append(" | ")
                        .append(row.errors()).append(row.firstError() == null ? "" : " (" + row.firstError() + ")")
                        .append(" | ").append(CapacityTables.mib(row.baselineLiveHeapBytes())).append(" | ")
                        .append(CapacityTables.mib(row.peakHeapInUseBytes())).append(" | ")
                        .append(CapacityTables.mib(row.peakHeapAfterGcBytes())).append(" | ")
                        .append(row.collections() < 0 ? NONE : Long.toString(row.collections())).append(" | ")
                        .append(CapacityTables.mib(row.liveHeapAfterBytes())).append(" | ")
                        .append(CapacityTables.mib(row.baselineResidentBytes())).append(" | ")
                        .append(CapacityTables.mib(row.peakResidentBytes())).append(" |\n");
            }
            md.append('\n');
        });
        return md.toString();
    }

    private static String rate(double value) {
        return Double.isFinite(value) ? SvgBarChart.format(value) : NONE;
    }
}
