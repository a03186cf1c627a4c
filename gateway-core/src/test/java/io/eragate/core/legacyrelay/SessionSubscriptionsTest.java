package io.eragate.core.legacyrelay;

import static io.eragate.core.testing.TestJson.obj;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.listen.SubscriptionFilter;
import java.util.List;
import org.junit.jupiter.api.Test;

class SessionSubscriptionsTest {

    private final SessionSubscriptions subscriptions = new SessionSubscriptions(2);

    @Test
    void theListenFilterAsksForEveryListChangeAndTheSubscribedUris() throws Exception {
        assertThat(subscriptions.filter()).isEqualTo(new SubscriptionFilter(true, true, true, List.of()));

        assertThat(subscriptions.subscribe("file:///a")).isTrue();
        assertThat(subscriptions.subscribe("file:///a")).as("no change, no new listen").isFalse();
        assertThat(subscriptions.subscribe("file:///b")).isTrue();

        assertThat(subscriptions.filter().resourceSubscriptions()).containsExactly("file:///a", "file:///b");
        assertThat(subscriptions.unsubscribe("file:///a")).isTrue();
        assertThat(subscriptions.unsubscribe("file:///a")).isFalse();
        assertThat(subscriptions.filter().resourceSubscriptions()).containsExactly("file:///b");
    }

    @Test
    void subscriptionsAreBounded() throws Exception {
        subscriptions.subscribe("file:///a");
        subscriptions.subscribe("file:///b");

        assertThatThrownBy(() -> subscriptions.subscribe("file:///c"))
                .isInstanceOf(SessionSubscriptions.LimitReached.class)
                .hasMessageContaining("subscriptions.maxResourceSubscriptions");
    }

    @Test
    void listenNotificationsReachTheLegacyClientWithoutTheSubscriptionId() throws Exception {
        subscriptions.subscribe("file:///a");

        assertThat(subscriptions.toLegacy(new JsonRpcNotification("notifications/resources/updated",
                obj("{'uri':'file:///a','_meta':{'io.modelcontextprotocol/subscriptionId':1}}"))))
                .contains(new JsonRpcNotification("notifications/resources/updated", obj("{'uri':'file:///a'}")));
        assertThat(subscriptions.toLegacy(new JsonRpcNotification("notifications/tools/list_changed",
                obj("{'_meta':{'io.modelcontextprotocol/subscriptionId':1}}"))))
                .contains(new JsonRpcNotification("notifications/tools/list_changed", obj("{}")));
    }

    @Test
    void theAcknowledgementAndUnsubscribedUpdatesStayAtTheGateway() throws Exception {
        subscriptions.subscribe("file:///a");

        assertThat(subscriptions.toLegacy(new JsonRpcNotification("notifications/subscriptions/acknowledged",
                obj("{'notifications':{}}")))).isEmpty();
        assertThat(subscriptions.toLegacy(new JsonRpcNotification("notifications/resources/updated",
                obj("{'uri':'file:///other'}")))).isEmpty();
    }

    @Test
    void theUriOfASubscribeRequestIsANonEmptyString() {
        assertThat(SessionSubscriptions.uriOf(obj("{'uri':'file:///a'}"))).contains("file:///a");
        assertThat(SessionSubscriptions.uriOf(obj("{'uri':''}"))).isEmpty();
        assertThat(SessionSubscriptions.uriOf(obj("{'uri':3}"))).isEmpty();
        assertThat(SessionSubscriptions.uriOf(null)).isEmpty();
    }
}
