package io.eragate.core.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ReadinessTest {

    private static final Map<String, List<String>> ROUTES = routes();

    private static Map<String, List<String>> routes() {
        Map<String, List<String>> routes = new LinkedHashMap<>();
        routes.put("/a", List.of("a"));
        routes.put("/pair", List.of("p1", "p2"));
        return routes;
    }

    static Stream<Arguments> table() {
        return Stream.of(
                // started, draining, status of a, p1, p2 → ready, status, fragment of the first reason
                Arguments.of(true, false, Availability.UNTRIED, Availability.UNTRIED, Availability.UNTRIED,
                        true, "ready", null),
                Arguments.of(false, false, Availability.AVAILABLE, Availability.AVAILABLE, Availability.AVAILABLE,
                        false, "starting", "not bound"),
                Arguments.of(true, true, Availability.AVAILABLE, Availability.AVAILABLE, Availability.AVAILABLE,
                        false, "draining", "shutting down"),
                Arguments.of(false, true, Availability.AVAILABLE, Availability.AVAILABLE, Availability.AVAILABLE,
                        false, "draining", "shutting down"),
                Arguments.of(true, false, Availability.PAUSED, Availability.AVAILABLE, Availability.AVAILABLE,
                        false, "unavailable", "route /a: no upstream can serve: a is paused (why a)"),
                Arguments.of(true, false, Availability.STARTING, Availability.AVAILABLE, Availability.AVAILABLE,
                        false, "starting", "route /a: no upstream can serve: a is starting"),
                Arguments.of(true, false, Availability.AVAILABLE, Availability.DOWN, Availability.AVAILABLE,
                        true, "ready", null),
                Arguments.of(true, false, Availability.AVAILABLE, Availability.DOWN, Availability.UNTRIED,
                        true, "ready", null),
                Arguments.of(true, false, Availability.AVAILABLE, Availability.DOWN, Availability.STOPPED,
                        false, "unavailable", "route /pair: no upstream can serve: p1 is down (why p1); p2 is"
                                + " stopped (why p2)"),
                Arguments.of(true, false, Availability.STARTING, Availability.DOWN, Availability.DOWN,
                        false, "unavailable", "route /a: no upstream can serve: a is starting"));
    }

    @ParameterizedTest
    @MethodSource("table")
    void decides(boolean started, boolean draining, Availability a, Availability p1, Availability p2,
            boolean ready, String status, String reason) {
        Map<String, UpstreamStatus> upstreams = Map.of(
                "a", status("a", a), "p1", status("p1", p1), "p2", status("p2", p2));

        ReadinessVerdict verdict = Readiness.decide(started, draining, ROUTES, upstreams);

        assertThat(verdict.ready()).isEqualTo(ready);
        assertThat(verdict.status()).isEqualTo(status);
        if (reason == null) {
            assertThat(verdict.reasons()).isEmpty();
        } else {
            assertThat(verdict.reasons().get(0)).contains(reason);
        }
    }

    @Test
    void anUpstreamWithoutStatusCountsAsUntried() {
        ReadinessVerdict verdict = Readiness.decide(true, false, ROUTES, Map.of());

        assertThat(verdict.ready()).isTrue();
    }

    private static UpstreamStatus status(String name, Availability availability) {
        return new UpstreamStatus(name, availability, availability.canServe() ? null : "why " + name);
    }
}
