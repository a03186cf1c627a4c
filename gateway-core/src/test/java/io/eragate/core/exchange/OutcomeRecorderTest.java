package io.eragate.core.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.mcp.Era;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class OutcomeRecorderTest {
    private final List<ExchangeOutcome> reported = new ArrayList<>();

    @Test
    void reportsOnceWithEverythingLearned() {
        OutcomeRecorder recorder = new OutcomeRecorder(reported::add, "10.0.0.1");
        recorder.started(1_000);
        recorder.clientEra(Era.LEGACY);
        recorder.routed("/mcp", "up");
        recorder.upstreamEra(Era.MODERN);
        recorder.validated("tools/call", "echo");
        recorder.addBytesIn(10);
        recorder.status(200);
        recorder.addBytesOut(7);
        recorder.addBytesOut(5);

        assertThat(recorder.finish(true, 3_500)).isTrue();
        assertThat(recorder.finish(false, 9_000)).as("only once").isFalse();

        assertThat(reported).containsExactly(new ExchangeOutcome("/mcp", "up", Era.LEGACY, Era.MODERN, "tools/call",
                "echo", 200, null, null, 10, 12, 1_000, 2_500, "anonymous", null, "10.0.0.1"));
    }

    @Test
    void anAnswerCutShortIsCancelledUnlessItsCauseWasRecorded() {
        OutcomeRecorder cut = new OutcomeRecorder(reported::add, null);
        cut.status(200);
        cut.finish(false, 5);
        OutcomeRecorder timedOut = new OutcomeRecorder(reported::add, null);
        timedOut.status(200);
        timedOut.errorType(ErrorTypes.TIMEOUT);
        timedOut.errorType(ErrorTypes.CANCELLED);
        timedOut.finish(false, 5);

        assertThat(reported).extracting(ExchangeOutcome::errorType).containsExactly("cancelled", "timeout");
    }

    @Test
    void theErrorTypeFollowsTheStatusAndCode() {
        assertThat(ErrorTypes.of(200, null)).isNull();
        assertThat(ErrorTypes.of(202, null)).isNull();
        assertThat(ErrorTypes.of(200, -32602)).isEqualTo("jsonrpc_error");
        assertThat(ErrorTypes.of(400, -32600)).isEqualTo("rejected");
        assertThat(ErrorTypes.of(404, null)).isEqualTo("rejected");
        assertThat(ErrorTypes.of(502, -32000)).isEqualTo("upstream_unavailable");
        assertThat(ErrorTypes.of(503, -32000)).isEqualTo("upstream_unavailable");
        assertThat(ErrorTypes.of(504, -32000)).isEqualTo("timeout");
        assertThat(ErrorTypes.of(500, null)).isEqualTo("http_error");
        assertThat(ErrorTypes.of(0, null)).isEqualTo("cancelled");
    }

    @Test
    void aThrowingObserverDoesNotEscape() {
        OutcomeRecorder recorder = new OutcomeRecorder(outcome -> {
            throw new IllegalStateException("observer bug");
        }, null);
        assertThat(recorder.finish(true, 1)).isTrue();
    }
}
