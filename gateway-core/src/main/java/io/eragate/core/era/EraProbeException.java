package io.eragate.core.era;

import java.util.Objects;

/**
 * An origin's era could not be established: the probe was inconclusive or failed. Carries the status the gateway
 * should answer its client with. Nothing is cached; the next request probes again.
 */
public final class EraProbeException extends RuntimeException {

    private final transient OriginKey origin;
    private final String why;
    private final int suggestedHttpStatus;

    /**
     * @param origin the origin whose era is unknown
     * @param why what went wrong, in words
     * @param suggestedHttpStatus 502, 503 or 504
     * @param cause the failure behind it, or {@code null}
     */
    public EraProbeException(OriginKey origin, String why, int suggestedHttpStatus, Throwable cause) {
        super("era of " + Objects.requireNonNull(origin, "origin") + " unknown: " + Objects.requireNonNull(why, "why"),
                cause);
        this.origin = origin;
        this.why = why;
        this.suggestedHttpStatus = suggestedHttpStatus;
    }

    /** What went wrong, without the origin. */
    public String why() {
        return why;
    }

    /** The origin whose era is unknown. */
    public OriginKey origin() {
        return origin;
    }

    /** 502, 503 or 504. */
    public int suggestedHttpStatus() {
        return suggestedHttpStatus;
    }
}
