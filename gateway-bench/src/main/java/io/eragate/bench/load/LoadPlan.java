package io.eragate.bench.load;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What one harness run does: the profiles, in order, each run for {@code rounds} rounds in which every scenario takes
 * a turn (the order rotating from round to round), after one initial warm-up per scenario.
 *
 * @param name {@code full} or {@code smoke}, recorded with the results
 * @param profiles the loads, in order; an open-loop profile with an automatic rate must follow a closed-loop one
 * @param rounds rounds per profile
 * @param initialWarmup per scenario, once at the start, at the first closed-loop profile's concurrency
 * @param maxRequestsPerRound a hard cap on requests sent in one round, whatever the durations say
 */
public record LoadPlan(String name, List<LoadProfile> profiles, int rounds, Duration initialWarmup,
        long maxRequestsPerRound) {

    public LoadPlan {
        Objects.requireNonNull(name, "name");
        profiles = List.copyOf(profiles);
        Objects.requireNonNull(initialWarmup, "initialWarmup");
        if (profiles.isEmpty() || rounds < 1 || maxRequestsPerRound < 1) {
            throw new IllegalArgumentException("a plan needs profiles, at least one round and a positive cap");
        }
        boolean closedSeen = false;
        for (LoadProfile profile : profiles) {
            if (profile.rateIsAuto() && !closedSeen) {
                throw new IllegalArgumentException("open-loop profile " + profile.name()
                        + " takes its rate from a closed-loop profile, so one must come before it");
            }
            closedSeen |= profile.mode() == LoadMode.CLOSED;
        }
    }

    /**
     * The published run, sized for a 2-core machine: serial echo (1 connection), 16 connections, an open loop at half
     * the slowest scenario's 16-connection throughput, and 64 connections; 3 rounds of 2 s warm-up + 5 s measured
     * each.
     */
    public static LoadPlan full() {
        Duration warmup = Duration.ofSeconds(2);
        Duration measure = Duration.ofSeconds(5);
        return new LoadPlan("full", List.of(
                new LoadProfile("serial", "Serial echo: closed loop, 1 connection", LoadMode.CLOSED, 1, 0,
                        warmup, measure),
                new LoadProfile("concurrent", "Closed loop, 16 connections", LoadMode.CLOSED, 16, 0,
                        warmup, measure),
                new LoadProfile("open", "Open loop at half the slowest 16-connection round", LoadMode.OPEN,
                        16, 0, warmup, measure),
                new LoadProfile("concurrent64", "Closed loop, 64 connections", LoadMode.CLOSED, 64, 0,
                        warmup, measure)),
                3, Duration.ofSeconds(5), 2_000_000);
    }

    /** Answers each smoke round waits for: the smoke run proves answers go through, not how many fit in 500 ms. */
    public static final int SMOKE_MIN_ANSWERS = 5;

    /** A few seconds in all: one short round of each mode, so CI notices when the harness breaks. */
    public static LoadPlan smoke() {
        Duration warmup = Duration.ofMillis(200);
        Duration measure = Duration.ofMillis(500);
        return new LoadPlan("smoke", List.of(
                new LoadProfile("concurrent", "Closed loop, 2 connections", LoadMode.CLOSED, 2, 0, warmup, measure,
                        SMOKE_MIN_ANSWERS),
                new LoadProfile("open", "Open loop, fixed rate", LoadMode.OPEN, 2, 200, warmup, measure,
                        SMOKE_MIN_ANSWERS)),
                1, Duration.ofSeconds(1), 100_000);
    }
}
