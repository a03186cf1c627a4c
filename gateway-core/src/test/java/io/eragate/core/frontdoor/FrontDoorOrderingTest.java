package io.eragate.core.frontdoor;

import static io.eragate.core.frontdoor.TestRequests.call;
import static io.eragate.core.frontdoor.TestRequests.toolsCall;
import static io.eragate.core.frontdoor.TestRequests.toolsList;
import static io.eragate.core.frontdoor.TestRequests.withBody;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** A request broken in two ways gets the answer of the earlier rung. */
class FrontDoorOrderingTest {

    private static final String UNSUPPORTED_BODY = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\","
            + "\"params\":{\"name\":\"echo\",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"v999.0.0\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";

    static Stream<Arguments> twoFaults() {
        return Stream.of(
                Arguments.of("unrouted path before method", toolsCall().path("/x").httpMethod("GET"), 404, -32600),
                Arguments.of("method before Origin", toolsCall().httpMethod("GET")
                        .header("Origin", "http://evil.example.com"), 405, -32600),
                Arguments.of("Origin before Host", toolsCall().header("Origin", "http://evil.example.com")
                        .header("Host", "evil.example.com"), 403, -32600),
                Arguments.of("Host before Accept", toolsCall().header("Host", "evil.example.com").without("Accept"),
                        403, -32600),
                Arguments.of("Accept before Content-Type", toolsCall().without("Accept").without("Content-Type"), 406,
                        -32600),
                Arguments.of("Content-Type before JSON", toolsCall().header("Content-Type", "text/plain")
                        .body("not json"), 415, -32600),
                Arguments.of("JSON before headers", toolsCall().body("{").without("Mcp-Method"), 400, -32700),
                Arguments.of("shape before headers", toolsCall().body("[]").without("MCP-Protocol-Version"), 400,
                        -32600),
                Arguments.of("notification skips header checks", withBody("{\"jsonrpc\":\"2.0\",\"method\":"
                        + "\"notifications/cancelled\"}").without("MCP-Protocol-Version").without("Mcp-Method"),
                        202, 0),
                Arguments.of("version header before envelope", toolsList().without("MCP-Protocol-Version")
                        .body("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"params\":{}}"), 400, -32020),
                Arguments.of("envelope before version mismatch", toolsList().header("MCP-Protocol-Version",
                        "2025-11-25").body("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"params\":"
                        + "{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}}"), 400, -32602),
                Arguments.of("version mismatch before unsupported version", toolsCall().body(UNSUPPORTED_BODY), 400,
                        -32020),
                Arguments.of("unsupported version before Mcp-Method", toolsCall().body(UNSUPPORTED_BODY)
                        .header("MCP-Protocol-Version", "v999.0.0").header("Mcp-Method", "tools/list"), 400, -32022),
                Arguments.of("Mcp-Method before Mcp-Name", toolsCall().header("Mcp-Method", "tools/list")
                        .header("Mcp-Name", "other"), 400, -32020),
                Arguments.of("name field before Mcp-Name", call("tools/call", "\"arguments\":{}", null), 400, -32602),
                Arguments.of("Mcp-Method before method inventory", call("ping", null, null).without("Mcp-Method"), 400,
                        -32020),
                Arguments.of("Mcp-Param before method inventory", call("unknown/x", null, null)
                        .header("Mcp-Param-A", "1", "2"), 400, -32020),
                Arguments.of("envelope before method inventory", call("ping", null, null)
                        .body("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}"), 400, -32602));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("twoFaults")
    void earlierRungAnswers(String description, TestRequests.Builder request, int status, int code) {
        Verdict verdict = request.check();
        if (status == 202) {
            assertThat(verdict).as(description).isInstanceOf(Verdict.Accepted.class);
            return;
        }
        assertThat(verdict).as(description).isInstanceOf(Verdict.Rejected.class);
        Rejection rejection = ((Verdict.Rejected) verdict).rejection();
        assertThat(rejection.httpStatus()).as(description).isEqualTo(status);
        assertThat(rejection.error().code()).as(description).isEqualTo(code);
    }
}
