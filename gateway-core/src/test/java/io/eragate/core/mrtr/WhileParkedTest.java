package io.eragate.core.mrtr;

import static io.eragate.core.mrtr.TestJson.obj;
import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import org.junit.jupiter.api.Test;

class WhileParkedTest {

    @Test
    void pingsAreAnsweredAndOtherMessagesHeldUpToTheBound() {
        JsonRpcRequest ping = new JsonRpcRequest(JsonRpcId.of(1), "ping", null);
        JsonRpcNotification progress = new JsonRpcNotification("notifications/progress", obj("{'progress':1}"));
        JsonRpcRequest roots = new JsonRpcRequest(JsonRpcId.of(2), "roots/list", null);

        assertThat(WhileParked.of(ping, 4, 4)).isEqualTo(WhileParked.ANSWER_PING);
        assertThat(WhileParked.of(progress, 3, 4)).isEqualTo(WhileParked.HOLD);
        assertThat(WhileParked.of(roots, 3, 4)).isEqualTo(WhileParked.HOLD);
        assertThat(WhileParked.of(progress, 4, 4)).isEqualTo(WhileParked.DROP);
    }
}
