package io.eragate.core.mrtr;

import static io.eragate.core.mrtr.TestJson.node;
import static io.eragate.core.mrtr.TestJson.obj;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CapabilityCheckTest {

    private static final String FORM = "{'mode':'form','message':'Name?','requestedSchema':{'type':'object'}}";
    private static final String NO_MODE = "{'message':'Name?','requestedSchema':{'type':'object'}}";
    private static final String URL = "{'mode':'url','message':'Log in','url':'https://x/y','elicitationId':'e1'}";
    private static final String SAMPLE = "{'messages':[],'maxTokens':10}";
    private static final String SAMPLE_TOOLS = "{'messages':[],'maxTokens':10,'tools':[{'name':'t'}]}";
    private static final String SAMPLE_CONTEXT = "{'messages':[],'maxTokens':10,'includeContext':'thisServer'}";
    private static final String SAMPLE_NO_CONTEXT = "{'messages':[],'maxTokens':10,'includeContext':'none'}";

    @ParameterizedTest(name = "{0} + {1} {2} -> {3}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        // elicitation: form vs url granularity; {} means form only
        "{'elicitation':{}}                       | elicitation/create     | " + FORM + "   | forward",
        "{'elicitation':{}}                       | elicitation/create     | " + NO_MODE + "| forward",
        "{'elicitation':{}}                       | elicitation/create     | " + URL + "    | decline",
        "{'elicitation':{'form':{}}}              | elicitation/create     | " + FORM + "   | forward",
        "{'elicitation':{'form':{}}}              | elicitation/create     | " + URL + "    | decline",
        "{'elicitation':{'url':{}}}               | elicitation/create     | " + URL + "    | forward",
        "{'elicitation':{'url':{}}}               | elicitation/create     | " + FORM + "   | decline",
        "{'elicitation':{'url':{}}}               | elicitation/create     | " + NO_MODE + "| decline",
        "{'elicitation':{'form':{},'url':{}}}     | elicitation/create     | " + URL + "    | forward",
        "{'elicitation':{'form':null,'url':{}}}   | elicitation/create     | " + FORM + "   | decline",
        "{'elicitation':true}                     | elicitation/create     | " + FORM + "   | decline",
        "{'sampling':{},'roots':{}}               | elicitation/create     | " + FORM + "   | decline",
        "{}                                       | elicitation/create     | {'mode':'other','message':'m'} | decline",
        "{'elicitation':{'form':{},'url':{}}}     | elicitation/create     | {'mode':'other','message':'m'} | decline",
        // sampling: tools and context need their sub-capabilities
        "{'sampling':{}}                          | sampling/createMessage | " + SAMPLE + "       | forward",
        "{'sampling':{}}                          | sampling/createMessage | " + SAMPLE_NO_CONTEXT + " | forward",
        "{'sampling':{}}                          | sampling/createMessage | " + SAMPLE_TOOLS + " | decline",
        "{'sampling':{'tools':{}}}                | sampling/createMessage | " + SAMPLE_TOOLS + " | forward",
        "{'sampling':{'tools':{}}}                | sampling/createMessage | " + SAMPLE_CONTEXT + " | decline",
        "{'sampling':{'context':{}}}              | sampling/createMessage | " + SAMPLE_CONTEXT + " | forward",
        "{'elicitation':{},'roots':{}}            | sampling/createMessage | " + SAMPLE + "       | decline",
        // roots
        "{'roots':{}}                             | roots/list             | {}                   | forward",
        "{'roots':{'listChanged':true}}           | roots/list             | {}                   | forward",
        "{'elicitation':{},'sampling':{}}         | roots/list             | {}                   | decline",
        // never relayed
        "{'elicitation':{},'sampling':{},'roots':{}} | ping                | {}                   | decline",
        "{'elicitation':{},'sampling':{},'roots':{}} | tasks/get           | {}                   | decline",
    })
    void decidesByTheCapabilitiesOfThatRequest(String capabilities, String method, String params, String expected) {
        CapabilityCheck check = CapabilityCheck.ofCapabilities(node(capabilities));

        CapabilityCheck.Decision decision = check.check(method, obj(params));

        assertThat(decision instanceof CapabilityCheck.Decision.Forward ? "forward" : "decline").isEqualTo(expected);
    }

    @Test
    void readsTheCapabilitiesFromTheEnvelope() {
        ObjectNode params = obj("{'name':'t','_meta':{'io.modelcontextprotocol/clientCapabilities':"
                + "{'elicitation':{'url':{}}}}}");

        assertThat(CapabilityCheck.of(params).check("elicitation/create", obj(URL)))
                .isEqualTo(CapabilityCheck.Decision.FORWARD);
        assertThat(CapabilityCheck.of(obj("{'name':'t'}")).check("elicitation/create", obj(URL)))
                .isInstanceOf(CapabilityCheck.Decision.Decline.class);
        assertThat(CapabilityCheck.of(null).check("roots/list", null))
                .isInstanceOf(CapabilityCheck.Decision.Decline.class);
    }

    @Test
    void declinesWithTheUpstreamAnswerAndTheMissingCapabilities() {
        CapabilityCheck check = CapabilityCheck.ofCapabilities(node("{'elicitation':{}}"));

        CapabilityCheck.Decision decision = check.check("sampling/createMessage", obj(SAMPLE_TOOLS));

        assertThat(decision).isInstanceOfSatisfying(CapabilityCheck.Decision.Decline.class, decline -> {
            assertThat(decline.answer().error().code()).isEqualTo(-32601);
            assertThat(decline.requiredCapabilities()).isEqualTo(node("{'sampling':{'tools':{}}}"));
        });
        assertThat(check.check("elicitation/create", obj(URL))).isInstanceOfSatisfying(
                CapabilityCheck.Decision.Decline.class, decline -> {
                    assertThat(decline.answer().result()).isEqualTo(node("{'action':'decline'}"));
                    assertThat(decline.requiredCapabilities()).isEqualTo(node("{'elicitation':{'url':{}}}"));
                });
        assertThat(check.check("roots/list", null)).isInstanceOfSatisfying(
                CapabilityCheck.Decision.Decline.class,
                decline -> assertThat(decline.answer().result()).isEqualTo(node("{'roots':[]}")));
        assertThat(check.check("ping", null)).isInstanceOfSatisfying(CapabilityCheck.Decision.Decline.class,
                decline -> assertThat(decline.requiredCapabilities()).isNull());
    }

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "elicitation/create     | " + FORM + "             | {'elicitation':{'form':{}}}",
        "elicitation/create     | " + NO_MODE + "          | {'elicitation':{'form':{}}}",
        "elicitation/create     | " + URL + "              | {'elicitation':{'url':{}}}",
        "sampling/createMessage | " + SAMPLE + "           | {'sampling':{}}",
        "sampling/createMessage | " + SAMPLE_TOOLS + "     | {'sampling':{'tools':{}}}",
        "sampling/createMessage | " + SAMPLE_CONTEXT + "   | {'sampling':{'context':{}}}",
        "roots/list             | {}                       | {'roots':{}}",
    })
    void listsRequiredCapabilities(String method, String params, String expected) {
        assertThat(CapabilityCheck.requiredCapabilities(method, obj(params))).isEqualTo(node(expected));
    }

    @Test
    void mergesRequiredCapabilitiesAndBuildsTheMissingCapabilityError() {
        ObjectNode required = CapabilityCheck.requiredCapabilities("elicitation/create", obj(FORM));
        CapabilityCheck.merge(required, CapabilityCheck.requiredCapabilities("elicitation/create", obj(URL)));
        CapabilityCheck.merge(required, CapabilityCheck.requiredCapabilities("sampling/createMessage",
                obj(SAMPLE_TOOLS)));

        JsonRpcError error = CapabilityCheck.missingCapabilityError(required);

        assertThat(error.code()).isEqualTo(-32021);
        assertThat(error.data()).isEqualTo(node("{'requiredCapabilities':{'elicitation':{'form':{},'url':{}},"
                + "'sampling':{'tools':{}}}}"));
    }
}
