package io.eragate.core.frontdoor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import org.junit.jupiter.api.Test;

/** A federated call goes upstream under the upstream's own name, in the body and in {@code Mcp-Name}. */
class ValidatedRequestRenameTest {

    @Test
    void renamesTheToolInTheBodyAndTheMirroredName() throws Exception {
        ValidatedRequest call = request("tools/call", "{\"name\":\"files_read\",\"arguments\":{\"path\":\"/a\"},"
                + "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}", "files_read");

        ValidatedRequest renamed = call.withName("read");

        JsonNode body = JsonRpcCodec.mapper().readTree(renamed.originalBody());
        assertThat(body.at("/params/name").asText()).isEqualTo("read");
        assertThat(body.at("/params/arguments/path").asText()).isEqualTo("/a");
        assertThat(body.at("/params/_meta/io.modelcontextprotocol~1protocolVersion").asText()).isEqualTo("2026-07-28");
        assertThat(body.path("id").asInt()).isEqualTo(3);
        assertThat(renamed.name()).isEqualTo("read");
        assertThat(UpstreamHeaders.forModern(renamed)).containsEntry("Mcp-Name", "read");
        assertThat(call.params().get("name").asText()).as("the client's request is untouched").isEqualTo("files_read");
    }

    @Test
    void renamesACompletionsPromptReference() throws Exception {
        ValidatedRequest completion = request("completion/complete",
                "{\"ref\":{\"type\":\"ref/prompt\",\"name\":\"files_greet\"},"
                        + "\"argument\":{\"name\":\"a\",\"value\":\"\"}}",
                null);

        ValidatedRequest renamed = completion.withName("greet");

        assertThat(JsonRpcCodec.mapper().readTree(renamed.originalBody()).at("/params/ref/name").asText())
                .isEqualTo("greet");
        assertThat(renamed.name()).isNull();
    }

    private static ValidatedRequest request(String method, String params, String name) throws Exception {
        JsonRpcRequest message = new JsonRpcRequest(JsonRpcId.of(3), method,
                (ObjectNode) JsonRpcCodec.mapper().readTree(params));
        return new ValidatedRequest(message, JsonRpcCodec.encode(message), "2026-07-28", method, name,
                JsonRpcId.of(3));
    }
}
