package io.eragate.core.health;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Decides readiness. The gateway is ready when it has started, is not draining, and every route has at least one
 * upstream that can serve (see {@link Availability#canServe()}). Draining wins over starting, which wins over an
 * unavailable route, so that a load balancer sees the most lasting cause first.
 */
public final class Readiness {

    private Readiness() {
    }

    /**
     * The verdict.
     *
     * @param started whether the listeners are bound
     * @param draining whether a shutdown has begun
     * @param routes each route path with the names of the upstreams that may serve it, in route order
     * @param upstreams the status of each upstream by name; a name without a status counts as {@link
     *     Availability#UNTRIED}
     */
    public static ReadinessVerdict decide(boolean started, boolean draining, Map<String, List<String>> routes,
            Map<String, UpstreamStatus> upstreams) {
        Objects.requireNonNull(routes, "routes");
        Objects.requireNonNull(upstreams, "upstreams");
        if (draining) {
            return new ReadinessVerdict(false, "draining", List.of("the gateway is shutting down"));
        }
        if (!started) {
            return new ReadinessVerdict(false, "starting", List.of("the listeners are not bound yet"));
        }
        List<String> reasons = new ArrayList<>();
        boolean onlyStarting = true;
        for (Map.Entry<String, List<String>> route : routes.entrySet()) {
            List<String> why = new ArrayList<>();
            boolean servable = false;
            for (String name : route.getValue()) {
                UpstreamStatus status = upstreams.getOrDefault(name,
                        new UpstreamStatus(name, Availability.UNTRIED, null));
                if (status.availability().canServe()) {
                    servable = true;
                    break;
                }
                onlyStarting &= status.availability() == Availability.STARTING;
                why.add(name + " is " + status.availability().word()
                        + (status.detail() == null ? "" : " (" + status.detail() + ")"));
            }
            if (!servable) {
                reasons.add("route " + route.getKey() + ": no upstream can serve: " + String.join("; ", why));
            }
        }
        if (reasons.isEmpty()) {
            return new ReadinessVerdict(true, "ready", List.of());
        }
        return new ReadinessVerdict(false, onlyStarting ? "starting" : "unavailable", reasons);
    }
}
