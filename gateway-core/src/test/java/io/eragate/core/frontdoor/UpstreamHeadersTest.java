package io.eragate.core.frontdoor;

import static io.eragate.core.frontdoor.TestRequests.call;
import static io.eragate.core.frontdoor.TestRequests.withBody;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class UpstreamHeadersTest {

    static Stream<Arguments> derivations() {
        return Stream.of(
                Arguments.of("tools/call", call("tools/call", "\"name\":\"echo\"", "echo"),
                        Map.of("MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "tools/call", "Mcp-Name", "echo")),
                Arguments.of("client-trimmed name", call("tools/call", "\"name\":\"echo\"", "  echo "),
                        Map.of("MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "tools/call", "Mcp-Name", "echo")),
                Arguments.of("non-ASCII name", call("tools/call", "\"name\":\"Hello, 世界\"",
                        "=?base64?SGVsbG8sIOS4lueVjA==?="), Map.of("MCP-Protocol-Version", "2026-07-28",
                        "Mcp-Method", "tools/call", "Mcp-Name", "=?base64?SGVsbG8sIOS4lueVjA==?=")),
                Arguments.of("name that looks like a sentinel", call("tools/call", "\"name\":\"=?base64?QQ==?=\"",
                        "=?base64?PT9iYXNlNjQ/UVE9PT89?="), Map.of("MCP-Protocol-Version", "2026-07-28",
                        "Mcp-Method", "tools/call", "Mcp-Name", "=?base64?PT9iYXNlNjQ/UVE9PT89?=")),
                Arguments.of("uppercase sentinel stays literal", call("tools/call", "\"name\":\"=?BASE64?QQ==?=\"",
                        "=?BASE64?QQ==?="), Map.of("MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "tools/call",
                        "Mcp-Name", "=?BASE64?QQ==?=")),
                Arguments.of("resources/read", call("resources/read", "\"uri\":\"test://static-text\"",
                        "test://static-text"), Map.of("MCP-Protocol-Version", "2026-07-28", "Mcp-Method",
                        "resources/read", "Mcp-Name", "test://static-text")),
                Arguments.of("prompts/get with a padded name", call("prompts/get", "\"name\":\" greet\"",
                        "=?base64?IGdyZWV0?="), Map.of("MCP-Protocol-Version", "2026-07-28", "Mcp-Method",
                        "prompts/get", "Mcp-Name", "=?base64?IGdyZWV0?=")),
                Arguments.of("tools/list ignores a client Mcp-Name", call("tools/list", null, "sneaky"),
                        Map.of("MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "tools/list")),
                Arguments.of("notification", withBody("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\"}")
                        .header("MCP-Protocol-Version", "1999-01-01").header("Mcp-Method", "other"),
                        Map.of("MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "notifications/cancelled")),
                Arguments.of("notification with an unsendable method", withBody("{\"jsonrpc\":\"2.0\",\"method\":"
                        + "\"notifications/é\"}"), Map.of("MCP-Protocol-Version", "2026-07-28")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("derivations")
    void derivesHeadersFromTheBody(String description, TestRequests.Builder request, Map<String, String> expected) {
        ValidatedRequest validated = ((Verdict.Accepted) request.check()).request();
        Map<String, String> headers = UpstreamHeaders.forModern(validated);
        assertThat(headers).containsExactlyInAnyOrderEntriesOf(expected);
        assertThat(headers.keySet()).first().isEqualTo("MCP-Protocol-Version");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("derivations")
    void derivedHeadersPassTheLadderWithTheSameBody(String description, TestRequests.Builder request,
            Map<String, String> ignored) {
        InboundRequest original = request.build();
        ValidatedRequest validated = ((Verdict.Accepted) TestRequests.FRONT_DOOR.check(original)).request();
        Map<String, List<String>> fields = new LinkedHashMap<>();
        fields.put("Host", List.of("localhost"));
        fields.put("Accept", List.of("application/json, text/event-stream"));
        fields.put("Content-Type", List.of("application/json"));
        UpstreamHeaders.forModern(validated).forEach((name, value) -> fields.put(name, List.of(value)));
        Verdict again = TestRequests.FRONT_DOOR.check(new InboundRequest("POST", "/mcp", HeaderView.of(fields),
                validated.originalBody()));
        assertThat(again).isInstanceOf(Verdict.Accepted.class);
        assertThat(((Verdict.Accepted) again).request().name()).isEqualTo(validated.name());
    }
}
