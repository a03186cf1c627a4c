package io.eragate.core.listen;

import static io.eragate.core.listen.TestJson.node;
import static io.eragate.core.listen.TestJson.obj;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ListenerRegistryTest {

    private static final SubscriptionFilter TOOLS = new SubscriptionFilter(true, false, false, List.of());
    private static final SubscriptionFilter PROMPTS = new SubscriptionFilter(false, true, false, List.of());
    private static final SubscriptionFilter RESOURCES = new SubscriptionFilter(false, false, true, List.of());

    private final ListenerRegistry registry = new ListenerRegistry(3);

    @Test
    void sharesOneSubscriptionPerUriAndReleasesItWithTheLastListener() {
        SubscriptionFilter config = uris("file:///config.json");
        SubscriptionFilter configAndLog = uris("file:///config.json", "file:///log");

        ListenerRegistry.Changes first = registry.add("a", JsonRpcId.of(1), config).orElseThrow();
        ListenerRegistry.Changes second = registry.add("b", JsonRpcId.of(1), configAndLog).orElseThrow();

        assertThat(first).isEqualTo(new ListenerRegistry.Changes(List.of("file:///config.json"), List.of(), true,
                false));
        assertThat(second).as("config.json is already subscribed; the stream is already open")
                .isEqualTo(new ListenerRegistry.Changes(List.of("file:///log"), List.of(), false, false));

        ListenerRegistry.Changes firstLeaves = registry.remove("a");
        assertThat(firstLeaves).as("b still wants config.json").isEqualTo(ListenerRegistry.Changes.NONE);

        ListenerRegistry.Changes secondLeaves = registry.remove("b");
        assertThat(secondLeaves.unsubscribe()).containsExactlyInAnyOrder("file:///config.json", "file:///log");
        assertThat(secondLeaves.closeStream()).isTrue();
        assertThat(registry.subscribedUris()).isEmpty();
        assertThat(registry.isEmpty()).isTrue();
    }

    @Test
    void opensTheStreamAgainAfterItWasClosed() {
        registry.add("a", JsonRpcId.of(1), TOOLS);
        assertThat(registry.remove("a").closeStream()).isTrue();

        assertThat(registry.add("b", JsonRpcId.of(2), TOOLS).orElseThrow().openStream()).isTrue();
    }

    @Test
    void removingAnUnknownListenerChangesNothing() {
        registry.add("a", JsonRpcId.of(1), TOOLS);

        assertThat(registry.remove("zzz")).isEqualTo(ListenerRegistry.Changes.NONE);
        assertThat(registry.listenerIds()).containsExactly("a");
    }

    @Test
    void aRefusedSubscriptionIsRetriedByTheNextListenerAndNeverUnsubscribed() {
        registry.add("a", JsonRpcId.of(1), uris("x://1"));
        registry.subscribeFailed("x://1");

        assertThat(registry.add("b", JsonRpcId.of(2), uris("x://1")).orElseThrow().subscribe())
                .containsExactly("x://1");
        registry.subscribeFailed("x://1");
        registry.remove("a");
        assertThat(registry.remove("b").unsubscribe()).isEmpty();
    }

    @Test
    void refusesListenersBeyondTheBound() {
        registry.add("a", JsonRpcId.of(1), TOOLS);
        registry.add("b", JsonRpcId.of(2), TOOLS);
        registry.add("c", JsonRpcId.of(3), TOOLS);

        assertThat(registry.add("d", JsonRpcId.of(4), uris("x://1"))).isEmpty();
        assertThat(registry.subscribedUris()).as("a refused listener subscribes nothing").isEmpty();
        assertThatThrownBy(() -> registry.add("a", JsonRpcId.of(9), TOOLS))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "notifications/tools/list_changed     | {}                       | tools",
        "notifications/prompts/list_changed   | {}                       | prompts",
        "notifications/resources/list_changed | {}                       | resources",
        "notifications/resources/updated      | {'uri':'file:///a.txt'}  | fileA",
        "notifications/resources/updated      | {'uri':'file:///dir'}    | dir",
        "notifications/resources/updated      | {'uri':'file:///dir/x/y'} | dir",
        "notifications/resources/updated      | {'uri':'file:///dir2'}   | none",
        "notifications/resources/updated      | {'uri':'file:///a.txt.bak'} | none",
        "notifications/resources/updated      | {}                       | none",
        "notifications/message                | {'level':'info','data':'x'} | none",
        "notifications/progress               | {'progressToken':1,'progress':1} | none",
        "notifications/roots/list_changed     | {}                       | none",
    })
    void routesOnlyWhatEachListenerAskedFor(String method, String params, String expected) {
        registry.add("tools", JsonRpcId.of(1), TOOLS);
        registry.add("prompts", JsonRpcId.of(2), PROMPTS);
        ListenerRegistry resources = new ListenerRegistry(10);
        resources.add("resources", JsonRpcId.of(3), RESOURCES);
        resources.add("fileA", JsonRpcId.of(4), uris("file:///a.txt"));
        resources.add("dir", JsonRpcId.of(5), uris("file:///dir"));
        JsonRpcNotification upstream = new JsonRpcNotification(method, obj(params));

        List<String> receivers = new ArrayList<>();
        registry.route(upstream).forEach(delivery -> receivers.add(delivery.listenerId()));
        resources.route(upstream).forEach(delivery -> receivers.add(delivery.listenerId()));

        assertThat(receivers).isEqualTo(expected.equals("none") ? List.of() : List.of(expected));
    }

    @Test
    void tagsEachDeliveryWithItsListenersSubscriptionId() {
        registry.add("a", JsonRpcId.of(7), TOOLS);
        registry.add("b", JsonRpcId.of("listen-b"), TOOLS);
        JsonRpcNotification upstream = new JsonRpcNotification("notifications/tools/list_changed",
                obj("{'_meta':{'io.modelcontextprotocol/related-task':{'taskId':'t'},'trace':'keep'}}"));

        List<ListenerRegistry.Delivery> deliveries = registry.route(upstream);

        assertThat(deliveries).hasSize(2);
        assertThat(deliveries.get(0).notification().method()).isEqualTo("notifications/tools/list_changed");
        assertThat(deliveries.get(0).notification().params()).isEqualTo(node("{'_meta':{'trace':'keep',"
                + "'io.modelcontextprotocol/subscriptionId':7}}"));
        assertThat(deliveries.get(1).notification().params()).isEqualTo(node("{'_meta':{'trace':'keep',"
                + "'io.modelcontextprotocol/subscriptionId':'listen-b'}}"));
        assertThat(upstream.params().at("/_meta").has("io.modelcontextprotocol/subscriptionId"))
                .as("the upstream notification is not modified").isFalse();
    }

    @Test
    void tagsANotificationWithoutParams() {
        registry.add("a", JsonRpcId.of(1), TOOLS);

        List<ListenerRegistry.Delivery> deliveries =
                registry.route(new JsonRpcNotification("notifications/tools/list_changed", null));

        assertThat(deliveries.get(0).notification().params())
                .isEqualTo(node("{'_meta':{'io.modelcontextprotocol/subscriptionId':1}}"));
    }

    @Test
    void keepsTheUriOfAResourceUpdate() {
        registry.add("a", JsonRpcId.of(1), uris("file:///dir/"));

        List<ListenerRegistry.Delivery> deliveries = registry.route(new JsonRpcNotification(
                "notifications/resources/updated", obj("{'uri':'file:///dir/sub/x.txt'}")));

        assertThat(deliveries.get(0).notification().params()).isEqualTo(node("{'uri':'file:///dir/sub/x.txt',"
                + "'_meta':{'io.modelcontextprotocol/subscriptionId':1}}"));
    }

    @Test
    void acknowledgesWithTheHonouredFilterAndTheSubscriptionId() {
        registry.add("a", JsonRpcId.of(42), new SubscriptionFilter(true, true, false, List.of("file:///a")));
        SubscriptionFilter honoured = new SubscriptionFilter(true, false, false, List.of("file:///a"));

        JsonRpcNotification ack = registry.acknowledged("a", honoured);

        assertThat(ack.method()).isEqualTo("notifications/subscriptions/acknowledged");
        assertThat(ack.params()).isEqualTo(node("{'notifications':{'toolsListChanged':true,"
                + "'resourceSubscriptions':['file:///a']},'_meta':{'io.modelcontextprotocol/subscriptionId':42}}"));
    }

    @Test
    void saysSoWhenDeliveryIsBestEffort() {
        registry.add("a", JsonRpcId.of("L"), TOOLS);

        JsonRpcNotification ack = registry.acknowledged("a", TOOLS, true);

        assertThat(ack.params()).isEqualTo(node("{'notifications':{'toolsListChanged':true},'_meta':{"
                + "'io.modelcontextprotocol/subscriptionId':'L','io.eragate/delivery':'best-effort'}}"));
    }

    @Test
    void endsAListenerGracefully() {
        registry.add("a", JsonRpcId.of(3), TOOLS);

        JsonRpcResponse last = registry.finalResult("a");

        assertThat(last.id()).isEqualTo(JsonRpcId.of(3));
        assertThat(last.result()).isEqualTo(node("{'resultType':'complete',"
                + "'_meta':{'io.modelcontextprotocol/subscriptionId':3}}"));
        assertThatThrownBy(() -> registry.finalResult("unknown")).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest(name = "{0} covers {1}: {2}")
    @CsvSource({
        "file:///dir, file:///dir, true",
        "file:///dir, file:///dir/a, true",
        "file:///dir/, file:///dir/a, true",
        "file:///dir, file:///dirt, false",
        "file:///dir/a, file:///dir, false",
        "https://h/p, https://h/p/q?x=1, true",
    })
    void coversSubResources(String subscribed, String updated, boolean covers) {
        assertThat(ListenerRegistry.covers(subscribed, updated)).isEqualTo(covers);
    }

    private static SubscriptionFilter uris(String... uris) {
        return new SubscriptionFilter(false, false, false, List.of(uris));
    }
}
