package io.eragate.core.frontdoor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which requests are a legacy-era client's: body first, the header as tie-breaker, GET and DELETE always. */
class LegacyTrafficTest {
    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
            + "\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}}";

    private static TestRequests.Builder legacy(String body) {
        return TestRequests.withBody(body).without("MCP-Protocol-Version").without("Mcp-Method").without("Mcp-Name");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
        initialize without header           | POST   |            | `INITIALIZE`
        tools/list with a 2025 header       | POST   | 2025-11-25 | {"jsonrpc":"2.0","id":2,"method":"tools/list"}
        2025-06-18 header                   | POST   | 2025-06-18 | {"jsonrpc":"2.0","id":2,"method":"tools/list"}
        no header, no claim (2025-03-26)    | POST   |            | {"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}
        answer to a server request          | POST   | 2025-11-25 | {"jsonrpc":"2.0","id":"s-1","result":{"action":"decline"}}
        notification                        | POST   | 2025-11-25 | {"jsonrpc":"2.0","method":"notifications/initialized"}
        batch without claims                | POST   |            | [{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"}]
        legacy header, body not JSON        | POST   | 2025-11-25 | {not json
        standalone stream                   | GET    |            | ``
        session termination                 | DELETE |            | ``
        """)
    void legacyTraffic(String what, String httpMethod, String header, String body) {
        TestRequests.Builder request = legacy("INITIALIZE".equals(body) ? INITIALIZE : body == null ? "" : body)
                .httpMethod(httpMethod);
        if (header != null) {
            request.header("MCP-Protocol-Version", header);
        }

        assertThat(LegacyTraffic.isLegacyEra(request.build())).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
        modern header                       | 2026-07-28 | {"jsonrpc":"2.0","id":2,"method":"tools/list"}
        unknown header value                | v999.0.0   | {"jsonrpc":"2.0","id":2,"method":"tools/list"}
        legacy and modern header fields     | 2025-11-25,2026-07-28 | {"jsonrpc":"2.0","id":2,"method":"tools/list"}
        no header, modern claim             |            | {"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}
        no header, batch with one claim     |            | [{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}]
        legacy header, modern claim         | 2025-11-25 | {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"t","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}
        2025-06-18 header, batch with claim | 2025-06-18 | [{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}]
        no header, not JSON                 |            | {not json
        no header, empty body               |            | ``
        no header, a JSON string            |            | "initialize"
        """)
    void notLegacyTraffic(String what, String header, String body) {
        TestRequests.Builder request = legacy(body == null ? "" : body);
        if (header != null) {
            request.header("MCP-Protocol-Version", header.split(","));
        }

        assertThat(LegacyTraffic.isLegacyEra(request.build())).isFalse();
    }

    /** Found by the ladder's fuzz test: a number Jackson cannot hold leaves the body to the ladder (a -32700). */
    @Test
    void aBodyWithANumberTooLargeToReadIsNotTakenForLegacyTraffic() {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":1111111111111e11111111111111111,\"method\":\"tools/list\"}";

        assertThat(LegacyTraffic.isLegacyEra(legacy(body).build())).isFalse();
    }

    @Test
    void otherHttpMethodsAreNotLegacyTraffic() {
        assertThat(LegacyTraffic.isLegacyEra(legacy(INITIALIZE).httpMethod("PUT").build())).isFalse();
    }

    @Test
    void legacyTrafficMeetsTheRouteAndOriginChecksOnly() {
        FrontDoor door = TestRequests.FRONT_DOOR;

        assertThat(door.checkLegacy(legacy(INITIALIZE).without("Accept").without("Content-Type").build())).isEmpty();
        assertThat(door.checkLegacy(legacy(INITIALIZE).path("/other").build())).get()
                .extracting(Rejection::httpStatus).isEqualTo(404);
        assertThat(door.checkLegacy(legacy(INITIALIZE).header("Origin", "http://evil.example").build())).get()
                .extracting(Rejection::httpStatus).isEqualTo(403);
        assertThat(door.checkLegacy(legacy(INITIALIZE).header("Host", "evil.example").build())).get()
                .extracting(Rejection::httpStatus).isEqualTo(403);
    }

    @Test
    void aRefusedOriginOrHostKeepsTheRequestId() {
        FrontDoor door = TestRequests.FRONT_DOOR;

        assertThat(door.checkLegacy(legacy(INITIALIZE).header("Origin", "http://evil.example").build())).get()
                .extracting(rejection -> rejection.id().toString()).isEqualTo("1");
        assertThat(door.checkLegacy(legacy(INITIALIZE).header("Host", "evil.example").build())).get()
                .extracting(rejection -> rejection.id().toString()).isEqualTo("1");
    }

    @Test
    void aLegacyBodyThatIsNotUtf8IsRefused() {
        Rejection rejection = TestRequests.FRONT_DOOR.checkLegacy(
                legacy("\uFEFF" + INITIALIZE).body(("\uFEFF" + INITIALIZE).getBytes(StandardCharsets.UTF_16LE))
                        .build()).orElseThrow();

        assertThat(rejection.httpStatus()).isEqualTo(400);
        assertThat(rejection.error().code()).isEqualTo(-32700);
    }
}
