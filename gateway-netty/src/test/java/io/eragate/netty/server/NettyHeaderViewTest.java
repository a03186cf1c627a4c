package io.eragate.netty.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import org.junit.jupiter.api.Test;

/** The in-place search for a name prefix, which decides whether the front door looks at Mcp-Param-* fields at all. */
class NettyHeaderViewTest {

    private static final String PREFIX = "mcp-param-";

    @Test
    void aNameWithThePrefixInAnyCaseIsFound() {
        HttpHeaders headers = new DefaultHttpHeaders().add("Content-Type", "application/json")
                .add("MCP-PARAM-Region", "eu").add("Accept", "*/*");

        assertThat(new NettyHeaderView(headers).hasNameStartingWith(PREFIX)).isTrue();
    }

    @Test
    void namesWithoutThePrefixOrShorterThanItAreNot() {
        HttpHeaders headers = new DefaultHttpHeaders().add("Mcp-Name", "echo").add("Mcp-Param", "x")
                .add("X-Mcp-Param-Region", "eu").add("Mcp-Method", "tools/call");

        assertThat(new NettyHeaderView(headers).hasNameStartingWith(PREFIX)).isFalse();
        assertThat(new NettyHeaderView(new DefaultHttpHeaders()).hasNameStartingWith(PREFIX)).isFalse();
    }

    @Test
    void itAgreesWithTheSetOfNames() {
        HttpHeaders headers = new DefaultHttpHeaders().add("Host", "a").add("mcp-param-a", "1").add("Mcp-Param-B", "2");
        NettyHeaderView view = new NettyHeaderView(headers);

        assertThat(view.names()).anyMatch(name -> name.regionMatches(true, 0, PREFIX, 0, PREFIX.length()));
        assertThat(view.hasNameStartingWith(PREFIX)).isTrue();
    }
}
