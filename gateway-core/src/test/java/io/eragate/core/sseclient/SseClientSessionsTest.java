package io.eragate.core.sseclient;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.sseclient.SseClientSessions.Admitted;
import io.eragate.core.sseclient.SseClientSessions.Full;
import io.eragate.core.sseclient.SseClientSessions.Unknown;
import io.eragate.core.testing.MutableClock;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SseClientSessionsTest {

    private final MutableClock clock = new MutableClock(Instant.parse("2026-12-03T12:00:00Z"));
    private final SseClientSessions<String> sessions =
            new SseClientSessions<>(2, 2, Duration.ofMinutes(10), clock, new SecureRandom());

    @Test
    void idsAreLongRandomAndUrlSafe() {
        SseClientSessions<String> many = new SseClientSessions<>(1000, 1, Duration.ofMinutes(1), clock,
                new SecureRandom());
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            String id = many.open("p", "/mcp", "s" + i).orElseThrow();
            assertThat(id).hasSize(43).matches("[A-Za-z0-9_-]+");
            ids.add(id);
        }
        assertThat(ids).hasSize(1000);
    }

    @Test
    void aSessionIsFoundOnlyWithItsOwnPrincipalAndRoute() {
        String id = sessions.open("iss#alice", "/mcp", "alice's").orElseThrow();

        assertThat(sessions.admit(id, "iss#alice", "/mcp")).isEqualTo(new Admitted<>("alice's"));
        assertThat(sessions.admit(id, "iss#bob", "/mcp")).isInstanceOf(Unknown.class);
        assertThat(sessions.admit(id, "iss#alice", "/other")).isInstanceOf(Unknown.class);
        assertThat(sessions.admit(id + "x", "iss#alice", "/mcp")).isInstanceOf(Unknown.class);
        assertThat(sessions.admit(null, "iss#alice", "/mcp")).isInstanceOf(Unknown.class);
    }

    @Test
    void theNumberOfSessionsIsBoundedAndAClosedOneFreesItsPlace() {
        String first = sessions.open("p", "/mcp", "1").orElseThrow();
        sessions.open("p", "/mcp", "2").orElseThrow();

        assertThat(sessions.open("p", "/mcp", "3")).isEmpty();
        assertThat(sessions.close(first)).contains("1");
        assertThat(sessions.close(first)).isEmpty();
        assertThat(sessions.admit(first, "p", "/mcp")).isInstanceOf(Unknown.class);
        assertThat(sessions.open("p", "/mcp", "3")).isPresent();
        assertThat(sessions.size()).isEqualTo(2);
    }

    @Test
    void messagesInFlightAreBoundedPerSession() {
        String id = sessions.open("p", "/mcp", "s").orElseThrow();
        sessions.admit(id, "p", "/mcp");
        sessions.admit(id, "p", "/mcp");

        assertThat(sessions.admit(id, "p", "/mcp")).isEqualTo(new Full<>(2));
        sessions.finished(id);
        assertThat(sessions.admit(id, "p", "/mcp")).isInstanceOf(Admitted.class);
    }

    @Test
    void aSessionIsIdleOnlyWithNothingInFlightForTheWholeTimeout() {
        String id = sessions.open("p", "/mcp", "s").orElseThrow();
        clock.advance(Duration.ofMinutes(9));
        assertThat(sessions.isIdle(id)).isFalse();
        sessions.admit(id, "p", "/mcp");
        clock.advance(Duration.ofMinutes(30));
        assertThat(sessions.isIdle(id)).as("a message is still in flight").isFalse();
        sessions.finished(id);
        clock.advance(Duration.ofMinutes(9));
        assertThat(sessions.isIdle(id)).as("its exchange ended nine minutes ago").isFalse();
        clock.advance(Duration.ofMinutes(1));
        assertThat(sessions.isIdle(id)).isTrue();
        assertThat(sessions.isIdle("gone")).isTrue();
    }
}
