package io.eragate.netty.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.config.EraSetting;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The legacy lifecycle of the demo server: {@code initialize}, the session it opens, and plain JSON requests. */
class DemoHandshakeTest {
    private static DemoUpstream upstream;
    private static LegacyClient client;

    @BeforeAll
    static void start() throws InterruptedException {
        upstream = DemoUpstream.start();
        client = new LegacyClient(upstream.uri());
    }

    @AfterAll
    static void stop() {
        upstream.close();
    }

    @ParameterizedTest(name = "asks {0}, gets {1}")
    @CsvSource({
        "2025-11-25, 2025-11-25",
        "2025-06-18, 2025-06-18",
        "2025-03-26, 2025-03-26",
        "2024-11-05, 2024-11-05",
        "2026-07-28, 2025-11-25",
        "1999-01-01, 2025-11-25",
    })
    void initializeEchoesALegacyVersionAndOtherwiseOffers20251125(String requested, String negotiated) {
        HttpResponse<String> response = client.post(LegacyClient.initializeRequest(requested), Map.of());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        JsonNode message = LegacyClient.json(response);
        assertThat(message.path("id").asInt()).isEqualTo(1);
        assertThat(message.path("result").path("protocolVersion").asText()).isEqualTo(negotiated);
    }

    @Test
    void initializeResultDeclaresToolsAndLoggingAndNamesTheServer() {
        JsonNode result = LegacyClient.json(client.post(LegacyClient.initializeRequest("2025-11-25"), Map.of()))
                .path("result");

        assertThat(result.path("capabilities")).isEqualTo(LegacyClient.json("{\"tools\":{},\"logging\":{}}"));
        assertThat(result.path("serverInfo").path("name").asText()).isEqualTo("eragate-demo-legacy");
        assertThat(result.path("serverInfo").path("version").asText()).isNotEmpty();
        assertThat(result.path("instructions").asText()).isNotEmpty();
        assertThat(result.has("resultType")).as("2025 results carry no 2026 fields").isFalse();
    }

    @Test
    void everyInitializeOpensAFreshSessionWithAVisibleAsciiId() {
        String first = client.post(LegacyClient.initializeRequest("2025-11-25"), Map.of())
                .headers().firstValue("Mcp-Session-Id").orElseThrow();
        String second = client.post(LegacyClient.initializeRequest("2025-11-25"), Map.of())
                .headers().firstValue("Mcp-Session-Id").orElseThrow();

        assertThat(first).isNotEqualTo(second).matches("[\\x21-\\x7e]{32,}");
        assertThat(second).matches("[\\x21-\\x7e]{32,}");
    }

    @Test
    void initializeWithoutAProtocolVersionIsInvalidParamsAndOpensNoSession() {
        HttpResponse<String> response = client.post(
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"initialize\",\"params\":{\"capabilities\":{}}}", Map.of());

        assertThat(response.headers().firstValue("Mcp-Session-Id")).isEmpty();
        JsonNode message = LegacyClient.json(response);
        assertThat(message.path("id").asInt()).isEqualTo(7);
        assertThat(message.path("error").path("code").asInt()).isEqualTo(-32602);
    }

    @Test
    void inSessionRequestsAreAnsweredAsJson() {
        String session = client.openSession();

        HttpResponse<String> ping = client.post(session, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");
        assertThat(ping.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(LegacyClient.json(ping))
                .isEqualTo(LegacyClient.json("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}"));

        HttpResponse<String> setLevel = client.post(session,
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"info\"}}");
        assertThat(LegacyClient.json(setLevel).path("result")).isEqualTo(LegacyClient.json("{}"));

        JsonNode badLevel = LegacyClient.json(client.post(session,
                "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"loud\"}}"));
        assertThat(badLevel.path("error").path("code").asInt()).isEqualTo(-32602);
    }

    @Test
    void toolsListNamesTheThreeToolsWithInputSchemas() {
        String session = client.openSession();

        JsonNode tools = LegacyClient.json(client.post(session,
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\",\"params\":{}}")).path("result").path("tools");

        assertThat(tools.findValuesAsText("name")).containsExactly("echo", "add", "countdown");
        assertThat(tools.get(0).path("inputSchema").path("properties").path("message").path("type").asText())
                .isEqualTo("string");
        assertThat(tools.get(1).path("inputSchema").path("required").toString()).isEqualTo("[\"a\",\"b\"]");
        assertThat(tools.get(2).path("inputSchema").path("properties").path("n").path("type").asText())
                .isEqualTo("integer");
    }

    static Stream<Arguments> toolCalls() {
        return Stream.of(
                Arguments.of("echo", "{\"message\":\"hello\"}", "Echo: hello", false),
                Arguments.of("add", "{\"a\":2,\"b\":3.5}", "The sum of 2 and 3.5 is 5.5.", false),
                Arguments.of("add", "{\"a\":\"2\",\"b\":3}", "add needs number arguments 'a' and 'b'", true),
                Arguments.of("echo", "{}", "echo needs a string argument 'message'", true),
                Arguments.of("missing", "{}", "Unknown tool: missing", true),
                Arguments.of("countdown", "{\"n\":0}", "countdown needs an integer argument 'n' from 1 to 20", true),
                Arguments.of("countdown", "{\"n\":21}", "countdown needs an integer argument 'n' from 1 to 20", true));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("toolCalls")
    void toolsCallAnswersInBandIncludingItsErrors(String tool, String arguments, String text, boolean isError) {
        String session = client.openSession();

        HttpResponse<String> response = client.post(session, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\","
                + "\"params\":{\"name\":\"" + tool + "\",\"arguments\":" + arguments + "}}");

        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        JsonNode result = LegacyClient.json(response).path("result");
        assertThat(result.path("content").path(0).path("text").asText()).isEqualTo(text);
        assertThat(result.path("isError").asBoolean()).isEqualTo(isError);
    }

    @Test
    void unknownMethodIsMethodNotFoundWithTheRequestId() {
        String session = client.openSession();

        JsonNode message = LegacyClient.json(client.post(session,
                "{\"jsonrpc\":\"2.0\",\"id\":\"x-9\",\"method\":\"server/discover\",\"params\":{}}"));

        assertThat(message.path("id").asText()).isEqualTo("x-9");
        assertThat(message.path("error").path("code").asInt()).isEqualTo(-32601);
    }

    @Test
    void theGatewayIsToldToProbeTheDemoServersEra() {
        assertThat(upstream.era()).isEqualTo(EraSetting.AUTO);
        assertThat(upstream.description()).contains("2025-11-25");
    }
}
