package io.eragate.bench.load;

import java.time.Duration;
import java.util.Objects;

/**
 * One kind of load, run against every scenario in alternating rounds.
 *
 * @param name short key used in files and tables ({@code serial}, {@code concurrent}, {@code open})
 * @param title what a reader sees
 * @param mode closed or open loop
 * @param connections closed loop: the fixed concurrency; open loop: the connections opened up front (more are opened,
 *     up to {@link #MAX_OPEN_LOOP_CONNECTIONS}, when all are busy)
 * @param ratePerSecond open loop: requests per second, or 0 for "half the slowest scenario's closed-loop throughput
 *     measured earlier in the run"; closed loop: 0
 * @param warmup per round, before measuring; requests in it are not counted
 * @param measure per round, the measured window
 * @param minAnswers per round, the successful answers it waits for, however long past the window they take (bounded
 *     by {@link LoadRun#COMPLETION_BOUND_MILLIS}); 0 ends the round with its window. Smoke runs and tests set it, so
 *     that they assert on answers that came, never on how many fit in a window on a busy machine.
 */
public record LoadProfile(String name, String title, LoadMode mode, int connections, double ratePerSecond,
        Duration warmup, Duration measure, int minAnswers) {

    /** Bound on open-loop connections, so an overloaded target cannot make the client open sockets without end. */
    public static final int MAX_OPEN_LOOP_CONNECTIONS = 256;

    public LoadProfile {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(warmup, "warmup");
        Objects.requireNonNull(measure, "measure");
        if (connections < 1 || connections > MAX_OPEN_LOOP_CONNECTIONS) {
            throw new IllegalArgumentException("connections must be 1.." + MAX_OPEN_LOOP_CONNECTIONS + ": "
                    + connections);
        }
        if (ratePerSecond < 0 || (mode == LoadMode.CLOSED && ratePerSecond != 0)) {
            throw new IllegalArgumentException("a rate is for open loop only and never negative: " + ratePerSecond);
        }
        if (warmup.isNegative() || measure.isZero() || measure.isNegative()) {
            throw new IllegalArgumentException("warmup must be >= 0 and measure > 0");
        }
        if (minAnswers < 0) {
            throw new IllegalArgumentException("minAnswers must be >= 0: " + minAnswers);
        }
    }

    /** A profile whose rounds end with their measured window. */
    public LoadProfile(String name, String title, LoadMode mode, int connections, double ratePerSecond,
            Duration warmup, Duration measure) {
        this(name, title, mode, connections, ratePerSecond, warmup, measure, 0);
    }

    /** Whether the rate is decided during the run from closed-loop results. */
    public boolean rateIsAuto() {
        return mode == LoadMode.OPEN && ratePerSecond == 0;
    }

    /** This profile at a concrete rate. */
    public LoadProfile atRate(double rate) {
        return new LoadProfile(name, title, mode, connections, rate, warmup, measure, minAnswers);
    }
}
