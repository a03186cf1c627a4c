package io.eragate.core.health;

import java.util.List;
import java.util.Objects;

/**
 * The answer of {@code /readyz}.
 *
 * @param ready whether the gateway takes traffic (200) or not (503)
 * @param status {@code ready}, {@code starting}, {@code draining} or {@code unavailable}
 * @param reasons why it is not ready, one line per cause (empty when ready)
 */
public record ReadinessVerdict(boolean ready, String status, List<String> reasons) {

    public ReadinessVerdict {
        Objects.requireNonNull(status, "status");
        reasons = List.copyOf(reasons);
    }
}
