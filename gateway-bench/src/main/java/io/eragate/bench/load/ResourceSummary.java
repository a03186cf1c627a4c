package io.eragate.bench.load;

/**
 * What the processes used during the measured windows. A field is {@code null} when it does not apply (no hop in the
 * direct scenario, no heap for nginx) or could not be read.
 *
 * @param clientCpuPercent the load client's CPU, in percent of one core
 * @param upstreamCpuPercent the fixture upstream's CPU, in percent of one core
 * @param hopCpuPercent the hop's CPU (nginx master and workers, or the Eragate JVM), in percent of one core
 * @param hopCpuMicrosPerRequest the hop's CPU time per completed request, in microseconds
 * @param otherCpuPercent CPU used by every other process on the machine (other work sharing it), in percent of
 *     one core: high values mean the numbers were disturbed
 * @param stealPercent CPU the hypervisor gave to other guests, in percent of one core
 * @param hopRssBytes the hop's resident memory after its last round (summed over its processes)
 * @param hopLiveHeapBytes the hop JVM's heap in use right after a full collection following its last round
 * @param hopAllocatedBytesPerRequest heap bytes the hop JVM allocated per completed request in the measured windows
 *     (all its threads), or {@code null} for a hop that is no JVM
 */
public record ResourceSummary(Double clientCpuPercent, Double upstreamCpuPercent, Double hopCpuPercent,
        Double hopCpuMicrosPerRequest, Double otherCpuPercent, Double stealPercent, Long hopRssBytes, Long hopLiveHeapBytes,
        Double hopAllocatedBytesPerRequest) {

    /** A summary without allocation figures (results written before they were measured). */
    public ResourceSummary(Double clientCpuPercent, Double upstreamCpuPercent, Double hopCpuPercent,
            Double hopCpuMicrosPerRequest, Double otherCpuPercent, Double stealPercent, Long hopRssBytes,
            Long hopLiveHeapBytes) {
        this(clientCpuPercent, upstreamCpuPercent, hopCpuPercent, hopCpuMicrosPerRequest, otherCpuPercent,
                stealPercent, hopRssBytes, hopLiveHeapBytes, null);
    }
}
