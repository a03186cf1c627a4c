package io.eragate.core.bridge;

import static io.eragate.core.bridge.TestJson.obj;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EnvelopeStripperTest {

    @ParameterizedTest(name = "{0} reserved={1}")
    @CsvSource({
        "io.modelcontextprotocol/protocolVersion, true",
        "io.modelcontextprotocol/clientCapabilities, true",
        "io.modelcontextprotocol/related-task, true",
        "dev.mcp/anything, true",
        "org.modelcontextprotocol.api/x, true",
        "com.mcp.tools/x, true",
        "com.example.mcp/x, false",
        "modelcontextprotocol.io/x, false",
        "mcp/x, false",
        "com.example/x, false",
        "progressToken, false",
        "traceparent, false",
        "/x, false",
    })
    void recognizesReservedPrefixesByTheirSecondLabel(String key, boolean reserved) {
        assertThat(EnvelopeStripper.isReservedKey(key)).as(key).isEqualTo(reserved);
    }

    @Test
    void removesTheEnvelopeAndKeepsProgressTraceAndVendorKeys() {
        ObjectNode params = obj("""
                {'name':'echo','arguments':{'message':'hi'},'_meta':{
                  'io.modelcontextprotocol/protocolVersion':'2026-07-28',
                  'io.modelcontextprotocol/clientCapabilities':{'elicitation':{}},
                  'io.modelcontextprotocol/clientInfo':{'name':'c','version':'1'},
                  'io.modelcontextprotocol/logLevel':'info',
                  'dev.mcp/other':1,
                  'progressToken':7,'traceparent':'00-ab-cd-01','tracestate':'x=1','baggage':'k=v',
                  'com.example.mcp/kept':true}}""");

        assertThat(EnvelopeStripper.strip(params)).isEqualTo(obj("""
                {'name':'echo','arguments':{'message':'hi'},'_meta':{
                  'progressToken':7,'traceparent':'00-ab-cd-01','tracestate':'x=1','baggage':'k=v',
                  'com.example.mcp/kept':true}}"""));
    }

    @Test
    void dropsMetaThatOnlyHeldTheEnvelope() {
        ObjectNode params = obj("""
                {'cursor':'c1','_meta':{'io.modelcontextprotocol/protocolVersion':'2026-07-28',
                  'io.modelcontextprotocol/clientCapabilities':{}}}""");

        assertThat(EnvelopeStripper.strip(params)).isEqualTo(obj("{'cursor':'c1'}"));
    }

    @Test
    void leavesParamsWithoutMetaAsTheyWere() {
        assertThat(EnvelopeStripper.strip(obj("{'uri':'file:///a'}"))).isEqualTo(obj("{'uri':'file:///a'}"));
        assertThat(EnvelopeStripper.strip(obj("{}"))).isEqualTo(obj("{}"));
    }

    @Test
    void dropsAnEmptyMetaAndLeavesANonObjectMetaAlone() {
        assertThat(EnvelopeStripper.strip(obj("{'_meta':{}}"))).isEqualTo(obj("{}"));
        assertThat(EnvelopeStripper.strip(obj("{'_meta':'odd'}"))).isEqualTo(obj("{'_meta':'odd'}"));
    }

    @Test
    void absentParamsStayAbsent() {
        assertThat(EnvelopeStripper.strip(null)).isNull();
    }

    @Test
    void neverModifiesTheInputAndSharesNoNodesWithIt() {
        ObjectNode params = obj("""
                {'arguments':{'a':1},
                 '_meta':{'io.modelcontextprotocol/protocolVersion':'2026-07-28','progressToken':'t'}}""");
        ObjectNode before = params.deepCopy();

        ObjectNode stripped = EnvelopeStripper.strip(params);
        ((ObjectNode) stripped.get("arguments")).put("a", 2);

        assertThat(params).isEqualTo(before);
    }
}
