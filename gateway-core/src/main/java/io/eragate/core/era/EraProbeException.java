package io.eragate.core.era;

import java.util.Objects;

/**
 * An origin's era could not be established: the probe was inconclusive or failed. Carries the status the gateway
 * should answer its client with. Nothing is cached; the next request probes again.
 */
public final class EraProbeException extends RuntimeException {

    private final transient OriginKey origin;
    private final int suggestedHttpStatus;

    public EraProbeException(OriginKey origin, String why, int suggestedHttpStatus, Throwable cause) {
        super("era of " + Objects.requireNonNull(origin, "origin") + " unknown: " + why, cause);
        this.origin = origin;
        this.suggestedHttpStatus = suggestedHttpStatus;
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
