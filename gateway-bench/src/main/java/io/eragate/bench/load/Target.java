package io.eragate.bench.load;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A runnable scenario: where to send requests, and the hop process to sample (none for {@link Scenario#DIRECT}).
 *
 * @param scenario what this is
 * @param endpoint where the client connects
 * @param hop the proxy process, if any
 * @param hopIsJvm whether the hop is a JVM whose live heap can be read
 */
record Target(Scenario scenario, Endpoint endpoint, Optional<ChildProcess> hop, boolean hopIsJvm) {

    Target {
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(hop, "hop");
    }

    /** The hop and its worker processes, or nothing. */
    List<ProcessHandle> hopProcesses() {
        return hop.map(ChildProcess::tree).orElse(List.of());
    }
}
