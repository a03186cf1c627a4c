package io.eragate.core.mrtr;

import static io.eragate.core.mrtr.TestJson.node;
import static io.eragate.core.mrtr.TestJson.obj;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InputRequestsTest {

    @Test
    void gathersUpstreamRequestsUnderGatewayKeys() {
        InputRequests round = new InputRequests();

        String form = round.add(new JsonRpcRequest(JsonRpcId.of(1), "elicitation/create",
                obj("{'mode':'form','message':'Name?','requestedSchema':{'type':'object'}}")));
        String sampling = round.add(new JsonRpcRequest(JsonRpcId.of("s"), "sampling/createMessage",
                obj("{'messages':[],'maxTokens':5}")));
        String url = round.add(new JsonRpcRequest(JsonRpcId.of(3), "elicitation/create",
                obj("{'mode':'url','message':'Log in','url':'https://auth/x','elicitationId':'el-9'}")));
        String roots = round.add(new JsonRpcRequest(JsonRpcId.of(4), "roots/list", null));

        assertThat(form).isEqualTo("elicitation_1");
        assertThat(sampling).isEqualTo("sampling_1");
        assertThat(url).isEqualTo("elicitation_2");
        assertThat(roots).isEqualTo("roots_1");
        assertThat(round.toResult("STATE")).isEqualTo(node("{'resultType':'input_required','inputRequests':{"
                + "'elicitation_1':{'method':'elicitation/create','params':{'mode':'form','message':'Name?',"
                + "'requestedSchema':{'type':'object'}}},"
                + "'sampling_1':{'method':'sampling/createMessage','params':{'messages':[],'maxTokens':5}},"
                + "'elicitation_2':{'method':'elicitation/create','params':{'mode':'url','message':'Log in',"
                + "'url':'https://auth/x'}},"
                + "'roots_1':{'method':'roots/list','params':{}}},"
                + "'requestState':'STATE'}"));
        assertThat(round.upstreamIds()).containsExactly(
                Map.entry("elicitation_1", JsonRpcId.of(1)), Map.entry("sampling_1", JsonRpcId.of("s")),
                Map.entry("elicitation_2", JsonRpcId.of(3)), Map.entry("roots_1", JsonRpcId.of(4)));
        assertThat(round.elicitationIds()).containsExactly(Map.entry("elicitation_2", "el-9"));
    }

    @Test
    void dropsWhat2026DoesNotHave() {
        InputRequests round = new InputRequests();
        JsonRpcRequest upstream = new JsonRpcRequest(JsonRpcId.of(1), "sampling/createMessage",
                obj("{'messages':[],'maxTokens':5,'task':{'ttl':1000},"
                        + "'_meta':{'io.modelcontextprotocol/related-task':{'taskId':'t'},'trace':'x'}}"));

        round.add(upstream);

        assertThat(round.toJson().at("/sampling_1/params")).isEqualTo(node("{'messages':[],'maxTokens':5,"
                + "'_meta':{'trace':'x'}}"));
        assertThat(upstream.params().has("task")).as("the upstream request is not modified").isTrue();
    }

    @Test
    void keepsTheElicitationIdOfAFormElicitation() {
        InputRequests round = new InputRequests();

        round.add(new JsonRpcRequest(JsonRpcId.of(1), "elicitation/create",
                obj("{'message':'m','requestedSchema':{},'elicitationId':'odd'}")));

        assertThat(round.toJson().at("/elicitation_1/params/elicitationId").textValue()).isEqualTo("odd");
        assertThat(round.elicitationIds()).isEmpty();
    }

    @Test
    void refusesMethodsThatAreNotInputRequests() {
        InputRequests round = new InputRequests();

        assertThatThrownBy(() -> round.add(new JsonRpcRequest(JsonRpcId.of(1), "ping", null)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(round.isEmpty()).isTrue();
    }

    @Test
    void aResultWithOnlyStateLeavesInputRequestsOut() {
        assertThat(new InputRequests().toResult("S")).isEqualTo(
                node("{'resultType':'input_required','requestState':'S'}"));
    }

    @Test
    void translatesUrlElicitationRequired() {
        JsonRpcError legacy = new JsonRpcError(-32042, "URL elicitation required", node("{'elicitations':["
                + "{'mode':'url','message':'Authorize GitHub','url':'https://gh/auth','elicitationId':'a1'},"
                + "{'mode':'url','message':'Authorize Jira','url':'https://jira/auth','elicitationId':'a2'}]}"));

        InputRequests round = InputRequests.fromUrlElicitationRequired(legacy).orElseThrow();

        assertThat(round.toJson()).isEqualTo(node("{"
                + "'elicitation_1':{'method':'elicitation/create','params':{'mode':'url','message':'Authorize GitHub',"
                + "'url':'https://gh/auth'}},"
                + "'elicitation_2':{'method':'elicitation/create','params':{'mode':'url','message':'Authorize Jira',"
                + "'url':'https://jira/auth'}}}"));
        assertThat(round.elicitationIds())
                .containsExactly(Map.entry("elicitation_1", "a1"), Map.entry("elicitation_2", "a2"));
        assertThat(round.upstreamIds()).isEmpty();
    }

    @Test
    void refusesMalformedUrlElicitationErrors() {
        String[] bad = {
            "{'elicitations':[]}",
            "{'elicitations':{}}",
            "{}",
            "{'elicitations':[{'mode':'url','url':'https://x'}]}",
            "{'elicitations':[{'mode':'url','message':'m'}]}",
            "{'elicitations':[{'mode':'form','message':'m','url':'https://x'}]}",
            "{'elicitations':[{'mode':'url','message':'m','url':7}]}",
        };
        for (String data : bad) {
            assertThat(InputRequests.fromUrlElicitationRequired(new JsonRpcError(-32042, "m", node(data))))
                    .as(data).isEmpty();
        }
        assertThat(InputRequests.fromUrlElicitationRequired(new JsonRpcError(-32603, "m",
                node("{'elicitations':[{'mode':'url','message':'m','url':'https://x'}]}")))).isEmpty();
        assertThat(InputRequests.fromUrlElicitationRequired(JsonRpcError.of(-32042, "m"))).isEmpty();
    }

    @Test
    void anUpstreamMayNameItsInputKeyAndTheHintDoesNotReachTheClient() {
        InputRequests round = new InputRequests();
        JsonRpcRequest named = new JsonRpcRequest(JsonRpcId.of("a"), "elicitation/create", obj(
                "{'message':'Name?','_meta':{'io.eragate/inputKey':'user_name','trace':'t-1'}}"));
        JsonRpcRequest bare = new JsonRpcRequest(JsonRpcId.of("b"), "elicitation/create",
                obj("{'message':'Age?','_meta':{'io.eragate/inputKey':'user_name'}}"));

        assertThat(round.add(named)).isEqualTo("user_name");
        assertThat(round.add(bare)).as("a name already taken falls back to the gateway's").isEqualTo("elicitation_1");
        assertThat(round.toJson()).isEqualTo(obj("""
                {'user_name':{'method':'elicitation/create','params':{'message':'Name?','_meta':{'trace':'t-1'}}},
                 'elicitation_1':{'method':'elicitation/create','params':{'message':'Age?'}}}"""));
        assertThat(round.upstreamIds()).containsExactly(Map.entry("user_name", JsonRpcId.of("a")),
                Map.entry("elicitation_1", JsonRpcId.of("b")));
    }

    @Test
    void aGatewayKeyNeverTakesANameTheUpstreamChose() {
        InputRequests round = new InputRequests();
        round.add(new JsonRpcRequest(JsonRpcId.of(1), "sampling/createMessage",
                obj("{'_meta':{'io.eragate/inputKey':'sampling_1'}}")));

        assertThat(round.add(new JsonRpcRequest(JsonRpcId.of(2), "sampling/createMessage", obj("{}"))))
                .isEqualTo("sampling_2");
    }

    @Test
    void onlyAWellFormedHintNamesAKey() {
        for (String bad : new String[] {"''", "'-starts-with-dash'", "'has space'", "7", "{}",
                "'" + "k".repeat(65) + "'"}) {
            JsonRpcRequest request = new JsonRpcRequest(JsonRpcId.of(1), "roots/list",
                    obj("{'_meta':{'io.eragate/inputKey':" + bad + "}}"));
            assertThat(InputRequests.hintedKey(request)).as(bad).isEmpty();
        }
        assertThat(InputRequests.hintedKey(new JsonRpcRequest(JsonRpcId.of(1), "roots/list", null))).isEmpty();
        assertThat(InputRequests.hintedKey(new JsonRpcRequest(JsonRpcId.of(1), "roots/list",
                obj("{'_meta':{'io.eragate/inputKey':'" + "k".repeat(64) + "'}}")))).contains("k".repeat(64));
    }
}
