package io.eragate.bench.load;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * Counts and latencies of one round. Only answers that complete inside the measured window are counted and
 * timed; errors count in every phase, since a failure during warm-up is a failure all the same.
 *
 * <p>Confined to the client's event loop.
 */
final class LatencyRecorder {
    /** Anything slower is recorded as this (and is a disaster worth seeing anyway). */
    static final long MAX_TRACKABLE_NANOS = TimeUnit.MINUTES.toNanos(1);
    private static final int SIGNIFICANT_DIGITS = 3;

    private enum Phase { WARMUP, MEASURE, DONE }

    private final Histogram histogram = new Histogram(MAX_TRACKABLE_NANOS, SIGNIFICANT_DIGITS);
    private Phase phase = Phase.WARMUP;
    private long measureStartNanos;
    private long measureEndNanos;
    private long sent;
    private long completed;
    private long succeeded;
    private long errors;
    private long dropped;

    void beginMeasure(long now) {
        phase = Phase.MEASURE;
        measureStartNanos = now;
    }

    void end(long now) {
        if (phase == Phase.MEASURE) {
            measureEndNanos = now;
        }
        phase = Phase.DONE;
    }

    boolean isDone() {
        return phase == Phase.DONE;
    }

    void sent() {
        sent++;
    }

    long sentCount() {
        return sent;
    }

    /** Successful answers so far, in the warm-up or the measured window. */
    long succeededCount() {
        return succeeded;
    }

    /** An answer arrived; {@code success} when it was a 200 carrying the expected result. */
    void answered(long latencyNanos, boolean success) {
        if (!success) {
            errors++;
            return;
        }
        succeeded++;
        if (phase == Phase.MEASURE) {
            histogram.recordValue(Math.min(Math.max(latencyNanos, 0), MAX_TRACKABLE_NANOS));
            completed++;
        }
    }

    /** A request was lost with its connection. */
    void failed() {
        errors++;
    }

    /** An open-loop request found neither a free connection nor room to wait. */
    void dropped() {
        dropped++;
    }

    RoundMeasurement result(long unfinished, long unsent) {
        long end = measureEndNanos > 0 ? measureEndNanos : System.nanoTime();
        double seconds = measureStartNanos > 0 ? (end - measureStartNanos) / 1e9 : 0;
        return new RoundMeasurement(completed, succeeded, errors, dropped, unfinished, unsent, seconds, histogram.copy());
    }
}
