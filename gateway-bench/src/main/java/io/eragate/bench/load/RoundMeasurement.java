package io.eragate.bench.load;

import java.util.Objects;
import org.HdrHistogram.Histogram;

/**
 * What the client saw in one round's measured window.
 *
 * @param completed successful answers completed in the window
 * @param succeeded successful answers in any phase (warm-up, window, drain): proof that requests went through
 * @param errors failed answers and requests lost with their connection, in any phase
 * @param dropped open loop: requests that found no connection and no room to wait
 * @param unfinished requests still unanswered when the round gave up waiting for them
 * @param unsent open loop: requests waiting for a connection when the round ended
 * @param seconds the measured window's length
 * @param latency latencies of the completed answers, in nanoseconds
 */
public record RoundMeasurement(long completed, long succeeded, long errors, long dropped, long unfinished, long unsent,
        double seconds, Histogram latency) {

    public RoundMeasurement {
        Objects.requireNonNull(latency, "latency");
    }

    /** Successful answers per second in the window. */
    public double throughput() {
        return seconds > 0 ? completed / seconds : 0;
    }
}
