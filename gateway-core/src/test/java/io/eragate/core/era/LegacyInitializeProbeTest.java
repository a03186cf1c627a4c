package io.eragate.core.era;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which answers to a 2025-11-25 initialize make a modern upstream dual-era. */
class LegacyInitializeProbeTest {
    private static final String RESULT = "{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"protocolVersion\":\"2025-11-25\","
            + "\"capabilities\":{},\"serverInfo\":{\"name\":\"s\",\"version\":\"1\"}}}";
    private static final String REFUSAL = "{\"jsonrpc\":\"2.0\",\"id\":0,\"error\":{\"code\":-32022,"
            + "\"message\":\"Unsupported protocol version\",\"data\":{\"supported\":[\"2026-07-28\"]}}}";

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        JSON result                   | 200 | application/json  | RESULT      | true
        SSE result                    | 200 | text/event-stream | SSE:RESULT  | true
        modern-only refusal           | 400 | application/json  | REFUSAL     | false
        refusal with 200              | 200 | application/json  | REFUSAL     | false
        SSE refusal                   | 200 | text/event-stream | SSE:REFUSAL | false
        result with an error status   | 500 | application/json  | RESULT      | false
        empty body                    | 200 | application/json  | EMPTY       | false
        not JSON                      | 200 | application/json  | GARBAGE     | false
        """)
    void decides(String what, int status, String contentType, String body, boolean dual) {
        String text = switch (body) {
            case "RESULT" -> RESULT;
            case "REFUSAL" -> REFUSAL;
            case "SSE:RESULT" -> "event: message\ndata: " + RESULT + "\n\n";
            case "SSE:REFUSAL" -> "event: message\ndata: " + REFUSAL + "\n\n";
            case "EMPTY" -> "";
            default -> "<html>";
        };

        assertThat(LegacyInitializeProbe.answered(status, contentType, text.getBytes(StandardCharsets.UTF_8)))
                .isEqualTo(dual);
    }
}
