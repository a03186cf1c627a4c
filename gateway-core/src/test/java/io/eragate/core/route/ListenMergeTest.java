package io.eragate.core.route;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.listen.SubscriptionFilter;
import java.util.List;
import org.junit.jupiter.api.Test;

class ListenMergeTest {

    private static final JsonRpcId ID = JsonRpcId.of("listen-1");

    private static ObjectNode json(String text) {
        try {
            return (ObjectNode) JsonRpcCodec.mapper().readTree(text);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void theAcknowledgementIsTheUnionOfTheLegsAndNamesTheUpstreamsLeftOut() {
        ListenMerge.LegAck github = ListenMerge.LegAck.of("github", json(
                "{\"notifications\":{\"toolsListChanged\":true},\"_meta\":{\"io.eragate/delivery\":\"best-effort\"}}"))
                .orElseThrow();
        ListenMerge.LegAck files = ListenMerge.LegAck.of("files", json(
                "{\"notifications\":{\"promptsListChanged\":true,\"resourceSubscriptions\":[\"file:///a\"]}}"))
                .orElseThrow();

        JsonRpcNotification ack = ListenMerge.acknowledgement(ID, List.of(github, files),
                List.of(new UpstreamAnswer.Unavailable("crm", UpstreamAnswer.Reason.REFUSED)));

        assertThat(ack.method()).isEqualTo("notifications/subscriptions/acknowledged");
        assertThat(ack.params().get("notifications")).isEqualTo(json(
                "{\"toolsListChanged\":true,\"promptsListChanged\":true,\"resourceSubscriptions\":[\"file:///a\"]}"));
        JsonNode meta = ack.params().get("_meta");
        assertThat(meta.get("io.modelcontextprotocol/subscriptionId").asText()).isEqualTo("listen-1");
        assertThat(meta.get("io.eragate/delivery").asText()).isEqualTo("best-effort");
        assertThat(meta.get("io.eragate/unavailable").toString())
                .isEqualTo("[{\"upstream\":\"crm\",\"reason\":\"refused\"}]");
    }

    @Test
    void aCompleteAcknowledgementNamesNobodyAndIsNotBestEffort() {
        ListenMerge.LegAck one = new ListenMerge.LegAck("a",
                new SubscriptionFilter(true, false, false, List.of()), false);

        JsonRpcNotification ack = ListenMerge.acknowledgement(ID, List.of(one), List.of());

        assertThat(ack.params().get("_meta").has("io.eragate/unavailable")).isFalse();
        assertThat(ack.params().get("_meta").has("io.eragate/delivery")).isFalse();
    }

    @Test
    void aMalformedLegAcknowledgementIsNotTakenForOne() {
        assertThat(ListenMerge.LegAck.of("a", json("{\"notifications\":{\"toolsListChanged\":\"yes\"}}"))).isEmpty();
        assertThat(ListenMerge.LegAck.of("a", json("{}"))).isEmpty();
    }

    @Test
    void aRelayedNotificationKeepsItsParamsAndGetsTheClientsIdAndItsUpstream() {
        JsonRpcNotification fromLeg = new JsonRpcNotification("notifications/resources/updated", json(
                "{\"uri\":\"file:///a\",\"_meta\":{\"io.modelcontextprotocol/subscriptionId\":\"leg-id\"}}"));

        JsonRpcNotification relayed = ListenMerge.relayed(fromLeg, "files", ID);

        assertThat(relayed.method()).isEqualTo("notifications/resources/updated");
        assertThat(relayed.params().get("uri").asText()).as("URIs are never rewritten").isEqualTo("file:///a");
        assertThat(relayed.params().at("/_meta/io.modelcontextprotocol~1subscriptionId").asText())
                .isEqualTo("listen-1");
        assertThat(relayed.params().at("/_meta/io.eragate~1upstream").asText()).isEqualTo("files");
    }

    @Test
    void aLostUpstreamIsOneListChangePerKindItsLegCarriedNamingIt() {
        ListenMerge.LegAck leg = new ListenMerge.LegAck("github",
                new SubscriptionFilter(true, false, true, List.of("x://y")), false);

        List<JsonRpcNotification> changes = ListenMerge.lost(leg,
                new UpstreamAnswer.Unavailable("github", UpstreamAnswer.Reason.UNREACHABLE), ID);

        assertThat(changes).extracting(JsonRpcNotification::method).containsExactly(
                "notifications/tools/list_changed", "notifications/resources/list_changed");
        assertThat(changes.get(0).params().at("/_meta/io.eragate~1unavailable").toString())
                .isEqualTo("[{\"upstream\":\"github\",\"reason\":\"unreachable\"}]");
        assertThat(changes.get(0).params().at("/_meta/io.modelcontextprotocol~1subscriptionId").asText())
                .isEqualTo("listen-1");
        assertThat(ListenMerge.lost(new ListenMerge.LegAck("f", new SubscriptionFilter(false, false, false,
                List.of("x://y")), false), new UpstreamAnswer.Unavailable("f", UpstreamAnswer.Reason.UNREACHABLE),
                ID)).isEmpty();
    }

    @Test
    void aReturnedUpstreamIsOneListChangePerKindItsNewLegCarriesTaggedWithIt() {
        ListenMerge.LegAck leg = new ListenMerge.LegAck("github",
                new SubscriptionFilter(false, true, true, List.of()), false);

        List<JsonRpcNotification> changes = ListenMerge.returned(leg, ID);

        assertThat(changes).extracting(JsonRpcNotification::method).containsExactly(
                "notifications/prompts/list_changed", "notifications/resources/list_changed");
        assertThat(changes.get(0).params().at("/_meta/io.eragate~1upstream").asText()).isEqualTo("github");
        assertThat(changes.get(0).params().at("/_meta/io.modelcontextprotocol~1subscriptionId").asText())
                .isEqualTo("listen-1");
        assertThat(changes.get(0).params().at("/_meta").has("io.eragate/unavailable")).isFalse();
    }
}
