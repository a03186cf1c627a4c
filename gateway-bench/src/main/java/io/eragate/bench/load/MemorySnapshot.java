package io.eragate.bench.load;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Eragate's memory at one moment of the capacity run. A value of {@code -1} was not measured ({@code jcmd} or
 * {@code /proc} missing, or native memory tracking off).
 *
 * @param liveHeapBytes heap in use right after a full collection
 * @param residentBytes resident set size
 * @param nativeCommittedBytes everything native memory tracking counts as committed, heap included
 * @param nativeOutsideHeapBytes the same without the Java heap
 * @param nativeByCategory committed bytes per tracking category
 */
public record MemorySnapshot(long liveHeapBytes, long residentBytes, long nativeCommittedBytes,
        long nativeOutsideHeapBytes, Map<String, Long> nativeByCategory) {

    public MemorySnapshot {
        nativeByCategory = nativeByCategory == null ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(nativeByCategory));
    }
}
