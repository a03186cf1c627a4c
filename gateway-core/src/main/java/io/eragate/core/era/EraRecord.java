package io.eragate.core.era;

import io.eragate.core.mcp.Era;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;

/**
 * What the gateway believes about one origin's era, and how it came to believe it.
 *
 * @param origin the upstream origin
 * @param era its era
 * @param learnedBy {@value #PROBE}, {@value #CONFIG}, {@value #PERSISTED} or {@value #CONTRADICTION}
 * @param learnedAt when the verdict was made; persisted verdicts keep their original time, so they expire on time
 * @param detail why, in words (the probe's reason, or the config note)
 * @param dualEra a modern origin that also answered a 2025-11-25 {@code initialize}: it serves legacy clients itself
 */
public record EraRecord(OriginKey origin, Era era, String learnedBy, Instant learnedAt, String detail,
        boolean dualEra) {

    /** Learned by probing. */
    public static final String PROBE = "probe";
    /** Pinned in the configuration; never probed. */
    public static final String CONFIG = "config";
    /** Loaded from the era file, as probed in an earlier run. */
    public static final String PERSISTED = "persisted";
    /** Learned by the probe that re-checked the origin after traffic contradicted the earlier verdict. */
    public static final String CONTRADICTION = "contradiction";

    private static final Set<String> LEARNED_BY = Set.of(PROBE, CONFIG, PERSISTED, CONTRADICTION);

    public EraRecord {
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(era, "era");
        Objects.requireNonNull(learnedBy, "learnedBy");
        Objects.requireNonNull(learnedAt, "learnedAt");
        detail = detail == null ? "" : detail;
        if (!LEARNED_BY.contains(learnedBy)) {
            throw new IllegalArgumentException("learnedBy must be one of " + LEARNED_BY + ", not " + learnedBy);
        }
        if (dualEra && era != Era.MODERN) {
            throw new IllegalArgumentException("only a modern origin can be dual-era");
        }
    }

    /** A record of an origin that serves one era. */
    public EraRecord(OriginKey origin, Era era, String learnedBy, Instant learnedAt, String detail) {
        this(origin, era, learnedBy, learnedAt, detail, false);
    }
}
