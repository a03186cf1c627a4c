package io.eragate.core.exchange;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eragate.core.mcp.Era;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExchangeObserverTest {

    private static ExchangeOutcome outcome(String errorType) {
        return new ExchangeOutcome("/mcp", "everything", Era.MODERN, Era.LEGACY, "tools/call", "echo", 200, null,
                errorType, 10, 20, 0, 5, "anonymous", null, "127.0.0.1");
    }

    @Test
    void andThenTellsBothInOrder() {
        List<String> seen = new ArrayList<>();
        ExchangeObserver first = o -> seen.add("first " + o.method());
        ExchangeObserver both = first.andThen(o -> seen.add("second " + o.name()));
        both.onOutcome(outcome(null));
        assertThat(seen).containsExactly("first tools/call", "second echo");
    }

    @Test
    void aThrowingObserverDoesNotStopTheNext() {
        List<String> seen = new ArrayList<>();
        ExchangeObserver failing = o -> {
            throw new IllegalStateException("boom");
        };
        ExchangeObserver both = failing.andThen(o -> seen.add("second"));
        assertThatThrownBy(() -> both.onOutcome(outcome(null))).hasMessage("boom");
        assertThat(seen).containsExactly("second");
    }

    @Test
    void successIsTheAbsenceOfAnErrorType() {
        assertThat(outcome(null).succeeded()).isTrue();
        assertThat(outcome("timeout").succeeded()).isFalse();
    }

    @Test
    void aNegativeDurationIsRefused() {
        assertThatThrownBy(() -> new ExchangeOutcome(null, null, Era.LEGACY, null, null, null, 0, null, "rejected",
                0, 0, 0, -1, "anonymous", null, null)).isInstanceOf(IllegalArgumentException.class);
    }
}
