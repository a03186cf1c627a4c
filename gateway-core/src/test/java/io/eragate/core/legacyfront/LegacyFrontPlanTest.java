package io.eragate.core.legacyfront;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.bridge.LogLevel;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What the front does with each kind of legacy request, with and without a session. */
class LegacyFrontPlanTest {

    private static final Map<String, String> BODIES = Map.of(
            "init", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}",
            "list", "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
            "call", "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"x\"}}",
            "ping", "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}",
            "error", level("error"),
            "loud", level("loud"),
            "notified", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
            "answer", "{\"jsonrpc\":\"2.0\",\"id\":\"s1\",\"result\":{}}",
            "garbage", "{oops",
            "batch", "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]");

    private static String level(String level) {
        return "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"logging/setLevel\",\"params\":{\"level\":\""
                + level + "\"}}";
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        initialize without session   | POST   | false | init     | Initialize | 0
        initialize with a session    | POST   | true  | init     | Initialize | 0
        tools/list without session   | POST   | false | list     | Refuse     | 400
        notification without session | POST   | false | notified | Accept     | 0
        tools/list with session      | POST   | true  | list     | Forward    | 0
        tools/call with session      | POST   | true  | call     | Forward    | 0
        ping                         | POST   | true  | ping     | Ping       | 0
        setLevel                     | POST   | true  | error    | SetLevel   | 0
        setLevel with a bad level    | POST   | true  | loud     | Refuse     | 400
        initialized notification     | POST   | true  | notified | Accept     | 0
        answer to a server request   | POST   | true  | answer   | Accept     | 0
        not JSON                     | POST   | true  | garbage  | Refuse     | 400
        a batch                      | POST   | true  | batch    | Refuse     | 400
        GET without session          | GET    | false |          | Refuse     | 405
        DELETE without session       | DELETE | false |          | Refuse     | 405
        GET with session             | GET    | true  |          | OpenStream | 0
        DELETE with session          | DELETE | true  |          | End        | 0
        """)
    void plans(String what, String httpMethod, boolean hasSession, String body, String step, int status) {
        FrontStep planned = LegacyFrontPlan.plan(httpMethod, hasSession,
                (body == null ? "" : BODIES.get(body)).getBytes(StandardCharsets.UTF_8));

        assertThat(planned.getClass().getSimpleName()).isEqualTo(step);
        boolean opensSession = hasSession && !"Initialize".equals(step) && !"Refuse".equals(step);
        assertThat(planned.needsSession()).as("a session must open").isEqualTo(opensSession);
        if (planned instanceof FrontStep.Refuse refuse) {
            assertThat(refuse.rejection().httpStatus()).isEqualTo(status);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"debug, DEBUG", "warning, WARNING", "emergency, EMERGENCY"})
    void setLevelCarriesTheLevel(String wire, LogLevel level) {
        FrontStep planned = LegacyFrontPlan.plan("POST", true, ("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":"
                + "\"logging/setLevel\",\"params\":{\"level\":\"" + wire + "\"}}").getBytes(StandardCharsets.UTF_8));

        assertThat(planned).isInstanceOfSatisfying(FrontStep.SetLevel.class,
                set -> assertThat(set.level()).isEqualTo(level));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        a request keeps its id     | {"jsonrpc":"2.0","id":"r-7","method":"tools/list"} | "r-7"
        a numeric id too           | {"jsonrpc":"2.0","id":8,"method":"prompts/list"}   | 8
        """)
    void theSessionRequiredRefusalKeepsTheRequestId(String what, String body, String id) {
        FrontStep planned = LegacyFrontPlan.plan("POST", false, body.getBytes(StandardCharsets.UTF_8));

        assertThat(planned).isInstanceOfSatisfying(FrontStep.Refuse.class, refuse -> {
            assertThat(refuse.rejection().error().code()).isEqualTo(-32600);
            assertThat(String.valueOf(refuse.rejection().id())).isEqualTo(id);
        });
    }
}
