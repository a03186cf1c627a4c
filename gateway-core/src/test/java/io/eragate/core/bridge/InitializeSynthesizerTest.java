package io.eragate.core.bridge;

import static io.eragate.core.bridge.TestJson.node;
import static io.eragate.core.bridge.TestJson.obj;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.config.MrtrConfig.SessionCapabilities;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class InitializeSynthesizerTest {

    private final InitializeSynthesizer synthesizer = new InitializeSynthesizer("1.2.3");

    @Test
    void buildsLegacyInitializeParamsFromTheEnvelope() {
        ObjectNode request = obj("""
                {'name':'echo','_meta':{'io.modelcontextprotocol/protocolVersion':'2026-07-28',
                  'io.modelcontextprotocol/clientCapabilities':{'elicitation':{'form':{},'url':{}},
                     'extensions':{'io.modelcontextprotocol/tasks':{}}},
                  'io.modelcontextprotocol/clientInfo':
                     {'name':'inspector','version':'2.12.0','title':'Inspector'}}}""");

        assertThat(synthesizer.initializeParams(request)).isEqualTo(obj("""
                {'protocolVersion':'2025-11-25',
                 'capabilities':{'elicitation':{'form':{},'url':{}}},
                 'clientInfo':{'name':'inspector','version':'2.12.0','title':'Inspector'}}"""));
    }

    static Stream<Arguments> unusableClientInfo() {
        return Stream.of(
                Arguments.of("no params", null),
                Arguments.of("no _meta", obj("{}")),
                Arguments.of("no clientInfo", obj("{'_meta':{'io.modelcontextprotocol/logLevel':'info'}}")),
                Arguments.of("no version", obj("{'_meta':{'io.modelcontextprotocol/clientInfo':{'name':'c'}}}")),
                Arguments.of("numeric name",
                        obj("{'_meta':{'io.modelcontextprotocol/clientInfo':{'name':1,'version':'1'}}}")),
                Arguments.of("not an object", obj("{'_meta':{'io.modelcontextprotocol/clientInfo':'c'}}")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unusableClientInfo")
    void fallsBackToEragatesOwnClientInfo(String why, ObjectNode request) {
        ObjectNode params = synthesizer.initializeParams(request);

        assertThat(params.get("clientInfo")).isEqualTo(obj("{'name':'eragate','version':'1.2.3'}"));
        assertThat(params.get("protocolVersion").textValue()).isEqualTo("2025-11-25");
        assertThat(params.get("capabilities")).isEqualTo(obj("{}"));
    }

    static Stream<Arguments> capabilities() {
        return Stream.of(
                Arguments.of("{}", "{}"),
                Arguments.of("{'roots':{}}", "{'roots':{}}"),
                Arguments.of("{'roots':{'listChanged':true}}", "{'roots':{}}"),
                Arguments.of("{'sampling':{'context':{},'tools':{}}}", "{'sampling':{'context':{},'tools':{}}}"),
                Arguments.of("{'elicitation':{}}", "{'elicitation':{}}"),
                Arguments.of("{'experimental':{'x':{'y':1}}}", "{'experimental':{'x':{'y':1}}}"),
                Arguments.of("{'extensions':{'io.modelcontextprotocol/tasks':{}}}", "{}"),
                Arguments.of("{'tasks':{'requests':{}}}", "{}"),
                Arguments.of("{'somethingNew':{}}", "{}"),
                Arguments.of("{'roots':true,'sampling':null}", "{}"),
                Arguments.of("[]", "{}"),
                Arguments.of("null", "{}"));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("capabilities")
    void keepsOnlyCapabilitiesBothErasShare(String modern, String legacy) {
        assertThat(InitializeSynthesizer.legacyCapabilities(node(modern))).isEqualTo(obj(legacy));
    }

    @Test
    void absentCapabilitiesAreNone() {
        assertThat(InitializeSynthesizer.legacyCapabilities(null)).isEqualTo(obj("{}"));
    }

    @Test
    void neverModifiesTheRequest() {
        ObjectNode request = obj("""
                {'_meta':{'io.modelcontextprotocol/clientCapabilities':{'roots':{'listChanged':true}},
                  'io.modelcontextprotocol/clientInfo':{'name':'c','version':'1'}}}""");
        ObjectNode before = request.deepCopy();

        ObjectNode params = synthesizer.initializeParams(request);
        ((ObjectNode) params.get("clientInfo")).put("name", "changed");

        assertThat(request).isEqualTo(before);
    }

    @Test
    void theCapabilitiesKeyIgnoresMemberOrderAtEveryDepth() {
        String a = InitializeSynthesizer.normalizedCapabilitiesKey(
                obj("{'sampling':{'tools':{},'context':{}},'elicitation':{'url':{},'form':{}}}"));
        String b = InitializeSynthesizer.normalizedCapabilitiesKey(
                obj("{'elicitation':{'form':{},'url':{}},'sampling':{'context':{},'tools':{}}}"));

        assertThat(a).isEqualTo(b)
                .isEqualTo("{\"elicitation\":{\"form\":{},\"url\":{}},\"sampling\":{\"context\":{},\"tools\":{}}}");
    }

    @Test
    void theCapabilitiesKeyKeepsArrayOrderAndTellsValuesApart() {
        assertThat(InitializeSynthesizer.normalizedCapabilitiesKey(obj("{'experimental':{'l':[1,2]}}")))
                .isNotEqualTo(InitializeSynthesizer.normalizedCapabilitiesKey(obj("{'experimental':{'l':[2,1]}}")));
        assertThat(InitializeSynthesizer.normalizedCapabilitiesKey(obj("{'elicitation':{}}")))
                .isNotEqualTo(InitializeSynthesizer.normalizedCapabilitiesKey(obj("{'elicitation':{'url':{}}}")));
    }

    @Test
    void absentCapabilitiesHaveTheKeyOfEmptyOnes() {
        assertThat(InitializeSynthesizer.normalizedCapabilitiesKey(null))
                .isEqualTo(InitializeSynthesizer.normalizedCapabilitiesKey(obj("{}")))
                .isEqualTo("{}");
    }

    @Test
    void requestsThatDifferOnlyInWhatIsNotSentUpstreamShareAKey() {
        ObjectNode withExtensions = obj("""
                {'_meta':{'io.modelcontextprotocol/clientCapabilities':{'roots':{},'extensions':{'a.b/c':{}}}}}""");
        ObjectNode plain = obj("{'_meta':{'io.modelcontextprotocol/clientCapabilities':{'roots':{}}}}");
        ObjectNode withElicitation = obj("""
                {'_meta':{'io.modelcontextprotocol/clientCapabilities':{'roots':{},'elicitation':{}}}}""");

        assertThat(synthesizer.capabilitiesKey(withExtensions))
                .isEqualTo(synthesizer.capabilitiesKey(plain))
                .isNotEqualTo(synthesizer.capabilitiesKey(withElicitation));
        assertThat(synthesizer.capabilitiesKey(null)).isEqualTo("{}");
    }

    @Test
    void relayableSessionsDeclareAllTheGatewayRelaysWhateverTheRequestDeclared() {
        InitializeSynthesizer relayable = new InitializeSynthesizer("1.2.3", SessionCapabilities.RELAYABLE);
        ObjectNode none = obj("{'_meta':{'io.modelcontextprotocol/clientCapabilities':{}}}");
        ObjectNode elicitation = obj("{'_meta':{'io.modelcontextprotocol/clientCapabilities':{'elicitation':{}}}}");
        ObjectNode experimental = obj(
                "{'_meta':{'io.modelcontextprotocol/clientCapabilities':{'experimental':{'x':{}}}}}");

        assertThat(relayable.initializeParams(none).get("capabilities")).isEqualTo(obj(
                "{'roots':{},'sampling':{'context':{},'tools':{}},'elicitation':{'form':{},'url':{}}}"));
        assertThat(relayable.capabilitiesKey(none)).isEqualTo(relayable.capabilitiesKey(elicitation))
                .isEqualTo(relayable.capabilitiesKey(null))
                .isNotEqualTo(relayable.capabilitiesKey(experimental));
        assertThat(relayable.initializeParams(experimental).path("capabilities").path("experimental"))
                .isEqualTo(obj("{'x':{}}"));
    }
}
