package io.eragate.core.era;

import io.eragate.core.mcp.Era;
import java.time.Instant;
import java.util.Objects;

/**
 * One origin's line in the era report ({@code GET /admin/eras}).
 *
 * @param origin the upstream origin
 * @param era the current era, or {@code null} when none is known (never probed successfully, dropped after a
 *     contradiction, expired, or a probe is in flight)
 * @param learnedBy how the current era was learned (see {@link EraRecord}), or {@code null} with no era
 * @param learnedAt when, or {@code null} with no era
 * @param detail why, or {@code ""} with no era
 * @param probeInFlight whether a probe of this origin is running now
 * @param lastContradiction the last time traffic contradicted a verdict for this origin, or {@code null}
 * @param lastProbeFailure the last inconclusive or failed probe since the last successful one, or {@code null}
 */
public record EraReportEntry(OriginKey origin, Era era, String learnedBy, Instant learnedAt, String detail,
        boolean probeInFlight, Note lastContradiction, Note lastProbeFailure) {

    public EraReportEntry {
        Objects.requireNonNull(origin, "origin");
        detail = detail == null ? "" : detail;
    }

    /**
     * Something that happened to an origin.
     *
     * @param at when
     * @param what what, in words
     */
    public record Note(Instant at, String what) {

        public Note {
            Objects.requireNonNull(at, "at");
            Objects.requireNonNull(what, "what");
        }
    }
}
