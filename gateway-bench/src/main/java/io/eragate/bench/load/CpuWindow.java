package io.eragate.bench.load;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * CPU used by groups of processes (client, upstream, proxy) during one measured window: {@code /proc} is read when
 * the window opens and when it closes, on the client's event loop, at those exact moments; and, for a JVM hop, the
 * bytes it allocated in the window.
 */
final class CpuWindow implements PhaseListener {
    private final ResourceSampler sampler;
    private final Map<String, List<ProcessHandle>> groups;
    private final Map<String, Long> startTicks = new LinkedHashMap<>();
    private final Map<String, Long> endTicks = new LinkedHashMap<>();
    private ProcStat.MachineTicks machineStart;
    private ProcStat.MachineTicks machineEnd;
    private final AllocationProbe hopAllocation;
    private OptionalLong allocatedAtStart = OptionalLong.empty();
    private OptionalLong allocatedAtEnd = OptionalLong.empty();
    private volatile long startNanos;
    private volatile long endNanos;

    CpuWindow(ResourceSampler sampler, Map<String, List<ProcessHandle>> groups) {
        this(sampler, groups, null);
    }

    /** @param hopAllocation reads the hop JVM's allocated bytes, or {@code null} for a hop that is no JVM */
    CpuWindow(ResourceSampler sampler, Map<String, List<ProcessHandle>> groups, AllocationProbe hopAllocation) {
        this.sampler = Objects.requireNonNull(sampler, "sampler");
        this.groups = Map.copyOf(groups);
        this.hopAllocation = hopAllocation;
    }

    @Override
    public void measureStarted() {
        startNanos = System.nanoTime();
        groups.forEach((name, processes) -> startTicks.put(name, sampler.cpuTicks(processes)));
        machineStart = sampler.machineTicks();
        if (hopAllocation != null) {
            allocatedAtStart = hopAllocation.allocatedBytes();
        }
    }

    @Override
    public void measureEnded() {
        endNanos = System.nanoTime();
        groups.forEach((name, processes) -> endTicks.put(name, sampler.cpuTicks(processes)));
        machineEnd = sampler.machineTicks();
        if (hopAllocation != null) {
            allocatedAtEnd = hopAllocation.allocatedBytes();
        }
    }

    /** Heap bytes the hop JVM allocated in the window, or {@code null} when not read. */
    Long hopAllocatedBytes() {
        return allocatedAtStart.isPresent() && allocatedAtEnd.isPresent()
                ? allocatedAtEnd.getAsLong() - allocatedAtStart.getAsLong() : null;
    }

    /** CPU seconds {@code group} used in the window, or {@code null} when it was not sampled. */
    Double cpuSeconds(String group) {
        Long start = startTicks.get(group);
        Long end = endTicks.get(group);
        return start == null || end == null ? null : sampler.seconds(end - start);
    }

    /**
     * CPU seconds that processes outside the sampled groups used in the window (other work on the machine, the
     * kernel on nobody's behalf), or {@code null} when {@code /proc/stat} was not readable.
     */
    Double otherCpuSeconds() {
        if (machineStart == null || machineEnd == null) {
            return null;
        }
        double busy = sampler.seconds(machineEnd.busy() - machineStart.busy());
        double ours = 0;
        for (String group : groups.keySet()) {
            Double used = cpuSeconds(group);
            ours += used == null ? 0 : used;
        }
        return Math.max(0, busy - ours);
    }

    /** CPU seconds the hypervisor took from this machine in the window, or {@code null} when unknown. */
    Double stealSeconds() {
        return machineStart == null || machineEnd == null ? null
                : sampler.seconds(machineEnd.steal() - machineStart.steal());
    }

    /** The window's wall-clock length in seconds (0 before it closed). */
    double wallSeconds() {
        return endNanos > startNanos ? (endNanos - startNanos) / 1e9 : 0;
    }
}
