package io.eragate.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LegacyClientSessionsTest {
    private static final String RESULT =
            "{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"protocolVersion\":\"2025-11-25\"}}";

    @Test
    void theSessionIdIsReadWhateverTheCaseOfTheHeaderName() {
        assertThat(LegacyClientSessions.sessionId(200, Map.of("mcp-session-id", List.of(" abc ")), RESULT))
                .isEqualTo("abc");
        assertThat(LegacyClientSessions.sessionId(200, Map.of("Mcp-Session-Id", List.of("xyz")), RESULT))
                .isEqualTo("xyz");
    }

    @Test
    void anAnswerWithoutASessionOrAResultIsRefusedWithWhatCame() {
        assertThatThrownBy(() -> LegacyClientSessions.sessionId(200, Map.of(), RESULT))
                .hasMessageContaining("no Mcp-Session-Id");
        assertThatThrownBy(() -> LegacyClientSessions.sessionId(400, Map.of("mcp-session-id", List.of("a")),
                "{\"error\":{\"code\":-32022}}")).hasMessageContaining("400").hasMessageContaining("-32022");
        assertThatThrownBy(() -> LegacyClientSessions.sessionId(200, Map.of("mcp-session-id", List.of("a")),
                "{\"jsonrpc\":\"2.0\",\"id\":0,\"error\":{\"code\":-32603}}")).hasMessageContaining("-32603");
        assertThatThrownBy(() -> LegacyClientSessions.sessionId(200, Map.of("mcp-session-id", List.of(" ")), RESULT))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aFirstAnswerIsCompleteOnlyAsA200HoldingEveryExpectedText() {
        List<String> names = List.of("\"alpha_echo\"", "\"gamma_echo\"");

        assertThat(FirstAnswer.complete(200, "{\"tools\":[\"alpha_echo\",\"gamma_echo\"]}", names)).isTrue();
        assertThat(FirstAnswer.complete(200, "{\"tools\":[\"alpha_echo\"],\"_meta\":{\"io.eragate/unavailable\":"
                + "[\"gamma\"]}}", names)).as("an upstream left out").isFalse();
        assertThat(FirstAnswer.complete(503, "\"alpha_echo\" \"gamma_echo\"", names)).isFalse();
    }
}
