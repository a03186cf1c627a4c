package io.eragate.bench.load;

import java.util.Objects;
import org.HdrHistogram.Histogram;

/**
 * Latency percentiles of a set of answers, in microseconds.
 *
 * @param count answers summarized
 * @param p50Micros median
 * @param p90Micros 90th percentile
 * @param p99Micros 99th percentile
 * @param p999Micros 99.9th percentile
 * @param maxMicros slowest answer
 * @param meanMicros arithmetic mean
 */
public record LatencySummary(long count, double p50Micros, double p90Micros, double p99Micros, double p999Micros,
        double maxMicros, double meanMicros) {

    /** The summary of a histogram recorded in nanoseconds; all zeros when it is empty. */
    public static LatencySummary of(Histogram nanos) {
        Objects.requireNonNull(nanos, "nanos");
        if (nanos.getTotalCount() == 0) {
            return new LatencySummary(0, 0, 0, 0, 0, 0, 0);
        }
        return new LatencySummary(nanos.getTotalCount(), micros(nanos.getValueAtPercentile(50)),
                micros(nanos.getValueAtPercentile(90)), micros(nanos.getValueAtPercentile(99)),
                micros(nanos.getValueAtPercentile(99.9)), micros(nanos.getMaxValue()), nanos.getMean() / 1_000);
    }

    private static double micros(long nanos) {
        return nanos / 1_000.0;
    }
}
