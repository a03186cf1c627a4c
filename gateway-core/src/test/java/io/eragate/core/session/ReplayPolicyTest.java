package io.eragate.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.session.ReplayPolicy.Decision;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ReplayPolicyTest {

    /** Bodies real upstreams send (real-peers §3.4, §5.4, §8), by name. */
    private static final Map<String, String> BODIES = Map.of(
            "none", "",
            "ts-unknown-session", "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32000,"
                    + "\"message\":\"Bad Request: No valid session ID provided\"}}",
            "ts-session-not-found",
            "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32001,\"message\":\"Session not found\"}}",
            "java-session-not-found",
            "{\"jsonRpcError\":{\"code\":-32603,\"message\":\"Session not found: f7d2\"},\"stackTrace\":[]}",
            "ts-unsupported-version", "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32000,"
                    + "\"message\":\"Bad Request: Unsupported protocol version: 2026-07-28\"}}",
            "unknown-session-text", "unknown session id",
            "expired-upper-case", "SESSION EXPIRED");

    @ParameterizedTest(name = "[{index}] {0} {1} sentId={2} replayed={3} -> {4}")
    @CsvSource({
        // the spec's answer for a terminated or expired session
        "404, ts-session-not-found, true, false, SESSION_EXPIRED_REPLAY_ONCE",
        "404, none, true, false, SESSION_EXPIRED_REPLAY_ONCE",
        // TS SDK v1 (server-everything) answers an unknown session with 400
        "400, ts-unknown-session, true, false, SESSION_EXPIRED_REPLAY_ONCE",
        "400, java-session-not-found, true, false, SESSION_EXPIRED_REPLAY_ONCE",
        "400, unknown-session-text, true, false, SESSION_EXPIRED_REPLAY_ONCE",
        "400, expired-upper-case, true, false, SESSION_EXPIRED_REPLAY_ONCE",
        // a 400 for another reason is not an expired session
        "400, ts-unsupported-version, true, false, FAIL",
        "400, none, true, false, FAIL",
        // at most one replay
        "404, none, true, true, FAIL",
        "400, ts-unknown-session, true, true, FAIL",
        // without a session id, a 404 means the endpoint is missing
        "404, none, false, false, FAIL",
        "400, ts-unknown-session, false, false, FAIL",
        // anything else ran, or failed for another reason
        "200, none, true, false, FAIL",
        "202, none, true, false, FAIL",
        "401, ts-session-not-found, true, false, FAIL",
        "405, none, true, false, FAIL",
        "500, java-session-not-found, true, false, FAIL",
        "502, none, true, false, FAIL",
    })
    void decides(int status, String body, boolean sentSessionId, boolean alreadyReplayed, Decision expected) {
        assertThat(ReplayPolicy.decide(status, bytes(BODIES.get(body)), sentSessionId, alreadyReplayed))
                .isEqualTo(expected);
    }

    @Test
    void anExpiredSessionIsStillRecognizedAfterTheReplaySoTheCallerCanDropIt() {
        assertThat(ReplayPolicy.isSessionExpired(404, null, true)).isTrue();
        assertThat(ReplayPolicy.decide(404, null, true, true)).isEqualTo(Decision.FAIL);
    }

    @Test
    void aMissingBodyIsNotAnUnknownSession() {
        assertThat(ReplayPolicy.isSessionExpired(400, null, true)).isFalse();
    }

    @Test
    void onlyTheStartOfAHugeBodyIsRead() {
        String late = "x".repeat(ReplayPolicy.MAX_INSPECTED_BYTES) + "Session not found";
        String early = "Session not found" + "x".repeat(100_000);

        assertThat(ReplayPolicy.isSessionExpired(400, bytes(late), true)).isFalse();
        assertThat(ReplayPolicy.isSessionExpired(400, bytes(early), true)).isTrue();
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
