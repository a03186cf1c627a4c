package io.eragate.core.legacyrelay;

import static io.eragate.core.testing.TestJson.node;
import static io.eragate.core.testing.TestJson.obj;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.mrtr.RoundLimits;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class InputRelayRoundTest {

    private static final JsonNode ALL = node("{'elicitation':{'form':{},'url':{}},'sampling':{},'roots':{}}");
    private static final ObjectNode TWO_INPUTS = obj("{'resultType':'input_required','inputRequests':{"
            + "'name':{'method':'elicitation/create','params':{'mode':'form','message':'Name?',"
            + "'requestedSchema':{'type':'object'}}},"
            + "'capital':{'method':'sampling/createMessage','params':{'messages':[],'maxTokens':10}}},"
            + "'requestState':'opaque-state=='}");
    private static final ObjectNode MODERN_PARAMS = obj("{'name':'ask','arguments':{'x':1},"
            + "'_meta':{'io.modelcontextprotocol/protocolVersion':'2026-07-28'}}");

    private final AtomicLong counter = new AtomicLong();
    private final Supplier<JsonRpcId> ids = () -> JsonRpcId.of("eragate-" + counter.incrementAndGet());

    @Test
    void eachInputRequestBecomesAClientRequestWithASessionUniqueId() {
        InputRelayRound round = InputRelayRound.plan(TWO_INPUTS, ALL, ids);

        assertThat(round.failure()).isEmpty();
        assertThat(round.clientRequests()).extracting(JsonRpcRequest::id, JsonRpcRequest::method).containsExactly(
                tuple(JsonRpcId.of("eragate-1"), "elicitation/create"),
                tuple(JsonRpcId.of("eragate-2"), "sampling/createMessage"));
        assertThat(round.clientRequests().get(0).params()).isEqualTo(obj("{'mode':'form','message':'Name?',"
                + "'requestedSchema':{'type':'object'}}"));
        assertThat(round.isComplete()).isFalse();
    }

    @Test
    void theAnswersAreGatheredByKeyAndTheRetryEchoesTheState() {
        InputRelayRound round = InputRelayRound.plan(TWO_INPUTS, ALL, ids);

        assertThat(round.accept(JsonRpcResponse.success(JsonRpcId.of("eragate-2"),
                obj("{'role':'assistant','content':{'type':'text','text':'Paris'},'model':'m'}"))))
                .isEqualTo(InputRelayRound.Answer.ACCEPTED);
        assertThatThrownBy(() -> round.retryParams(MODERN_PARAMS)).isInstanceOf(IllegalStateException.class);
        assertThat(round.accept(JsonRpcResponse.success(JsonRpcId.of("eragate-1"),
                obj("{'action':'accept','content':{'n':'Ada'}}")))).isEqualTo(InputRelayRound.Answer.COMPLETE);

        ObjectNode retry = round.retryParams(MODERN_PARAMS);
        assertThat(retry.get("inputResponses")).isEqualTo(obj("{'capital':{'role':'assistant','content':"
                + "{'type':'text','text':'Paris'},'model':'m'},'name':{'action':'accept','content':{'n':'Ada'}}}"));
        assertThat(retry.get("requestState").textValue()).isEqualTo("opaque-state==");
        assertThat(retry.get("arguments")).isEqualTo(MODERN_PARAMS.get("arguments"));
        assertThat(MODERN_PARAMS.has("inputResponses")).as("the original params stay as they were").isFalse();
    }

    @Test
    void aLaterRoundReplacesTheAnswersAndStateOfTheEarlierOne() {
        ObjectNode earlierRetry = obj("{'name':'ask','inputResponses':{'old':{'action':'accept'}},"
                + "'requestState':'round-1'}");
        InputRelayRound round = InputRelayRound.plan(obj("{'resultType':'input_required','inputRequests':{"
                + "'again':{'method':'roots/list'}},'requestState':'round-2'}"), ALL, ids);
        round.accept(JsonRpcResponse.success(round.clientRequests().get(0).id(), obj("{'roots':[]}")));

        ObjectNode retry = round.retryParams(earlierRetry);

        assertThat(retry.get("inputResponses")).isEqualTo(obj("{'again':{'roots':[]}}"));
        assertThat(retry.get("requestState").textValue()).isEqualTo("round-2");
    }

    @Test
    void withoutStateTheRetryCarriesNone() {
        InputRelayRound round = InputRelayRound.plan(obj("{'resultType':'input_required','inputRequests':{"
                + "'r':{'method':'roots/list','params':{}}}}"), ALL, ids);
        round.accept(JsonRpcResponse.success(round.clientRequests().get(0).id(), obj("{'roots':[]}")));

        assertThat(round.retryParams(MODERN_PARAMS).has("requestState")).isFalse();
    }

    @Test
    void aStateOnlyResultIsCompleteAtOnce() {
        InputRelayRound round = InputRelayRound.plan(obj("{'resultType':'input_required','requestState':'s'}"),
                ALL, ids);

        assertThat(round.clientRequests()).isEmpty();
        assertThat(round.isComplete()).isTrue();
        assertThat(round.retryParams(MODERN_PARAMS).get("requestState").textValue()).isEqualTo("s");
        assertThat(round.retryParams(MODERN_PARAMS).has("inputResponses")).isFalse();
    }

    @Test
    void anUndeclaredElicitationOrRootsIsAnsweredForTheClientWhichNeverSeesIt() {
        InputRelayRound round = InputRelayRound.plan(obj("{'resultType':'input_required','inputRequests':{"
                + "'e':{'method':'elicitation/create','params':{'message':'?','requestedSchema':{}}},"
                + "'r':{'method':'roots/list'},"
                + "'s':{'method':'sampling/createMessage','params':{'messages':[],'maxTokens':1}}},"
                + "'requestState':'st'}"), node("{'sampling':{}}"), ids);

        assertThat(round.clientRequests()).extracting(JsonRpcRequest::method)
                .containsExactly("sampling/createMessage");
        round.accept(JsonRpcResponse.success(round.clientRequests().get(0).id(), obj("{'model':'m'}")));
        assertThat(round.retryParams(MODERN_PARAMS).get("inputResponses")).isEqualTo(obj(
                "{'e':{'action':'decline'},'r':{'roots':[]},'s':{'model':'m'}}"));
    }

    @Test
    void aUrlElicitationNeedsTheUrlCapabilityAndGetsAnElicitationId() {
        ObjectNode urlRound = obj("{'resultType':'input_required','inputRequests':{"
                + "'login':{'method':'elicitation/create','params':{'mode':'url','message':'Log in',"
                + "'url':'https://example.com/login'}}}}");

        InputRelayRound formOnly = InputRelayRound.plan(urlRound, node("{'elicitation':{}}"), ids);
        assertThat(formOnly.clientRequests()).isEmpty();
        assertThat(formOnly.retryParams(MODERN_PARAMS).path("inputResponses").path("login"))
                .isEqualTo(obj("{'action':'decline'}"));

        InputRelayRound withUrl = InputRelayRound.plan(urlRound, ALL, ids);
        JsonRpcRequest sent = withUrl.clientRequests().get(0);
        assertThat(sent.params().path("elicitationId").textValue()).isEqualTo(sent.id().node().textValue());
    }

    @Test
    void anUndeclaredSamplingFailsTheRequestNamingTheCapability() {
        InputRelayRound round = InputRelayRound.plan(TWO_INPUTS, node("{'elicitation':{}}"), ids);

        JsonRpcError failure = round.failure().orElseThrow();
        assertThat(failure.code()).isEqualTo(JsonRpcErrorCodes.INTERNAL_ERROR);
        assertThat(failure.message()).contains("sampling/createMessage", "did not declare");
        assertThat(failure.data().path("requiredCapabilities")).isEqualTo(obj("{'sampling':{}}"));
        assertThat(round.isComplete()).isFalse();
    }

    @Test
    void aClientErrorFailsTheRequestAndUnknownAnswersAreIgnored() {
        InputRelayRound round = InputRelayRound.plan(TWO_INPUTS, ALL, ids);

        assertThat(round.accept(JsonRpcResponse.success(JsonRpcId.of("eragate-99"), obj("{}"))))
                .isEqualTo(InputRelayRound.Answer.UNKNOWN);
        assertThat(round.accept(JsonRpcResponse.failure(JsonRpcId.of("eragate-2"),
                JsonRpcError.of(-1, "User rejected sampling request")))).isEqualTo(InputRelayRound.Answer.FAILED);

        assertThat(round.failure().orElseThrow().message()).contains("sampling/createMessage",
                "User rejected sampling request");
        assertThat(round.accept(JsonRpcResponse.success(JsonRpcId.of("eragate-1"), obj("{'action':'cancel'}"))))
                .isEqualTo(InputRelayRound.Answer.UNKNOWN);
    }

    @Test
    void aTimeoutNamesWhatWasNotAnswered() {
        InputRelayRound round = InputRelayRound.plan(TWO_INPUTS, ALL, ids);
        round.accept(JsonRpcResponse.success(JsonRpcId.of("eragate-1"), obj("{'action':'accept'}")));

        assertThat(round.awaitedIds()).containsExactly(JsonRpcId.of("eragate-2"));
        assertThat(round.timedOut(Duration.ofSeconds(60)).message())
                .contains("[sampling/createMessage]", "mrtr.roundTimeout");
    }

    @Test
    void theNumberOfRoundsIsBounded() {
        RoundLimits limits = new RoundLimits(1, 1, 2);

        assertThat(InputRelayRound.checkRound(2, limits)).isEmpty();
        assertThat(InputRelayRound.checkRound(3, limits).orElseThrow().message()).contains("mrtr.maxRounds");
    }
}
