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
 * @param shape what the client sends and what the answers must hold
 */
record Target(Scenario scenario, Endpoint endpoint, Optional<ChildProcess> hop, boolean hopIsJvm,
        RequestShape shape) {

    Target {
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(hop, "hop");
        Objects.requireNonNull(shape, "shape");
    }

    /** A target sent the sample {@code tools/call}. */
    Target(Scenario scenario, Endpoint endpoint, Optional<ChildProcess> hop, boolean hopIsJvm) {
        this(scenario, endpoint, hop, hopIsJvm, RequestShape.toolsCall(endpoint));
    }

    /** The hop and its worker processes, or nothing. */
    List<ProcessHandle> hopProcesses() {
        return hop.map(ChildProcess::tree).orElse(List.of());
    }
}
