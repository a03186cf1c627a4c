package io.eragate.core.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class SharedProcessClientTest {

    @Test
    void initializesAsEragateDeclaringOnlyRoots() {
        assertThat(new SharedProcessClient("1.2.3").initializeParams().toString()).isEqualTo(
                "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"roots\":{}},"
                        + "\"clientInfo\":{\"name\":\"eragate\",\"version\":\"1.2.3\"}}");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "ping                  | {\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}",
            "roots/list            | {\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"roots\":[]}}",
            "sampling/createMessage| {\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-32601,\"message\":\"Method not"
                    + " found: Eragate, the client of this process, does not offer sampling/createMessage\"}}",
            "elicitation/create    | {\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-32601,\"message\":\"Method not"
                    + " found: Eragate, the client of this process, does not offer elicitation/create\"}}"})
    void answersWhatTheProcessAsksItsClient(String method, String expected) {
        JsonRpcRequest request = new JsonRpcRequest(JsonRpcId.of(7), method,
                JsonNodeFactory.instance.objectNode());

        byte[] answer = JsonRpcCodec.encode(SharedProcessClient.answer(request));

        assertThat(new String(answer, StandardCharsets.UTF_8)).isEqualTo(expected);
    }
}
