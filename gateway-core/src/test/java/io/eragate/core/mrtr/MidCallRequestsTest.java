package io.eragate.core.mrtr;

import static io.eragate.core.mrtr.TestJson.obj;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MidCallRequestsTest {

    private static final String FORM = "{'mode':'form','message':'Name?','requestedSchema':{'type':'object'}}";
    private static final String HINTED = "{'mode':'form','message':'Name?','requestedSchema':{'type':'object'},"
            + "'_meta':{'io.eragate/inputKey':'name'}}";
    private static final String ELICITS = "{'name':'t','_meta':{'io.modelcontextprotocol/clientCapabilities':"
            + "{'elicitation':{}}}}";
    private static final String DECLARES_NOTHING = "{'name':'t','_meta':{}}";
    private static final RoundLimits TWO_ROUNDS = new RoundLimits(16, 100, 2);

    @ParameterizedTest(name = "{0} asks {1} during {2}, round {4}, failUndeclared {5} -> {6}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "ping                  | {}        | tools/call     | elicits  | 0 | false | answer",
        "ping                  | {}        | tools/list     | nothing  | 0 | false | answer",
        "elicitation/create    | form      | tools/list     | elicits  | 0 | false | declined",
        "elicitation/create    | form      | tools/call     | elicits  | 0 | false | gather",
        "elicitation/create    | form      | prompts/get    | elicits  | 0 | false | gather",
        "elicitation/create    | form      | resources/read | elicits  | 1 | false | gather",
        "elicitation/create    | form      | tools/call     | elicits  | 2 | false | declined (rounds)",
        "elicitation/create    | form      | tools/call     | nothing  | 0 | false | declined (capability)",
        "elicitation/create    | form      | tools/call     | nothing  | 0 | true  | lacking",
        "elicitation/create    | hinted    | tools/call     | elicits  | 0 | false | presupplied",
        "elicitation/create    | hinted    | tools/call     | elicits  | 1 | false | gather",
        "sampling/createMessage| {}        | tools/call     | elicits  | 0 | false | declined (capability)",
        "tools/list            | {}        | tools/call     | elicits  | 0 | false | declined",
    })
    void decidesEachUpstreamRequest(String method, String params, String clientMethod, String declares, int round,
            boolean failUndeclared, String expected) {
        ObjectNode askedParams = obj(switch (params) {
            case "form" -> FORM;
            case "hinted" -> HINTED;
            default -> params;
        });
        JsonRpcRequest asked = new JsonRpcRequest(JsonRpcId.of(7), method, askedParams);
        ObjectNode clientParams = obj(declares.equals("elicits") ? ELICITS : DECLARES_NOTHING);
        ObjectNode presupplied = obj("{'name':{'action':'accept','content':{'name':'Ada'}}}");

        MidCallRequests.Decision decision = MidCallRequests.decide(asked, clientMethod, clientParams, presupplied,
                round, failUndeclared, TWO_ROUNDS);

        assertThat(describe(decision)).isEqualTo(expected);
    }

    @Test
    void aPingIsAnsweredWithAnEmptyResultAndANonInputRequestAsAClientWithoutTheCapability() {
        JsonRpcRequest ping = new JsonRpcRequest(JsonRpcId.of(1), "ping", null);
        JsonRpcRequest roots = new JsonRpcRequest(JsonRpcId.of(2), "roots/list", null);

        assertThat(MidCallRequests.decide(ping, "tools/call", null, null, 0, false, TWO_ROUNDS))
                .isEqualTo(new MidCallRequests.Decision.Answer(new UpstreamAnswer(obj("{}"), null), null));
        assertThat(MidCallRequests.decide(roots, "tools/list", null, null, 0, false, TWO_ROUNDS))
                .isEqualTo(new MidCallRequests.Decision.Answer(UpstreamAnswer.decline("roots/list"), null));
    }

    @Test
    void aRoundOverTheBoundIsDeclinedNamingTheBound() {
        JsonRpcRequest asked = new JsonRpcRequest(JsonRpcId.of(3), "elicitation/create", obj(FORM));

        assertThat(MidCallRequests.decide(asked, "tools/call", obj(ELICITS), null, 2, false, TWO_ROUNDS))
                .isEqualTo(new MidCallRequests.Decision.Answer(UpstreamAnswer.decline("elicitation/create"),
                        "the request asked for input more than 2 times"));
    }

    @Test
    void aPresuppliedAnswerIsTheClientsOwn() {
        JsonRpcRequest asked = new JsonRpcRequest(JsonRpcId.of(3), "elicitation/create", obj(HINTED));
        ObjectNode given = obj("{'name':{'action':'accept','content':{'name':'Ada'}},'other':{'action':'decline'}}");

        assertThat(MidCallRequests.decide(asked, "tools/call", obj(ELICITS), given, 0, false, TWO_ROUNDS))
                .isEqualTo(new MidCallRequests.Decision.FromPresupplied("name",
                        obj("{'action':'accept','content':{'name':'Ada'}}")));
    }

    @Test
    void lackingCapabilitiesFailTheCallOnlyWhenTheRoundGatheredNothingElse() {
        List<ObjectNode> lacking = List.of(obj("{'elicitation':{'url':{}}}"), obj("{'sampling':{}}"));

        assertThat(MidCallRequests.failureForLacking(lacking, true))
                .contains(obj("{'elicitation':{'url':{}},'sampling':{}}"));
        assertThat(MidCallRequests.failureForLacking(lacking, false)).isEmpty();
        assertThat(MidCallRequests.failureForLacking(List.of(), true)).isEmpty();
    }

    private static String describe(MidCallRequests.Decision decision) {
        if (decision instanceof MidCallRequests.Decision.Answer answer) {
            if (answer.reason() == null) {
                return answer.answer().error() == null && answer.answer().result().isEmpty() ? "answer" : "declined";
            }
            return answer.reason().contains("more than") ? "declined (rounds)" : "declined (capability)";
        }
        if (decision instanceof MidCallRequests.Decision.FromPresupplied) {
            return "presupplied";
        }
        return decision instanceof MidCallRequests.Decision.Lacking ? "lacking" : "gather";
    }
}
