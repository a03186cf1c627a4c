package io.eragate.core.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.bridge.IdRewriter;
import io.eragate.core.bridge.UpstreamExchange;
import io.eragate.core.jsonrpc.Decoded;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ModernStdioRequestsTest {

    private static final String ENVELOPE = "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}";

    @Test
    void keepsTheEnvelopeAndSwapsIdAndProgressToken() {
        JsonRpcRequest modern = request("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{"
                + "\"name\":\"echo\",\"arguments\":{\"message\":\"hi\"},\"_meta\":{" + ENVELOPE
                + ",\"progressToken\":\"mine\"}}}");
        IdRewriter rewriter = new IdRewriter(4, 10);
        UpstreamExchange exchange = rewriter.tryBegin(modern.id(), modern.params().path("_meta").get("progressToken"))
                .orElseThrow();

        JsonRpcRequest forwarded = ModernStdioRequests.forward(modern, exchange);

        assertThat(new String(JsonRpcCodec.encode(forwarded), StandardCharsets.UTF_8)).isEqualTo(
                "{\"jsonrpc\":\"2.0\",\"id\":\"eg-4-1\",\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                        + "\"arguments\":{\"message\":\"hi\"},\"_meta\":{" + ENVELOPE
                        + ",\"progressToken\":\"eg-4-1\"}}}");
        assertThat(((ObjectNode) modern.params().get("_meta")).get("progressToken").textValue())
                .as("the client's request is not modified").isEqualTo("mine");
    }

    @Test
    void aRequestWithoutProgressSendsNoToken() {
        JsonRpcRequest modern = request("{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"tools/list\",\"params\":{"
                + "\"_meta\":{" + ENVELOPE + "}}}");
        UpstreamExchange exchange = new IdRewriter(1, 1).tryBegin(modern.id(), null).orElseThrow();

        JsonRpcRequest forwarded = ModernStdioRequests.forward(modern, exchange);

        assertThat(forwarded.params().toString()).isEqualTo("{\"_meta\":{" + ENVELOPE + "}}");
        assertThat(forwarded.id().node().textValue()).isEqualTo("eg-1-1");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({"-32601, 404", "-32700, 400", "-32600, 400", "-32020, 400", "-32021, 400", "-32022, 400",
            "-32602, 200", "-32603, 200", "-32000, 200", "42, 200"})
    void errorsGetTheStatusAModernHttpServerWouldSend(int code, int status) {
        assertThat(ModernStdioRequests.httpStatus(JsonRpcError.of(code, "x"))).isEqualTo(status);
    }

    private static JsonRpcRequest request(String json) {
        return (JsonRpcRequest) ((Decoded.Message) JsonRpcCodec.decode(json.getBytes(StandardCharsets.UTF_8)))
                .message();
    }
}
