package io.eragate.core.bridge;

import static io.eragate.core.bridge.TestJson.node;
import static io.eragate.core.bridge.TestJson.obj;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ModernRequestTranslatorTest {

    private static final String ENVELOPE = """
            'io.modelcontextprotocol/protocolVersion':'2026-07-28',
            'io.modelcontextprotocol/clientCapabilities':{},
            'io.modelcontextprotocol/clientInfo':{'name':'c','version':'1'},
            'io.modelcontextprotocol/logLevel':'info'""";

    private final IdRewriter rewriter = new IdRewriter(4, 10);

    @Test
    void sendsTheCallWithEragatesIdTheEnvelopeStrippedAndTheTokenRewritten() {
        JsonRpcRequest modern = new JsonRpcRequest(JsonRpcId.of(1), "tools/call", obj("""
                {'name':'echo','arguments':{'message':'hi'},
                 '_meta':{%s,'progressToken':17,'traceparent':'00-1-2-01'}}""".formatted(ENVELOPE)));
        UpstreamExchange exchange =
                rewriter.tryBegin(modern.id(), ModernRequestTranslator.clientProgressToken(modern)).orElseThrow();

        JsonRpcRequest legacy = ModernRequestTranslator.toLegacy(modern, exchange);

        assertThat(legacy.id()).isEqualTo(JsonRpcId.of("eg-4-1"));
        assertThat(legacy.method()).isEqualTo("tools/call");
        assertThat(legacy.params()).isEqualTo(obj("""
                {'name':'echo','arguments':{'message':'hi'},
                 '_meta':{'progressToken':'eg-4-1','traceparent':'00-1-2-01'}}"""));
        assertThat(exchange.clientProgressToken()).isEqualTo(node("17"));
    }

    @Test
    void aRequestWithoutProgressSendsNoMeta() {
        JsonRpcRequest modern = new JsonRpcRequest(JsonRpcId.of("a"), "tools/list",
                obj("{'cursor':'p2','_meta':{%s}}".formatted(ENVELOPE)));

        JsonRpcRequest legacy = ModernRequestTranslator.toLegacy(modern, JsonRpcId.of("eg-4-9"), null);

        assertThat(legacy.params()).isEqualTo(obj("{'cursor':'p2'}"));
    }

    @Test
    void aClientTokenNeverReachesTheUpstreamUnrewritten() {
        JsonRpcRequest modern = new JsonRpcRequest(JsonRpcId.of(1), "tools/call",
                obj("{'name':'x','_meta':{'progressToken':{'bad':true}}}"));

        assertThat(ModernRequestTranslator.clientProgressToken(modern)).isNull();
        assertThat(ModernRequestTranslator.toLegacy(modern, JsonRpcId.of("eg-4-1"), null).params())
                .isEqualTo(obj("{'name':'x'}"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"'t-1'", "5"})
    void readsTheClientsTokenOfEitherKind(String token) {
        JsonRpcRequest modern = new JsonRpcRequest(JsonRpcId.of(1), "tools/call",
                obj("{'name':'x','_meta':{'progressToken':" + token + "}}"));

        assertThat(ModernRequestTranslator.clientProgressToken(modern)).isEqualTo(node(token));
    }

    @Test
    void absentParamsStayAbsentUnlessATokenMustBeSent() {
        JsonRpcRequest modern = new JsonRpcRequest(JsonRpcId.of(1), "prompts/list", null);

        assertThat(ModernRequestTranslator.toLegacy(modern, JsonRpcId.of("eg-4-1"), null).params()).isNull();
        assertThat(ModernRequestTranslator.toLegacy(modern, JsonRpcId.of("eg-4-1"), node("'eg-4-1'")).params())
                .isEqualTo(obj("{'_meta':{'progressToken':'eg-4-1'}}"));
        assertThat(ModernRequestTranslator.clientProgressToken(modern)).isNull();
    }

    @Test
    void dropsTheMultiRoundTripMembersEragateOwns() {
        JsonRpcRequest retry = new JsonRpcRequest(JsonRpcId.of(2), "tools/call", obj("""
                {'name':'x','arguments':{},'inputResponses':{'k':{'action':'accept'}},'requestState':'sealed',
                 '_meta':{%s}}""".formatted(ENVELOPE)));

        assertThat(ModernRequestTranslator.toLegacy(retry, JsonRpcId.of("eg-4-2"), null).params())
                .isEqualTo(obj("{'name':'x','arguments':{}}"));
    }

    @Test
    void neverModifiesTheModernRequest() {
        ObjectNode params = obj("{'name':'x','_meta':{%s,'progressToken':1}}".formatted(ENVELOPE));
        ObjectNode before = params.deepCopy();

        ModernRequestTranslator.toLegacy(
                new JsonRpcRequest(JsonRpcId.of(1), "tools/call", params), JsonRpcId.of("eg-4-1"), node("'eg-4-1'"));

        assertThat(params).isEqualTo(before);
    }

    @Test
    void translatesNestedParamsAsTheyCameAndLeavesTheModernRequestAsItWas() {
        // The legacy request shares what lies below params and _meta with the modern one: nothing of it may change.
        ObjectNode params = obj("""
                {'name':'echo','arguments':{'m':'hi','_meta':{'io.modelcontextprotocol/x':1},'l':[{'a':null}]},
                 'requestState':'s','inputResponses':{},
                 '_meta':{%s,'progressToken':'p','vendor.example/x':{'deep':[1,2]}}}""".formatted(ENVELOPE));
        ObjectNode before = params.deepCopy();
        JsonRpcRequest modern = new JsonRpcRequest(JsonRpcId.of(1), "tools/call", params);

        JsonRpcRequest legacy = ModernRequestTranslator.toLegacy(modern, JsonRpcId.of("eg-4-3"), node("'eg-4-3'"));

        assertThat(legacy.params().toString()).isEqualTo(obj("""
                {'name':'echo','arguments':{'m':'hi','_meta':{'io.modelcontextprotocol/x':1},'l':[{'a':null}]},
                 '_meta':{'vendor.example/x':{'deep':[1,2]},'progressToken':'eg-4-3'}}""").toString());
        assertThat(params).isEqualTo(before);
        assertThat(modern.params()).isSameAs(params);
    }

    @ParameterizedTest(name = "{0} forwarded={1} local={2}")
    @CsvSource({
        "tools/list, true, false",
        "tools/call, true, false",
        "prompts/list, true, false",
        "prompts/get, true, false",
        "resources/list, true, false",
        "resources/templates/list, true, false",
        "resources/read, true, false",
        "completion/complete, true, false",
        "server/discover, false, true",
        "subscriptions/listen, false, false",
        "initialize, false, false",
        "ping, false, false",
        "logging/setLevel, false, false",
    })
    void knowsWhichMethodsGoUpstream(String method, boolean forwarded, boolean local) {
        assertThat(ModernRequestTranslator.isForwarded(method)).isEqualTo(forwarded);
        assertThat(ModernRequestTranslator.isAnsweredLocally(method)).isEqualTo(local);
    }

    @ParameterizedTest
    @ValueSource(strings = {"server/discover", "subscriptions/listen", "initialize"})
    void refusesToTranslateWhatIsNeverSentAsARequest(String method) {
        JsonRpcRequest modern = new JsonRpcRequest(JsonRpcId.of(1), method, obj("{'_meta':{%s}}".formatted(ENVELOPE)));

        assertThatThrownBy(() -> ModernRequestTranslator.toLegacy(modern, JsonRpcId.of("eg-4-1"), null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(method);
    }

    @Test
    void cancelsWithTheUpstreamId() {
        UpstreamExchange exchange = rewriter.tryBegin(JsonRpcId.of(1), null).orElseThrow();

        JsonRpcNotification cancelled = ModernRequestTranslator.cancellation(exchange, "client disconnected");

        assertThat(cancelled.method()).isEqualTo("notifications/cancelled");
        assertThat(cancelled.params()).isEqualTo(obj("{'requestId':'eg-4-1','reason':'client disconnected'}"));
        assertThat(ModernRequestTranslator.cancellation(exchange, null).params())
                .isEqualTo(obj("{'requestId':'eg-4-1'}"));
    }
}
