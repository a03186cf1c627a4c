package io.eragate.core.bridge;

import static io.eragate.core.bridge.TestJson.obj;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
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
        ".mcp/x, true",
        "a..mcp/x, false",
        "x.mcp./y, true",
        "x.mcp.y.z/w, true",
        "x.mcpx/y, false",
        "x.mc/y, false",
        "a/b.mcp/x, false",
        "a.mcp, false",
        "a.modelcontextprotocol/, true",
        "a.modelcontextprotocolx/y, false",
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

    @Test
    void readsTheSecondLabelInPlaceExactlyAsSplittingThePrefixDid() {
        // Every key built from these pieces, against the split of the prefix that the check used to do.
        List<String> pieces = List.of("", ".", "/", "mcp", "modelcontextprotocol", "io", "mc", "x.", ".mcp");
        List<String> keys = new ArrayList<>(List.of(""));
        for (int length = 0; length < 4; length++) {
            List<String> longer = new ArrayList<>();
            for (String key : keys) {
                for (String piece : pieces) {
                    longer.add(key + piece);
                }
            }
            keys.addAll(longer);
        }
        for (String key : keys) {
            assertThat(EnvelopeStripper.isReservedKey(key)).as(key).isEqualTo(reservedBySplitting(key));
        }
    }

    private static boolean reservedBySplitting(String key) {
        int slash = key.indexOf('/');
        if (slash <= 0) {
            return false;
        }
        String[] labels = key.substring(0, slash).split("\\.", -1);
        return labels.length >= 2 && (labels[1].equals("modelcontextprotocol") || labels[1].equals("mcp"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "{'name':'echo','arguments':{'message':'hi'},'_meta':{'io.modelcontextprotocol/protocolVersion':'v',"
                + "'progressToken':7,'com.example.mcp/kept':true,'dev.mcp/other':{'a':[1]}}}",
        "{'cursor':'c1','_meta':{'io.modelcontextprotocol/protocolVersion':'v'}}",
        "{'uri':'file:///a'}",
        "{}",
        "{'_meta':{}}",
        "{'_meta':'odd'}",
        "{'_meta':{'progressToken':1},'arguments':{'_meta':{'io.modelcontextprotocol/x':1}},'z':[{'b':2}]}",
    })
    void stripsTheTopLevelsToWhatTheDeepCopyHolds(String json) {
        ObjectNode params = obj(json);
        ObjectNode before = params.deepCopy();

        ObjectNode stripped = EnvelopeStripper.stripTopLevels(params);

        assertThat(stripped).isEqualTo(EnvelopeStripper.strip(params));
        assertThat(stripped.toString()).as("the same members in the same order")
                .isEqualTo(EnvelopeStripper.strip(params).toString());
        assertThat(params).isEqualTo(before);
    }

    @Test
    void sharesTheValuesBelowTheTopLevelsAndNeverTheObjectsItChanges() {
        ObjectNode params = obj("""
                {'arguments':{'a':1},
                 '_meta':{'io.modelcontextprotocol/protocolVersion':'2026-07-28','progressToken':'t','v':{'k':1}}}""");
        ObjectNode before = params.deepCopy();

        ObjectNode stripped = EnvelopeStripper.stripTopLevels(params);

        assertThat(stripped.get("arguments")).isSameAs(params.get("arguments"));
        assertThat(stripped.get("_meta").get("v")).isSameAs(params.get("_meta").get("v"));
        assertThat(stripped).isNotSameAs(params);
        assertThat(stripped.get("_meta")).isNotSameAs(params.get("_meta"));
        // What a caller may change (the top level, _meta) is its own.
        stripped.remove("arguments");
        ((ObjectNode) stripped.get("_meta")).remove("progressToken");
        ((ObjectNode) stripped.get("_meta")).put("progressToken", "eg-1");
        assertThat(params).isEqualTo(before);
        assertThat(EnvelopeStripper.stripTopLevels(null)).isNull();
    }
}
