package io.eragate.core.legacyrelay;

import static io.eragate.core.testing.TestJson.node;
import static io.eragate.core.testing.TestJson.obj;
import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.mrtr.RoundLimits;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RelayedRequestTest {

    private static final JsonRpcRequest CALL = new JsonRpcRequest(JsonRpcId.of(5), "tools/call",
            obj("{'name':'ask','_meta':{'progressToken':'p','io.modelcontextprotocol/logLevel':'info'}}"));
    private static final String ELICIT = "{'jsonrpc':'2.0','id':5,'result':{'resultType':'input_required',"
            + "'inputRequests':{'q':{'method':'elicitation/create','params':{'message':'?','requestedSchema':{}}}},"
            + "'requestState':'S%d'}}";

    private final AtomicLong counter = new AtomicLong();
    private final RelayedRequest relayed = new RelayedRequest(CALL, node("{'elicitation':{}}"),
            () -> JsonRpcId.of("eragate-" + counter.incrementAndGet()), new RoundLimits(16, 100, 2));

    @Test
    void notificationsOfTheRequestReachTheClient() {
        assertThat(relayed.onUpstreamMessage(node("{'jsonrpc':'2.0','method':'notifications/progress',"
                + "'params':{'progressToken':'p','progress':1}}"))).isInstanceOf(RelayedRequest.Step.Notify.class);
        assertThat(relayed.onUpstreamMessage(node("{'jsonrpc':'2.0','method':'notifications/message',"
                + "'params':{'level':'debug','data':'x'}}"))).isEqualTo(RelayedRequest.Step.NOTHING);
    }

    @Test
    void aCompleteResultEndsTheRequest() {
        RelayedRequest.Step step = relayed.onUpstreamMessage(node("{'jsonrpc':'2.0','id':5,'result':{'content':[],"
                + "'resultType':'complete'}}"));

        assertThat(step).isInstanceOf(RelayedRequest.Step.Answer.class);
        assertThat(relayed.ended()).isTrue();
        assertThat(relayed.onUpstreamMessage(node("{'jsonrpc':'2.0','method':'notifications/progress',"
                + "'params':{'progressToken':'p','progress':2}}"))).as("nothing after the end")
                .isEqualTo(RelayedRequest.Step.NOTHING);
    }

    @Test
    void roundsAreAskedOfTheClientAndRetriedUpstreamWithItsAnswers() {
        RelayedRequest.Step ask = relayed.onUpstreamMessage(node(ELICIT.formatted(1)));
        JsonRpcRequest question = ((RelayedRequest.Step.AskClient) ask).requests().get(0);
        assertThat(question.method()).isEqualTo("elicitation/create");
        assertThat(relayed.awaitedIds()).containsExactly(question.id());

        RelayedRequest.Step retry = relayed.onClientAnswer(JsonRpcResponse.success(question.id(),
                obj("{'action':'accept','content':{'a':1}}")));
        JsonRpcRequest again = ((RelayedRequest.Step.Retry) retry).request();
        assertThat(again.id()).isEqualTo(JsonRpcId.of(5));
        assertThat(again.params().get("inputResponses")).isEqualTo(obj("{'q':{'action':'accept','content':{'a':1}}}"));
        assertThat(again.params().get("requestState").textValue()).isEqualTo("S1");
        assertThat(again.params().path("_meta").path("progressToken").textValue()).isEqualTo("p");

        RelayedRequest.Step second = relayed.onUpstreamMessage(node(ELICIT.formatted(2)));
        JsonRpcRequest secondQuestion = ((RelayedRequest.Step.AskClient) second).requests().get(0);
        assertThat(secondQuestion.id()).as("ids are unique in the session").isNotEqualTo(question.id());
        RelayedRequest.Step secondRetry = relayed.onClientAnswer(JsonRpcResponse.success(secondQuestion.id(),
                obj("{'action':'decline'}")));
        assertThat(((RelayedRequest.Step.Retry) secondRetry).request().params().get("requestState").textValue())
                .isEqualTo("S2");
    }

    @Test
    void moreRoundsThanTheLimitFailTheRequest() {
        for (int i = 1; i <= 2; i++) {
            RelayedRequest.Step ask = relayed.onUpstreamMessage(node(ELICIT.formatted(i)));
            JsonRpcId id = ((RelayedRequest.Step.AskClient) ask).requests().get(0).id();
            relayed.onClientAnswer(JsonRpcResponse.success(id, obj("{'action':'cancel'}")));
        }

        RelayedRequest.Step third = relayed.onUpstreamMessage(node(ELICIT.formatted(3)));

        JsonRpcResponse failure = ((RelayedRequest.Step.Fail) third).response();
        assertThat(failure.id()).isEqualTo(JsonRpcId.of(5));
        assertThat(failure.error().message()).contains("mrtr.maxRounds");
    }

    @Test
    void aRoundOnlyForUndeclaredInputsIsRetriedWithoutAskingTheClient() {
        RelayedRequest.Step step = relayed.onUpstreamMessage(node("{'jsonrpc':'2.0','id':5,'result':{"
                + "'resultType':'input_required','inputRequests':{'r':{'method':'roots/list'}},'requestState':'S'}}"));

        assertThat(((RelayedRequest.Step.Retry) step).request().params().get("inputResponses"))
                .isEqualTo(obj("{'r':{'roots':[]}}"));
    }

    @Test
    void aSilentClientOrALostUpstreamFailsTheRequest() {
        relayed.onUpstreamMessage(node(ELICIT.formatted(1)));

        RelayedRequest.Step timeout = relayed.onRoundTimeout(Duration.ofSeconds(60));
        assertThat(((RelayedRequest.Step.Fail) timeout).response().error().message()).contains("did not answer");
        assertThat(relayed.onUpstreamGone(JsonRpcError.of(-32603, "gone"))).isEqualTo(RelayedRequest.Step.NOTHING);
    }

    @Test
    void aCancelledRequestRelaysNothingMore() {
        RelayedRequest.Step ask = relayed.onUpstreamMessage(node(ELICIT.formatted(1)));
        relayed.cancel();

        JsonRpcId id = ((RelayedRequest.Step.AskClient) ask).requests().get(0).id();
        assertThat(relayed.onClientAnswer(JsonRpcResponse.success(id, obj("{'action':'accept'}"))))
                .isEqualTo(RelayedRequest.Step.NOTHING);
        assertThat(relayed.ended()).isTrue();
    }
}
