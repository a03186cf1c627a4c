package io.eragate.core.mrtr;

import static io.eragate.core.mrtr.TestJson.node;
import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UpstreamAnswerTest {

    @ParameterizedTest(name = "decline {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "elicitation/create     | {'action':'decline'} |",
        "roots/list             | {'roots':[]}         |",
        "sampling/createMessage |                      | -32601",
        "tasks/get              |                      | -32601",
    })
    void declinesAsAClientWithoutTheCapability(String method, String result, Integer code) {
        JsonRpcResponse response = UpstreamAnswer.decline(method).toResponse(JsonRpcId.of(9));

        assertThat(response.id()).isEqualTo(JsonRpcId.of(9));
        if (result != null) {
            assertThat(response.result()).isEqualTo(node(result));
        } else {
            assertThat(response.error().code()).isEqualTo(code);
        }
    }

    @ParameterizedTest(name = "cancel {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "elicitation/create     | {'action':'cancel'} |",
        "roots/list             |                     | -32603",
        "sampling/createMessage |                     | -32603",
    })
    void cancelsAnAbandonedRequest(String method, String result, Integer code) {
        JsonRpcResponse response = UpstreamAnswer.cancel(method).toResponse(JsonRpcId.of("r"));

        if (result != null) {
            assertThat(response.result()).isEqualTo(node(result));
        } else {
            assertThat(response.error().code()).isEqualTo(code);
            assertThat(response.error().message()).contains(method);
        }
    }

    @Test
    void eachResponseGetsItsOwnResult() {
        UpstreamAnswer answer = UpstreamAnswer.decline("roots/list");

        JsonRpcResponse first = answer.toResponse(JsonRpcId.of(1));

        assertThat(first.result()).isNotSameAs(answer.toResponse(JsonRpcId.of(2)).result());
    }
}
