package io.eragate.core.exchange;

import java.time.Duration;
import java.util.Objects;

/**
 * One failed upstream exchange, as the failure mapper needs to know it.
 *
 * @param kind what went wrong
 * @param upstream the upstream's configured name
 * @param detail a short, already safe description (an exception message of the gateway's own, never an upstream
 *     body), or {@code null}
 * @param timeout the timeout that fired, for the timeout kinds; {@code null} otherwise
 * @param timeoutKey the configuration key of that timeout, or {@code null}
 */
public record UpstreamFailure(FailureKind kind, String upstream, String detail, Duration timeout,
        String timeoutKey) {

    public UpstreamFailure {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(upstream, "upstream");
    }

    /** A failure of {@code kind} with no timeout. */
    public static UpstreamFailure of(FailureKind kind, String upstream, String detail) {
        return new UpstreamFailure(kind, upstream, detail, null, null);
    }

    /** A timeout of {@code kind} after {@code timeout}, set by {@code key}. */
    public static UpstreamFailure timeout(FailureKind kind, String upstream, Duration timeout, String key) {
        return new UpstreamFailure(kind, upstream, null, Objects.requireNonNull(timeout, "timeout"), key);
    }
}
