package io.eragate.core.legacyrelay;

import static io.eragate.core.testing.TestJson.obj;
import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.jsonrpc.JsonRpcNotification;
import org.junit.jupiter.api.Test;

class RequestNotificationsTest {

    private static final JsonRpcNotification PROGRESS_7 = new JsonRpcNotification("notifications/progress",
            obj("{'progressToken':7,'progress':1,'total':3,"
                    + "'_meta':{'io.modelcontextprotocol/serverInfo':{'name':'s'},'x.example/y':1}}"));
    private static final JsonRpcNotification WARNING = new JsonRpcNotification("notifications/message",
            obj("{'level':'warning','data':'careful'}"));
    private static final JsonRpcNotification DEBUG = new JsonRpcNotification("notifications/message",
            obj("{'level':'debug','data':'noise'}"));

    @Test
    void progressWithTheRequestsTokenIsRelayedWithoutReservedMeta() {
        RequestNotifications relay = RequestNotifications.forRequest(obj("{'_meta':{'progressToken':7}}"));

        assertThat(relay.relay(PROGRESS_7)).contains(new JsonRpcNotification("notifications/progress",
                obj("{'progressToken':7,'progress':1,'total':3,'_meta':{'x.example/y':1}}")));
        assertThat(relay.relay(new JsonRpcNotification("notifications/progress",
                obj("{'progressToken':8,'progress':1}")))).as("another request's token").isEmpty();
    }

    @Test
    void withoutAProgressTokenNoProgressIsRelayed() {
        assertThat(RequestNotifications.forRequest(obj("{'name':'t'}")).relay(PROGRESS_7)).isEmpty();
        assertThat(RequestNotifications.forRequest(null).relay(PROGRESS_7)).isEmpty();
    }

    @Test
    void logMessagesFollowTheSessionsLevel() {
        RequestNotifications warnings = RequestNotifications.forRequest(
                obj("{'_meta':{'io.modelcontextprotocol/logLevel':'warning'}}"));

        assertThat(warnings.relay(WARNING)).contains(WARNING);
        assertThat(warnings.relay(DEBUG)).isEmpty();
        assertThat(RequestNotifications.forRequest(obj("{}")).relay(WARNING)).as("no setLevel, no logs").isEmpty();
    }

    @Test
    void otherNotificationsStayAtTheGateway() {
        RequestNotifications relay = RequestNotifications.forRequest(obj("{'_meta':{'progressToken':7,"
                + "'io.modelcontextprotocol/logLevel':'debug'}}"));

        assertThat(relay.relay(new JsonRpcNotification("notifications/tools/list_changed", null))).isEmpty();
    }
}
