package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.bridge.LogFilter;
import io.eragate.core.bridge.UpstreamExchange;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.mcp.Methods;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which notifications of a pooled upstream session reach a bridged request's own client. */
class RequestNotificationsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static ObjectNode json(String text) {
        try {
            return (ObjectNode) JSON.readTree(text);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    private static final JsonRpcRequest REQUEST = new JsonRpcRequest(JsonRpcId.of(7), Methods.TOOLS_CALL,
            json("{\"name\":\"slow\",\"_meta\":{\"progressToken\":\"client-token\","
                    + "\"io.modelcontextprotocol/logLevel\":\"info\"}}"));
    private static final UpstreamExchange EXCHANGE = new UpstreamExchange(JsonRpcId.of("eragate-1"),
            JsonRpcId.of(7), JSON.valueToTree("client-token"), JSON.valueToTree("up-1"));
    private static final LogFilter LOGS = LogFilter.forRequest(REQUEST.params());

    private static Optional<JsonRpcNotification> forClient(String method, String params) {
        return RequestNotifications.forClient(new JsonRpcNotification(method, json(params)), REQUEST, EXCHANGE, LOGS);
    }

    @Test
    void ownProgressReachesTheClientWithItsOwnTokenPutBack() {
        Optional<JsonRpcNotification> progress = forClient(Methods.NOTIFICATION_PROGRESS,
                "{\"progressToken\":\"up-1\",\"progress\":3}");

        assertThat(progress).isPresent();
        JsonNode params = progress.get().params();
        assertThat(params.get("progressToken").asText()).isEqualTo("client-token");
        assertThat(params.get("progress").asInt()).isEqualTo(3);
    }

    @Test
    void progressOfTheSessionsOtherRequestsStaysWithThem() {
        assertThat(forClient(Methods.NOTIFICATION_PROGRESS, "{\"progressToken\":\"up-2\",\"progress\":1}")).isEmpty();
    }

    @Test
    void progressIsNotSentToARequestThatAskedForNone() {
        JsonRpcRequest noToken = new JsonRpcRequest(JsonRpcId.of(8), Methods.TOOLS_CALL, json("{\"name\":\"x\"}"));
        UpstreamExchange noTokenExchange = new UpstreamExchange(JsonRpcId.of("eragate-2"), JsonRpcId.of(8), null,
                null);

        assertThat(RequestNotifications.forClient(new JsonRpcNotification(Methods.NOTIFICATION_PROGRESS,
                json("{\"progressToken\":\"up-1\",\"progress\":1}")), noToken, noTokenExchange, LOGS)).isEmpty();
    }

    @Test
    void logsPassAtOrAboveTheRequestedLevelOnly() {
        assertThat(forClient(Methods.NOTIFICATION_MESSAGE, "{\"level\":\"warning\",\"data\":\"w\"}")).isPresent();
        assertThat(forClient(Methods.NOTIFICATION_MESSAGE, "{\"level\":\"debug\",\"data\":\"d\"}")).isEmpty();
    }

    @Test
    void otherNotificationsStayWithTheSession() {
        assertThat(forClient("notifications/tools/list_changed", "{}")).isEmpty();
    }
}
