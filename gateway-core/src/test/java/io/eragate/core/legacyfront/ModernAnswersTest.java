package io.eragate.core.legacyfront;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/** Modern answers in the form a legacy client understands. */
class ModernAnswersTest {

    private static JsonNode json(String text) {
        try {
            return JsonRpcCodec.readTree(text);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    static Stream<Arguments> translations() {
        return Stream.of(
                Arguments.of("2026-only result fields go", "tools/list",
                        "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"resultType\":\"complete\",\""
                        + "tools\":[],\"ttlMs\":0,\""
                        + "cacheScope\":\"private\"}}",
                        "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}}"),
                Arguments.of("reserved _meta keys go", "tools/call",
                        "{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"result\":{\"resultType\":\"complet"
                        + "e\",\"content\":[],\"_meta\""
                        + ":{\"io.modelcontextprotocol/serverInfo\":{\"name\":\"s\"},\"mine\":1}}}",
                        "{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"result\":{\"content\":[],\"_meta\":{\"mine\":1}}}"),
                Arguments.of("an emptied _meta goes", "tools/call",
                        "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"content\":[],\"_meta\":{\"io.modelcontextprotocol"
                        + "/serverInfo\":{}}}}",
                        "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"content\":[]}}"),
                Arguments.of("header mismatch", "tools/call",
                        "{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-32020,\"message\":\"m\"}}",
                        "{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-32600,\"message\":\""
                        + "m\",\"data\":{\"modernCode"
                        + "\":-32020}}}"),
                Arguments.of("missing capability", "tools/call",
                        "{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-32021,\"message\":\""
                        + "m\",\"data\":{\"requiredCa"
                        + "pabilities\":{}}}}",
                        "{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-32600,\"message\":\""
                        + "m\",\"data\":{\"requiredCa"
                        + "pabilities\":{},\"modernCode\":-32021}}}"),
                Arguments.of("unsupported version", "ping",
                        "{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-32022,\"message\":\"m\"}}",
                        "{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-32600,\"message\":\""
                        + "m\",\"data\":{\"modernCode"
                        + "\":-32022}}}"),
                Arguments.of("resource not found", "resources/read",
                        "{\"jsonrpc\":\"2.0\",\"id\":4,\"error\":{\"code\":-32602,\"message\":\""
                        + "m\",\"data\":{\"uri\":\"x:/\""
                        + "}}}",
                        "{\"jsonrpc\":\"2.0\",\"id\":4,\"error\":{\"code\":-32002,\"message\":\""
                        + "m\",\"data\":{\"uri\":\"x:/\""
                        + "}}}"),
                Arguments.of("invalid params elsewhere", "tools/call",
                        "{\"jsonrpc\":\"2.0\",\"id\":4,\"error\":{\"code\":-32602,\"message\":\""
                        + "m\",\"data\":{\"uri\":\"x:/\""
                        + "}}}",
                        "{\"jsonrpc\":\"2.0\",\"id\":4,\"error\":{\"code\":-32602,\"message\":\""
                        + "m\",\"data\":{\"uri\":\"x:/\""
                        + "}}}"),
                Arguments.of("other errors stay", "tools/call",
                        "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-32601,\"message\":\"m\"}}",
                        "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-32601,\"message\":\"m\"}}"),
                Arguments.of("progress keeps its token", "tools/call",
                        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":\"p\""
                        + ",\"progress\":1,\"_meta\":{\"io.modelcontextprotocol/subscriptionId\":1}}}",
                        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":\"p\""
                        + ",\"progress\":1}}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("translations")
    void translates(String what, String method, String modern, String legacy) {
        LegacyAnswer answer = ModernAnswers.toLegacy(json(modern), method);

        assertThat(answer).isInstanceOfSatisfying(LegacyAnswer.Send.class,
                send -> assertThat(send.message()).isEqualTo(json(legacy)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("translations")
    void translatingInPlaceGivesTheSameBytesWithoutACopy(String what, String method, String modern, String legacy) {
        JsonNode original = json(modern);
        JsonNode owned = json(modern);

        LegacyAnswer copied = ModernAnswers.toLegacy(original, method);
        LegacyAnswer inPlace = ModernAnswers.toLegacyInPlace(owned, method);

        assertThat(original).as("toLegacy leaves its argument alone").isEqualTo(json(modern));
        assertThat(inPlace).isInstanceOfSatisfying(LegacyAnswer.Send.class, send -> {
            assertThat(send.message()).as("the owned tree itself, changed").isSameAs(owned);
            assertThat(bytes(send.message())).isEqualTo(bytes(((LegacyAnswer.Send) copied).message()))
                    .isEqualTo(bytes(json(legacy)));
        });
    }

    @Test
    void anInputRequiredAnswerTranslatedInPlaceIsTheModernResultUnchanged() {
        String modern = "{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{\"resultType\":\"input_required\","
                + "\"inputRequests\":{\"a\":{\"method\":\"roots/list\"}},\"requestState\":\"s\",\"ttlMs\":5}}";

        LegacyAnswer answer = ModernAnswers.toLegacyInPlace(json(modern), "tools/call");

        assertThat(answer).isEqualTo(ModernAnswers.toLegacy(json(modern), "tools/call"));
        assertThat(((LegacyAnswer.InputRequired) answer).result()).isEqualTo(json(modern).get("result"));
    }

    private static String bytes(JsonNode message) {
        try {
            return new String(JsonRpcCodec.mapper().writeValueAsBytes(message), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void anInputRequiredAnswerIsHandedToTheCaller() {
        LegacyAnswer answer = ModernAnswers.toLegacy(json("{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{"
                + "\"resultType\":\"input_required\",\"inputRequests\":{\"a\":{\"method\":\"roots/list\"}},"
                + "\"requestState\":\"s\"}}"), "tools/call");

        assertThat(answer).isInstanceOfSatisfying(LegacyAnswer.InputRequired.class, input -> {
            assertThat(input.id()).isEqualTo(JsonRpcId.of(9));
            assertThat(input.result().get("requestState").textValue()).isEqualTo("s");
        });
        String error = new String(ModernAnswers.inputNotRelayed(JsonRpcId.of(9),
                ((LegacyAnswer.InputRequired) answer).result()), StandardCharsets.UTF_8);
        assertThat(json(error).get("id").intValue()).isEqualTo(9);
        assertThat(json(error).at("/error/data/inputRequests/a/method").textValue()).isEqualTo("roots/list");
    }

    @Test
    void aSubscriptionAcknowledgementIsDropped() {
        assertThat(ModernAnswers.toLegacy(json("{\"jsonrpc\":\"2.0\",\"method\":"
                + "\"notifications/subscriptions/acknowledged\",\"params\":{}}"), "tools/call"))
                .isInstanceOf(LegacyAnswer.Drop.class);
    }

    @Test
    void initializeIsAnsweredFromTheDiscoverResult() {
        JsonNode discover = json("{\"resultType\":\"complete\",\"supportedVersions\":[\"2026-07-28\"],"
                + "\"capabilities\":{\"tools\":{\"listChanged\":true},\"resources\":{\"subscribe\":true},"
                + "\"extensions\":{\"x/y\":{}}},\"instructions\":\"be nice\",\"ttlMs\":0,\"cacheScope\":\"public\","
                + "\"_meta\":{\"io.modelcontextprotocol/serverInfo\":{\"name\":\"up\",\"version\":\"2\"}}}");

        assertThat(ModernAnswers.initializeResult(discover, "2025-06-18")).isEqualTo(json("{"
                + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"tools\":{\"listChanged\":true},"
                + "\"resources\":{\"subscribe\":true},\"logging\":{}},"
                + "\"serverInfo\":{\"name\":\"up\",\"version\":\"2\"},"
                + "\"instructions\":\"be nice\"}"));
    }

    @Test
    void initializeWithoutServerInfoNamesTheGateway() {
        assertThat(ModernAnswers.initializeResult(json("{\"capabilities\":{}}"), "2025-11-25").get("serverInfo")
                .get("name").textValue()).isEqualTo("eragate");
    }
}
