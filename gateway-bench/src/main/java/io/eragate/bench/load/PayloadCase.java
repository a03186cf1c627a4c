package io.eragate.bench.load;

import java.util.Objects;

/**
 * One hop under one large payload in the large-payload run. Memory fields are {@code -1} where not measured (the
 * direct row has no Eragate; {@code jcmd} or the GC log may be missing).
 *
 * @param hop {@code direct}, {@code eragate} (pass-through) or {@code bridge-pooled}
 * @param hopLabel the hop for humans
 * @param payload {@code json-1mib} or {@code sse-events}
 * @param payloadLabel the payload for humans
 * @param answers complete answers in the measured window
 * @param errors failed or short answers
 * @param firstError the first failure, or {@code null}
 * @param answersPerSecond answers over the measured window
 * @param mebibytesPerSecond body bytes received per second, in MiB
 * @param eventsPerSecond SSE events received per second
 * @param baselineLiveHeapBytes Eragate's heap after a full collection, before the round
 * @param peakHeapInUseBytes the most heap in use (garbage included) when any collection during the window began, or
 *     at the window's end
 * @param peakHeapAfterGcBytes the most heap still in use after any collection during the window
 * @param collections collections during the window
 * @param liveHeapAfterBytes Eragate's heap after a full collection, after the round
 * @param baselineResidentBytes Eragate's RSS before the round
 * @param peakResidentBytes the highest RSS sampled during the round
 */
public record PayloadCase(String hop, String hopLabel, String payload, String payloadLabel, long answers,
        long errors, String firstError, double answersPerSecond, double mebibytesPerSecond, double eventsPerSecond,
        long baselineLiveHeapBytes, long peakHeapInUseBytes, long peakHeapAfterGcBytes, long collections,
        long liveHeapAfterBytes, long baselineResidentBytes, long peakResidentBytes) {

    public PayloadCase {
        Objects.requireNonNull(hop, "hop");
        Objects.requireNonNull(payload, "payload");
    }
}
