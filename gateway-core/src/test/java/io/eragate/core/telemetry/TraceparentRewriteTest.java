package io.eragate.core.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.frontdoor.ValidatedRequest;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TraceparentRewriteTest {
    private static final String OURS = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    private static final String THEIRS = "00-11111111111111111111111111111111-2222222222222222-01";

    private static String rewrite(String body) {
        return new String(TraceparentRewrite.rewrite(body.getBytes(StandardCharsets.UTF_8), OURS),
                StandardCharsets.UTF_8);
    }

    @Test
    void overwritesTheClientsValueInPlaceAndKeepsEveryOtherByte() {
        String body = "{\"jsonrpc\":\"2.0\", \"id\":1,\"method\":\"tools/call\",\"params\":{ \"name\":\"é\",\n"
                + "\"_meta\":{\"tracestate\":\"k=v\",  \"traceparent\" : \"" + THEIRS + "\" ,\"x\":[1]}},\"z\":2}";
        assertThat(rewrite(body)).isEqualTo(body.replace(THEIRS, OURS));
    }

    @Test
    void overwritesANonStringValue() {
        String body = "{\"id\":1,\"params\":{\"_meta\":{\"traceparent\":{\"a\":[1,2]},\"b\":3}}}";
        assertThat(rewrite(body)).isEqualTo("{\"id\":1,\"params\":{\"_meta\":{\"traceparent\":\"" + OURS
                + "\",\"b\":3}}}");
    }

    @Test
    void insertsIntoAnExistingMeta() {
        assertThat(rewrite("{\"params\":{\"_meta\":{\"progressToken\":7}},\"id\":1}"))
                .isEqualTo("{\"params\":{\"_meta\":{\"traceparent\":\"" + OURS + "\",\"progressToken\":7}},\"id\":1}");
        assertThat(rewrite("{\"params\":{\"_meta\":{}},\"id\":1}"))
                .isEqualTo("{\"params\":{\"_meta\":{\"traceparent\":\"" + OURS + "\"}},\"id\":1}");
    }

    @Test
    void insertsAMetaIntoParamsAndParamsIntoTheMessage() {
        assertThat(rewrite("{\"params\":{\"name\":\"a\",\"arguments\":{\"_meta\":1}},\"id\":1}"))
                .isEqualTo("{\"params\":{\"_meta\":{\"traceparent\":\"" + OURS
                        + "\"},\"name\":\"a\",\"arguments\":{\"_meta\":1}},\"id\":1}");
        assertThat(rewrite("{\"params\":{},\"id\":1}"))
                .isEqualTo("{\"params\":{\"_meta\":{\"traceparent\":\"" + OURS + "\"}},\"id\":1}");
        assertThat(rewrite("{\"id\":1,\"method\":\"ping\"}"))
                .isEqualTo("{\"params\":{\"_meta\":{\"traceparent\":\"" + OURS + "\"}},\"id\":1,\"method\":\"ping\"}");
    }

    @Test
    void refusesAnythingButAVersion00Traceparent() {
        assertThatThrownBy(() -> TraceparentRewrite.rewrite("{}".getBytes(StandardCharsets.UTF_8), "00-\"}"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theRequestsTreeAndBytesAgree() {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                + "\"_meta\":{\"traceparent\":\"" + THEIRS + "\"}}}";
        JsonRpcRequest message = (JsonRpcRequest) ((io.eragate.core.jsonrpc.Decoded.Message) JsonRpcCodec.decode(
                body.getBytes(StandardCharsets.UTF_8))).message();
        ValidatedRequest request = new ValidatedRequest(message, body.getBytes(StandardCharsets.UTF_8),
                "2026-07-28", "tools/call", "echo", JsonRpcId.of(3));

        ValidatedRequest stamped = TraceparentRewrite.apply(request, OURS);

        JsonNode reparsed = ((io.eragate.core.jsonrpc.Decoded.Message) JsonRpcCodec.decode(stamped.originalBody()))
                .message() instanceof JsonRpcRequest r ? r.params() : null;
        assertThat(reparsed).isEqualTo(stamped.params());
        assertThat(stamped.params().path("_meta").path("traceparent").asText()).isEqualTo(OURS);
        assertThat(message.params().path("_meta").path("traceparent").asText()).isEqualTo(THEIRS);
    }
}
