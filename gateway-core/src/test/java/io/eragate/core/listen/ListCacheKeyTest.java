package io.eragate.core.listen;

import static io.eragate.core.listen.TestJson.obj;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ListCacheKeyTest {

    private static final String META = "'_meta':{'io.modelcontextprotocol/protocolVersion':'2026-07-28',"
            + "'io.modelcontextprotocol/logLevel':'debug','progressToken':7}";

    @Test
    void theKeyIsTheMethodAndTheCursor() {
        assertThat(ListCacheKey.of("tools/list", null)).hasValue(new ListCacheKey("tools/list", null));
        assertThat(ListCacheKey.of("prompts/list", obj("{" + META + "}")))
                .hasValue(new ListCacheKey("prompts/list", null));
        assertThat(ListCacheKey.of("resources/templates/list", obj("{'cursor':'abc'," + META + "}")))
                .hasValue(new ListCacheKey("resources/templates/list", "abc"));
        assertThat(ListCacheKey.of("resources/list", obj("{'cursor':null}")))
                .hasValue(new ListCacheKey("resources/list", null));
    }

    @Test
    void otherMethodsAndUnknownParamsAreNeverCached() {
        assertThat(ListCacheKey.of("tools/call", obj("{'name':'echo'}"))).isEmpty();
        assertThat(ListCacheKey.of("resources/read", obj("{'uri':'x'}"))).isEmpty();
        assertThat(ListCacheKey.of("tools/list", obj("{'cursor':3}"))).as("a cursor that is no string").isEmpty();
        assertThat(ListCacheKey.of("tools/list", obj("{'requestState':'s'}"))).as("an MRTR retry").isEmpty();
        assertThat(ListCacheKey.of("tools/list", obj("{'inputResponses':{}}"))).isEmpty();
        assertThat(ListCacheKey.of("tools/list", obj("{'filter':'x'}"))).as("might change the answer").isEmpty();
    }
}
