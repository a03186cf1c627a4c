package io.eragate.core.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RouteTableTest {

    private final RouteTable table = new RouteTable(List.of(new Route("/mcp", "everything"),
            new Route("/tools/mcp", "tools")));

    @Test
    void matchesExactPaths() {
        assertThat(table.match("/mcp")).contains(new Route("/mcp", "everything"));
        assertThat(table.match("/tools/mcp")).contains(new Route("/tools/mcp", "tools"));
        assertThat(table.paths()).containsExactly("/mcp", "/tools/mcp");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/mcp/", "/MCP", "/mcp/x", "/m%63p", "/x/../mcp", "//mcp", "/tools", "", "/"})
    void nearMissesDoNotMatch(String path) {
        assertThat(table.match(path)).isEmpty();
    }

    @Test
    void rejectsDuplicatePathsNamingBothUpstreams() {
        assertThatThrownBy(() -> new RouteTable(List.of(new Route("/mcp", "a"), new Route("/mcp", "b"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("two routes for path \"/mcp\": upstreams \"a\" and \"b\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"mcp", "/mcp?x=1", "/mcp#frag"})
    void rejectsPathsThatCannotMatchARequestPath(String path) {
        assertThatThrownBy(() -> new Route(path, "a")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void rejectsBlankUpstream() {
        assertThatThrownBy(() -> new Route("/mcp", " ")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("route for \"/mcp\" names no upstream");
    }
}
