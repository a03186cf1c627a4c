package io.eragate.bench.load;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.HdrHistogram.Histogram;

/** Adds up one scenario's rounds under one profile into a {@link ScenarioResult}. Used by one thread. */
final class ScenarioAccumulator {
    static final String CLIENT = "client";
    static final String UPSTREAM = "upstream";
    static final String HOP = "hop";

    private final Scenario scenario;
    private final boolean hasHop;
    private final Histogram latency = new Histogram(LatencyRecorder.MAX_TRACKABLE_NANOS, 3);
    private final List<RoundResult> rounds = new ArrayList<>();
    private double seconds;
    private long completed;
    private long succeeded;
    private long errors;
    private long dropped;
    private long unfinished;
    private long unsent;
    private double cpuWallSeconds;
    private double clientCpu;
    private double upstreamCpu;
    private double hopCpu;
    private double otherCpu;
    private double steal;
    private boolean cpuSampled;
    private long hopAllocated;
    private long allocationCompleted;
    private Long hopRss;
    private Long hopLiveHeap;

    ScenarioAccumulator(Scenario scenario, boolean hasHop) {
        this.scenario = scenario;
        this.hasHop = hasHop;
    }

    void add(int round, int position, RoundMeasurement measurement, CpuWindow cpu, OptionalLong rss,
            OptionalLong liveHeap) {
        rounds.add(new RoundResult(round, position, measurement.seconds(), measurement.completed(),
                measurement.succeeded(), measurement.errors(), measurement.dropped(), measurement.unfinished(), measurement.unsent(),
                measurement.throughput(), LatencySummary.of(measurement.latency())));
        latency.add(measurement.latency());
        seconds += measurement.seconds();
        completed += measurement.completed();
        succeeded += measurement.succeeded();
        errors += measurement.errors();
        dropped += measurement.dropped();
        unfinished += measurement.unfinished();
        unsent += measurement.unsent();
        if (cpu != null && cpu.wallSeconds() > 0 && cpu.cpuSeconds(CLIENT) != null) {
            cpuSampled = true;
            cpuWallSeconds += cpu.wallSeconds();
            clientCpu += cpu.cpuSeconds(CLIENT);
            upstreamCpu += orZero(cpu.cpuSeconds(UPSTREAM));
            hopCpu += orZero(cpu.cpuSeconds(HOP));
            otherCpu += orZero(cpu.otherCpuSeconds());
            steal += orZero(cpu.stealSeconds());
        }
        if (cpu != null && cpu.hopAllocatedBytes() != null) {
            hopAllocated += cpu.hopAllocatedBytes();
            allocationCompleted += measurement.completed();
        }
        if (rss.isPresent()) {
            hopRss = rss.getAsLong();
        }
        if (liveHeap.isPresent()) {
            hopLiveHeap = liveHeap.getAsLong();
        }
    }

    ScenarioResult result() {
        ResourceSummary resources = new ResourceSummary(
                percent(clientCpu), percent(upstreamCpu), hasHop ? percent(hopCpu) : null,
                hasHop && cpuSampled && completed > 0 ? hopCpu * 1e6 / completed : null,
                percent(otherCpu), percent(steal),
                hasHop ? hopRss : null, hasHop ? hopLiveHeap : null,
                allocationCompleted > 0 ? (double) hopAllocated / allocationCompleted : null);
        return new ScenarioResult(scenario.key(), scenario.label(), ScenarioResult.MEASURED, null,
                seconds > 0 ? completed / seconds : 0, LatencySummary.of(latency), completed, succeeded, errors, dropped,
                unfinished, unsent, rounds, resources);
    }

    private Double percent(double cpuSeconds) {
        return cpuSampled && cpuWallSeconds > 0 ? 100 * cpuSeconds / cpuWallSeconds : null;
    }

    private static double orZero(Double value) {
        return value == null ? 0 : value;
    }
}
