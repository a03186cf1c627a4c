package io.eragate.core.bridge;

import static io.eragate.core.bridge.TestJson.node;
import static io.eragate.core.bridge.TestJson.obj;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DiscoverSynthesizerTest {

    /** server-everything's InitializeResult (real-peers §3.3), instructions shortened. */
    private static final ObjectNode EVERYTHING = obj("""
            {'protocolVersion':'2025-11-25',
             'capabilities':{'tools':{'listChanged':true},'prompts':{'listChanged':true},
               'resources':{'subscribe':true,'listChanged':true},'logging':{},
               'tasks':{'list':{},'cancel':{},'requests':{'tools':{'call':{}}}},'completions':{}},
             'serverInfo':{'name':'mcp-servers/everything','title':'Everything Reference Server','version':'2.0.0'},
             'instructions':'# Everything Server'}""");

    @Test
    void answersDiscoverFromTheInitializeResult() {
        ObjectNode result = new DiscoverSynthesizer().discoverResult(EVERYTHING);

        assertThat(result).isEqualTo(obj("""
                {'resultType':'complete','supportedVersions':['2026-07-28'],
                 'capabilities':{'tools':{'listChanged':true},'prompts':{'listChanged':true},
                   'resources':{'subscribe':true,'listChanged':true},'logging':{},'completions':{}},
                 'instructions':'# Everything Server','ttlMs':0,'cacheScope':'private',
                 '_meta':{'io.modelcontextprotocol/serverInfo':
                   {'name':'mcp-servers/everything','title':'Everything Reference Server','version':'2.0.0'}}}"""));
    }

    @Test
    void aServerWithoutInstructionsOrLoggingGetsNeither() {
        ObjectNode javaSdk = obj("""
                {'protocolVersion':'2025-11-25','capabilities':{'tools':{'listChanged':true}},
                 'serverInfo':{'name':'java-sdk-legacy','version':'2.1.0'}}""");

        ObjectNode result = new DiscoverSynthesizer().discoverResult(javaSdk);

        assertThat(result.has("instructions")).isFalse();
        assertThat(result.get("capabilities")).isEqualTo(obj("{'tools':{'listChanged':true}}"));
    }

    @Test
    void usesTheConfiguredHints() {
        ObjectNode result = new DiscoverSynthesizer(new CacheHints(3_600_000, CacheScope.PUBLIC))
                .discoverResult(EVERYTHING);

        assertThat(result.get("ttlMs").longValue()).isEqualTo(3_600_000);
        assertThat(result.get("cacheScope").textValue()).isEqualTo("public");
    }

    @Test
    void toleratesAMalformedInitializeResult() {
        ObjectNode result = new DiscoverSynthesizer().discoverResult(obj("{'capabilities':[],'instructions':5}"));

        assertThat(result).isEqualTo(obj("""
                {'resultType':'complete','supportedVersions':['2026-07-28'],'capabilities':{},
                 'ttlMs':0,'cacheScope':'private'}"""));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "{'tasks':{}}|{}",
        "{'extensions':{'x.y/z':{}}}|{}",
        "{'experimental':{'a':{}}}|{'experimental':{'a':{}}}",
        "{'completions':{},'logging':{}}|{'completions':{},'logging':{}}",
        "{'tools':true}|{}",
    })
    void keepsOnlyServerCapabilitiesOf2026(String legacy, String modern) {
        assertThat(DiscoverSynthesizer.modernServerCapabilities(node(legacy))).isEqualTo(obj(modern));
    }

    @Test
    void neverModifiesTheInitializeResult() {
        ObjectNode init = EVERYTHING.deepCopy();

        ObjectNode result = new DiscoverSynthesizer().discoverResult(init);
        ((ObjectNode) result.get("capabilities").get("tools")).put("listChanged", false);

        assertThat(init).isEqualTo(EVERYTHING);
    }
}
