package io.eragate.core.mrtr;

import static io.eragate.core.mrtr.TestJson.obj;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ParamsDigestTest {

    private static final String ORIGINAL = "{'name':'deploy','arguments':{'env':'prod','replicas':3,'tags':['a','b']},"
            + "'_meta':{'io.modelcontextprotocol/protocolVersion':'2026-07-28','progressToken':7}}";

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "another _meta | {'name':'deploy','arguments':{'env':'prod','replicas':3,'tags':['a','b']},"
                + "'_meta':{'io.modelcontextprotocol/clientInfo':{'name':'x','version':'2'}}}",
        "no _meta | {'name':'deploy','arguments':{'env':'prod','replicas':3,'tags':['a','b']}}",
        "inputResponses and requestState added | {'name':'deploy','arguments':{'env':'prod','replicas':3,"
                + "'tags':['a','b']},'inputResponses':{'elicitation_1':{'action':'accept'}},'requestState':'abc'}",
        "members in another order | {'arguments':{'tags':['a','b'],'replicas':3,'env':'prod'},'name':'deploy'}",
        "a number spelled differently | {'name':'deploy','arguments':{'env':'prod','replicas':3.0,'tags':['a','b']}}",
        "a number in exponent form | {'name':'deploy','arguments':{'env':'prod','replicas':0.3e1,'tags':['a','b']}}",
    })
    void ignoresWhatARetryMayChange(String change, String retry) {
        assertThat(ParamsDigest.of(obj(retry))).isEqualTo(ParamsDigest.of(obj(ORIGINAL)));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "another tool | {'name':'destroy','arguments':{'env':'prod','replicas':3,'tags':['a','b']}}",
        "another argument value | {'name':'deploy','arguments':{'env':'dev','replicas':3,'tags':['a','b']}}",
        "another number | {'name':'deploy','arguments':{'env':'prod','replicas':4,'tags':['a','b']}}",
        "a number as a string | {'name':'deploy','arguments':{'env':'prod','replicas':'3','tags':['a','b']}}",
        "array order | {'name':'deploy','arguments':{'env':'prod','replicas':3,'tags':['b','a']}}",
        "an extra argument | {'name':'deploy','arguments':{'env':'prod','replicas':3,'tags':['a','b'],'x':null}}",
        "a missing argument | {'name':'deploy','arguments':{'env':'prod','replicas':3}}",
        "_meta nested below the top level | {'name':'deploy','arguments':{'env':'prod','replicas':3,"
                + "'tags':['a','b'],'_meta':{}}}",
        "an extra top-level member | {'name':'deploy','arguments':{'env':'prod','replicas':3,'tags':['a','b']},"
                + "'task':{}}",
    })
    void changesWithTheParamsThatMatter(String change, String other) {
        assertThat(ParamsDigest.of(obj(other))).isNotEqualTo(ParamsDigest.of(obj(ORIGINAL)));
    }

    @Test
    void treatsAbsentParamsAsAnEmptyObject() {
        assertThat(ParamsDigest.of(null)).isEqualTo(ParamsDigest.of(obj("{'_meta':{}}")));
        assertThat(ParamsDigest.of(null)).isNotEqualTo(ParamsDigest.of(obj("{'uri':'file:///a'}")));
    }

    @Test
    void isBase64urlOfSha256() {
        assertThat(ParamsDigest.of(obj(ORIGINAL))).matches("[A-Za-z0-9_-]{43}");
    }
}
