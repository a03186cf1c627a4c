package io.eragate.core.era;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LegacyAnswersTest {

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
        // TS SDK v1 (server-everything) answering a request without a session
        "400|{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32000,\"message\":\"Bad Request: Server not initialized\"},\"id\":null}|true",
        "400|{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32000,\"message\":\"Bad Request: No valid session ID provided\"}}|true",
        "404|{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32001,\"message\":\"Session not found\"},\"id\":null}|true",
        // modern answers: a header mismatch keeps the request id; an unknown method is -32601
        "400|{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-32020,\"message\":\"Header mismatch: session\"}}|false",
        "404|{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-32601,\"message\":\"Method not found\"}}|false",
        "400|{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,\"message\":\"Invalid Request\"},\"id\":null}|false",
        "500|{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32000,\"message\":\"Server not initialized\"},\"id\":null}|false",
        "400|<html>Server not initialized</html>|false"
    })
    void recognizesOnlyARefusalForLackOfSession(int status, String body, boolean legacy) {
        assertThat(LegacyAnswers.refusedForLackOfSession(status, body.getBytes(StandardCharsets.UTF_8)).isPresent())
                .isEqualTo(legacy);
    }
}
