package io.eragate.core.legacyrelay;

import static io.eragate.core.testing.TestJson.obj;
import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.jsonrpc.JsonRpcId;
import org.junit.jupiter.api.Test;

class InFlightRequestsTest {

    private final InFlightRequests<String> inFlight = new InFlightRequests<>();

    @Test
    void aCancellationClosesTheNamedRequestOfItsSessionOnce() {
        inFlight.begin("s1", JsonRpcId.of(3), "call-3");
        inFlight.begin("s2", JsonRpcId.of(3), "other-session");

        assertThat(inFlight.cancel("s1", obj("{'requestId':3,'reason':'user'}"))).contains("call-3");
        assertThat(inFlight.cancel("s1", obj("{'requestId':3}"))).as("already cancelled").isEmpty();
        assertThat(inFlight.size()).isEqualTo(1);
    }

    @Test
    void theIdKeepsItsJsonType() {
        inFlight.begin("s1", JsonRpcId.of(3), "numeric");

        assertThat(inFlight.cancel("s1", obj("{'requestId':'3'}"))).isEmpty();
        assertThat(inFlight.cancel("s1", obj("{'requestId':null}"))).isEmpty();
        assertThat(inFlight.cancel("s1", null)).isEmpty();
        assertThat(inFlight.cancel("s1", obj("{'requestId':3}"))).contains("numeric");
    }

    @Test
    void aDuplicateIdIsRefusedAndAnEndedRequestIsForgotten() {
        assertThat(inFlight.begin("s1", JsonRpcId.of("a"), "first")).isTrue();
        assertThat(inFlight.begin("s1", JsonRpcId.of("a"), "second")).isFalse();

        inFlight.end("s1", JsonRpcId.of("a"), "second");
        assertThat(inFlight.size()).as("only the recorded exchange ends it").isEqualTo(1);
        inFlight.end("s1", JsonRpcId.of("a"), "first");
        assertThat(inFlight.cancel("s1", obj("{'requestId':'a'}"))).isEmpty();
    }

    @Test
    void anEndedSessionGivesBackItsRequests() {
        inFlight.begin("s1", JsonRpcId.of(1), "one");
        inFlight.begin("s1", JsonRpcId.of(2), "two");
        inFlight.begin("s2", JsonRpcId.of(1), "kept");

        assertThat(inFlight.endSession("s1")).containsExactlyInAnyOrder("one", "two");
        assertThat(inFlight.size()).isEqualTo(1);
    }
}
