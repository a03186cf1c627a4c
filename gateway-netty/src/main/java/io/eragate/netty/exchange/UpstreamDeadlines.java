package io.eragate.netty.exchange;

import io.eragate.core.config.LimitsConfig;
import java.time.Duration;
import java.util.Objects;

/**
 * The deadlines of one upstream exchange once it started.
 *
 * @param idle the longest silence on the upstream's answer once its head arrived ({@code limits.upstreamIdleTimeout})
 * @param total the longest the whole exchange may take; {@link Duration#ZERO} for none
 *     ({@code limits.upstreamTotalTimeout})
 */
public record UpstreamDeadlines(Duration idle, Duration total) {
    /** No deadline at all: for streams whose silence is their normal state (listen streams). */
    public static final UpstreamDeadlines NONE = new UpstreamDeadlines(Duration.ZERO, Duration.ZERO);

    public UpstreamDeadlines {
        Objects.requireNonNull(idle, "idle");
        Objects.requireNonNull(total, "total");
        if (idle.isNegative() || total.isNegative()) {
            throw new IllegalArgumentException("deadlines are not negative");
        }
    }

    /** The configured deadlines. */
    public static UpstreamDeadlines of(LimitsConfig limits) {
        return new UpstreamDeadlines(limits.upstreamIdleTimeout(), limits.upstreamTotalTimeout());
    }

    /** These deadlines with the total one no longer than {@code cap} (a stdio upstream's own request timeout). */
    public UpstreamDeadlines cappedAt(Duration cap) {
        return total.isZero() || cap.compareTo(total) < 0 ? new UpstreamDeadlines(idle, cap) : this;
    }
}
