package io.eragate.netty.federation;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.auth.Principal;
import io.eragate.core.frontdoor.ValidatedRequest;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.netty.upstream.ForwardedRequest;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The request one upstream of a federated route gets for its client's request. */
class FanOutLegTest {

    private static final Principal ALICE = new Principal("https://as.example.com", "alice", Set.of("mcp"), Map.of());
    private static final String CLIENT_TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    private static final String LEG_TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-11f067aa0ba902b8-01";

    private static ForwardedRequest clientList(HttpHeaders headers) {
        JsonRpcRequest message = new JsonRpcRequest(JsonRpcId.of(1), "tools/list",
                JsonRpcCodec.mapper().createObjectNode());
        ValidatedRequest request = new ValidatedRequest(message, JsonRpcCodec.encode(message), "2026-07-28",
                "tools/list", null, JsonRpcId.of(1));
        return new ForwardedRequest(request, headers, "127.0.0.1", "gateway.example", true, true, ALICE);
    }

    @Test
    void aLegIsServedAsItsClientsPrincipalWithItsOwnCursor() {
        ForwardedRequest leg = Federation.forUpstream(clientList(new DefaultHttpHeaders(false)), "tools/list", "c1",
                null);

        assertThat(leg.principal()).isEqualTo(ALICE);
        assertThat(leg.request().params().get("cursor").asText()).isEqualTo("c1");
        assertThat(leg.request().params().has("_meta")).as("tracing off: nothing stamped").isFalse();
    }

    @Test
    void aLegCarriesItsOwnSpanInMetaBytesAndHeaderAndLeavesTheClientsHeadersAlone() {
        HttpHeaders clientHeaders = new DefaultHttpHeaders(false).add("traceparent", CLIENT_TRACEPARENT);

        ForwardedRequest leg = Federation.forUpstream(clientList(clientHeaders), "tools/list", null, LEG_TRACEPARENT);

        assertThat(leg.request().params().at("/_meta/traceparent").asText()).isEqualTo(LEG_TRACEPARENT);
        assertThat(new String(leg.request().originalBody(), StandardCharsets.UTF_8)).contains(LEG_TRACEPARENT);
        assertThat(leg.passedHeaders().get("traceparent")).isEqualTo(LEG_TRACEPARENT);
        assertThat(clientHeaders.get("traceparent")).isEqualTo(CLIENT_TRACEPARENT);
    }
}
