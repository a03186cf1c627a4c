package io.eragate.core.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;

class UpstreamHealthBookTest {
    private final MutableClock clock = new MutableClock(Instant.parse("2026-12-03T08:00:00Z"));
    private final UpstreamHealthBook book = new UpstreamHealthBook(clock);

    @Test
    void anUpstreamNeverTriedIsUntried() {
        assertThat(book.status("a").availability()).isEqualTo(Availability.UNTRIED);
        assertThat(book.down()).isEmpty();
    }

    @Test
    void aFailedConnectMakesItDownSinceTheFirstFailureUntilTheNextSuccess() {
        book.connectFailed("a", "connection refused: 127.0.0.1:1");
        clock.advance(Duration.ofSeconds(5));
        book.connectFailed("a", "connection refused again");

        UpstreamStatus down = book.status("a");
        assertThat(down.availability()).isEqualTo(Availability.DOWN);
        assertThat(down.detail()).isEqualTo("connections fail since 2026-12-03T08:00:00Z: connection refused again");
        assertThat(book.down()).containsExactly("a");

        book.connected("a");
        assertThat(book.status("a").availability()).isEqualTo(Availability.AVAILABLE);
        assertThat(book.status("a").detail()).isNull();
        assertThat(book.down()).isEmpty();
    }

    @Test
    void retainForgetsRemovedUpstreams() {
        book.connectFailed("a", "refused");
        book.connectFailed("b", "refused");

        book.retain(Set.of("b"));

        assertThat(book.down()).containsExactly("b");
        assertThat(book.status("a").availability()).isEqualTo(Availability.UNTRIED);
    }
}
