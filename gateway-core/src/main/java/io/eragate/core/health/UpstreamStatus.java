package io.eragate.core.health;

import java.util.Objects;

/**
 * One upstream's availability, with a short reason when it cannot serve.
 *
 * @param upstream the configured upstream name
 * @param availability what it can do now
 * @param detail why it cannot serve (for the readiness body and the dashboard), or {@code null}
 */
public record UpstreamStatus(String upstream, Availability availability, String detail) {

    public UpstreamStatus {
        Objects.requireNonNull(upstream, "upstream");
        Objects.requireNonNull(availability, "availability");
    }
}
