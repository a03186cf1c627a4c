package io.eragate.core.bridge;

import static io.eragate.core.bridge.TestJson.obj;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ResultStamperTest {

    private static final ObjectNode INIT = obj("""
            {'protocolVersion':'2025-11-25','capabilities':{'tools':{}},
             'serverInfo':
               {'name':'mcp-servers/everything','title':'Everything Reference Server','version':'2.0.0'}}""");
    private static final String SERVER_INFO =
            "{'name':'mcp-servers/everything','title':'Everything Reference Server','version':'2.0.0'}";

    private final ResultStamper stamper = new ResultStamper();

    @ParameterizedTest
    @ValueSource(strings = {"tools/list", "prompts/list", "resources/list", "resources/templates/list",
        "resources/read"})
    void cacheableResultsGetResultTypeServerInfoAndDefaultCacheHints(String method) {
        ObjectNode stamped = stamper.stamp(method, obj("{'items':[]}"), INIT);

        assertThat(stamped).isEqualTo(obj("{'items':[],'resultType':'complete','ttlMs':0,'cacheScope':'private',"
                + "'_meta':{'io.modelcontextprotocol/serverInfo':" + SERVER_INFO + "}}"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"tools/call", "prompts/get", "completion/complete"})
    void otherResultsGetNoCacheHints(String method) {
        ObjectNode stamped = stamper.stamp(method, obj("{'content':[]}"), INIT);

        assertThat(stamped).isEqualTo(obj("{'content':[],'resultType':'complete',"
                + "'_meta':{'io.modelcontextprotocol/serverInfo':" + SERVER_INFO + "}}"));
    }

    @Test
    void usesTheConfiguredHints() {
        ResultStamper configured = new ResultStamper(new CacheHints(60_000, CacheScope.PUBLIC));

        ObjectNode stamped = configured.stamp("tools/list", obj("{'tools':[]}"), INIT);

        assertThat(stamped.get("ttlMs").longValue()).isEqualTo(60_000);
        assertThat(stamped.get("cacheScope").textValue()).isEqualTo("public");
    }

    @Test
    void neverOverwritesWhatTheUpstreamSet() {
        ObjectNode upstream = obj("""
                {'tools':[],'resultType':'complete','ttlMs':5,'cacheScope':'public',
                 '_meta':{'io.modelcontextprotocol/serverInfo':{'name':'own','version':'9'},'vendor/x':1}}""");

        assertThat(stamper.stamp("tools/list", upstream, INIT)).isEqualTo(upstream);
    }

    @Test
    void addsServerInfoBesideOtherMetaKeys() {
        ObjectNode stamped = stamper.stamp("tools/call", obj("{'content':[],'_meta':{'vendor/x':1}}"), INIT);

        assertThat(stamped.get("_meta")).isEqualTo(
                obj("{'vendor/x':1,'io.modelcontextprotocol/serverInfo':" + SERVER_INFO + "}"));
    }

    @Test
    void leavesANonObjectMetaAlone() {
        ObjectNode stamped = stamper.stamp("tools/call", obj("{'content':[],'_meta':'odd'}"), INIT);

        assertThat(stamped.get("_meta").textValue()).isEqualTo("odd");
        assertThat(stamped.get("resultType").textValue()).isEqualTo("complete");
    }

    @Test
    void addsNoCacheHintsToAResultThatIsNotComplete() {
        ObjectNode stamped = stamper.stamp("resources/read", obj("{'resultType':'input_required'}"), INIT);

        assertThat(stamped.has("ttlMs")).isFalse();
        assertThat(stamped.has("cacheScope")).isFalse();
    }

    @Test
    void withoutAnUpstreamServerInfoAddsNoMeta() {
        assertThat(stamper.stamp("tools/call", obj("{'content':[]}"), null))
                .isEqualTo(obj("{'content':[],'resultType':'complete'}"));
        assertThat(stamper.stamp("tools/call", obj("{'content':[]}"), obj("{'protocolVersion':'2025-11-25'}")))
                .isEqualTo(obj("{'content':[],'resultType':'complete'}"));
    }

    @Test
    void neverModifiesItsInputs() {
        ObjectNode result = obj("{'tools':[{'name':'echo'}]}");
        ObjectNode init = INIT.deepCopy();

        ObjectNode stamped = stamper.stamp("tools/list", result, init);
        ((ObjectNode) stamped.get("_meta").get("io.modelcontextprotocol/serverInfo")).put("name", "changed");

        assertThat(result).isEqualTo(obj("{'tools':[{'name':'echo'}]}"));
        assertThat(init).isEqualTo(INIT);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{'items':[]}", "{'content':[],'_meta':{'vendor/x':1}}", "{'content':[],'_meta':'odd'}",
        "{'resultType':'input_required'}", "{'tools':[],'resultType':'complete','ttlMs':5,'cacheScope':'public',"
                + "'_meta':{'io.modelcontextprotocol/serverInfo':{'name':'own'}}}"})
    void stampsAnOwnedResultInPlaceAsItStampsACopy(String json) {
        for (String method : new String[] {"tools/list", "tools/call", "resources/read"}) {
            ObjectNode owned = obj(json);

            ObjectNode stamped = stamper.stampOwned(method, owned, INIT);

            assertThat(stamped).as(method).isSameAs(owned);
            assertThat(stamped.toString()).as(method).isEqualTo(stamper.stamp(method, obj(json), INIT).toString());
        }
        assertThat(INIT.get("serverInfo")).isEqualTo(obj(SERVER_INFO));
    }

    @Test
    void cacheHintsRejectANegativeTtl() {
        assertThatThrownBy(() -> new CacheHints(-1, CacheScope.PRIVATE)).isInstanceOf(IllegalArgumentException.class);
    }
}
