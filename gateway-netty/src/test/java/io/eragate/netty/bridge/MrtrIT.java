package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.MrtrConfig;
import io.eragate.netty.testing.Await;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Multi round-trip requests through the legacy bridge: a legacy server's mid-call elicitation, sampling or roots
 * request reaches a 2026-07-28 client as {@code input_required}, and the client's retry resumes the upstream call.
 */
class MrtrIT {
    private static final String ALL = "{\"elicitation\":{},\"sampling\":{},\"roots\":{}}";
    private static final List<String> SECRETS = List.of("a-shared-secret-of-the-fleet");

    private static MrtrConfig mrtr(String instanceId, Duration roundTimeout) {
        return new MrtrConfig(instanceId, roundTimeout, 16, 8, Duration.ofMillis(20),
                MrtrConfig.SessionCapabilities.AS_DECLARED);
    }

    private static MrtrConfig relayable() {
        return new MrtrConfig("", Duration.ofSeconds(30), 16, 8, Duration.ofMillis(20),
                MrtrConfig.SessionCapabilities.RELAYABLE);
    }

    private static BridgeGateway gateway(AskingUpstream upstream, MrtrConfig settings) {
        return BridgeGateway.builder().upstream("asking", upstream.uri(), EraSetting.LEGACY).mrtr(settings)
                .secrets(SECRETS).start();
    }

    private static ModernRequest call(Object id, String tool, String capabilities) {
        return ModernRequest.toolCall(id, tool, "{\"x\":1}").withCapabilities(capabilities);
    }

    static ModernRequest retry(ModernRequest original, Object id, JsonNode inputRequired, String responses) {
        ObjectNode body = original.withParam("inputResponses", ModernRequest.parse(responses))
                .withParam("requestState", inputRequired.path("requestState").asText()).body();
        body.put("id", id.toString());
        return ModernRequest.of(id, original.method()).withParam("name", body.path("params").path("name"))
                .withParam("arguments", body.path("params").path("arguments"))
                .withMeta(ModernRequest.CLIENT_CAPABILITIES_KEY,
                        body.path("params").path("_meta").path(ModernRequest.CLIENT_CAPABILITIES_KEY))
                .withParam("inputResponses", body.path("params").path("inputResponses"))
                .withParam("requestState", body.path("params").path("requestState"));
    }

    private static String text(ModernAnswer answer) {
        return answer.result().path("content").path(0).path("text").asText();
    }

    @Test
    void anElicitationMidCallBecomesInputRequiredAndTheRetryCompletesTheCall() {
        try (AskingUpstream upstream = new AskingUpstream();
             BridgeGateway gateway = gateway(upstream, mrtr("", Duration.ofSeconds(30)))) {
            ModernRequest first = call(1, "ask", ALL);

            ModernAnswer asked = gateway.client("asking").send(first);

            assertThat(asked.status()).as(asked.toString()).isEqualTo(200);
            JsonNode result = asked.result();
            assertThat(result.path("resultType").asText()).isEqualTo("input_required");
            assertThat(result.path("requestState").isTextual()).isTrue();
            JsonNode request = result.path("inputRequests").path("elicitation_1");
            assertThat(request.path("method").asText()).isEqualTo("elicitation/create");
            assertThat(request.path("params").path("message").asText()).isEqualTo("Your name?");
            assertThat(request.has("id")).as("input requests carry no JSON-RPC id").isFalse();
            assertThat(result.has("ttlMs")).isFalse();

            ModernAnswer done = gateway.client("asking").send(retry(first, 2, result,
                    "{\"elicitation_1\":{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}}"));

            assertThat(done.response().path("id").asInt()).as(done.toString()).isEqualTo(2);
            assertThat(text(done)).isEqualTo("{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}");
            assertThat(upstream.count("tools/call")).as("the upstream call was resumed, not sent again")
                    .isEqualTo(1);
            assertThat(gateway.server().bridge().pendingRounds()).isZero();
        }
    }

    @Test
    void progressAfterTheRetryCarriesTheRetrysOwnProgressToken() {
        try (AskingUpstream upstream = new AskingUpstream();
             BridgeGateway gateway = gateway(upstream, mrtr("", Duration.ofSeconds(30)))) {
            ModernRequest first = call(1, "ask", ALL).withProgressToken("first-token");
            JsonNode asked = gateway.client("asking").send(first).result();

            ModernAnswer done = gateway.client("asking").send(retry(first, 2, asked,
                    "{\"elicitation_1\":{\"action\":\"decline\"}}").withProgressToken("retry-token"));

            assertThat(done.notifications("notifications/progress")).as(done.toString()).singleElement()
                    .satisfies(progress -> assertThat(progress.path("params").path("progressToken").asText())
                            .isEqualTo("retry-token"));
            assertThat(text(done)).isEqualTo("{\"action\":\"decline\"}");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
        sample | sampling_1 | {"role":"assistant","content":{"type":"text","text":"Paris"},"model":"m"}
        roots  | roots_1    | {"roots":[{"uri":"file:///work"}]}
        """)
    void samplingAndRootsRequestsAreRelayedTheSameWay(String tool, String key, String answer) {
        try (AskingUpstream upstream = new AskingUpstream();
             BridgeGateway gateway = gateway(upstream, mrtr("", Duration.ofSeconds(30)))) {
            ModernRequest first = call(1, tool, ALL);

            JsonNode asked = gateway.client("asking").send(first).result();
            ModernAnswer done = gateway.client("asking").send(retry(first, 2, asked,
                    "{\"" + key + "\":" + answer + ",\"unknown_1\":{}}"));

            assertThat(asked.path("inputRequests").fieldNames()).toIterable().containsExactly(key);
            assertThat(ModernRequest.parse(text(done))).as(done.toString()).isEqualTo(ModernRequest.parse(answer));
        }
    }

    @Test
    void requestsArrivingTogetherAreGatheredIntoOneResult() {
        try (AskingUpstream upstream = new AskingUpstream();
             BridgeGateway gateway = gateway(upstream, mrtr("", Duration.ofSeconds(30)))) {
            ModernRequest first = call(1, "both", ALL);

            JsonNode asked = gateway.client("asking").send(first).result();
            ModernAnswer done = gateway.client("asking").send(retry(first, 2, asked,
                    "{\"elicitation_1\":{\"action\":\"decline\"},\"sampling_1\":{\"role\":\"assistant\","
                            + "\"content\":{\"type\":\"text\",\"text\":\"Paris\"},\"model\":\"m\"}}"));

            assertThat(asked.path("inputRequests").fieldNames()).toIterable()
                    .containsExactly("elicitation_1", "sampling_1");
            assertThat(text(done)).contains("{\"action\":\"decline\"}").contains("Paris");
        }
    }

    @Test
    void aResumedCallMayAskAgainAndAMissingAnswerIsAskedForAgain() {
        try (AskingUpstream upstream = new AskingUpstream();
             BridgeGateway gateway = gateway(upstream, mrtr("", Duration.ofSeconds(30)))) {
            ModernRequest first = call(1, "twice", ALL);
            JsonNode round1 = gateway.client("asking").send(first).result();

            JsonNode stillRound1 = gateway.client("asking").send(retry(first, 2, round1, "{}")).result();
            JsonNode round2 = gateway.client("asking").send(retry(first, 3, stillRound1,
                    "{\"elicitation_1\":{\"action\":\"accept\",\"content\":{\"name\":\"one\"}}}")).result();
            ModernAnswer done = gateway.client("asking").send(retry(first, 4, round2,
                    "{\"elicitation_1\":{\"action\":\"accept\",\"content\":{\"name\":\"two\"}}}"));

            assertThat(stillRound1.path("resultType").asText()).isEqualTo("input_required");
            assertThat(stillRound1.path("inputRequests").fieldNames()).toIterable().containsExactly("elicitation_1");
            assertThat(round2.path("resultType").asText()).isEqualTo("input_required");
            assertThat(round2.path("requestState").asText()).isNotEqualTo(stillRound1.path("requestState").asText());
            assertThat(text(done)).as(done.toString()).contains("one").contains("two");
            assertThat(upstream.count("tools/call")).isEqualTo(1);
        }
    }

    @Test
    void aCapabilityTheRequestDidNotDeclareIsDeclinedUpstreamAndTheCallCompletes() {
        try (AskingUpstream upstream = new AskingUpstream();
             BridgeGateway gateway = gateway(upstream, mrtr("", Duration.ofSeconds(30)))) {

            ModernAnswer answer = gateway.client("asking").send(call(1, "ask", "{\"sampling\":{}}"));

            assertThat(text(answer)).as(answer.toString()).isEqualTo("{\"action\":\"decline\"}");
            assertThat(gateway.server().bridge().pendingRounds()).isZero();
        }
    }

    @Test
    void withRelayableSessionsAnUndeclaredCapabilityFailsTheRequestWith32021AndCancelsTheUpstreamCall() {
        try (AskingUpstream upstream = new AskingUpstream();
             BridgeGateway gateway = gateway(upstream, relayable())) {

            ModernAnswer refused = gateway.client("asking").send(call(7, "sample", "{\"elicitation\":{}}"));

            assertThat(refused.status()).as(refused.toString()).isEqualTo(400);
            assertThat(refused.response().path("id").asInt()).isEqualTo(7);
            assertThat(refused.error().path("code").asInt()).isEqualTo(-32021);
            assertThat(refused.error().path("data").path("requiredCapabilities"))
                    .isEqualTo(ModernRequest.parse("{\"sampling\":{}}"));
            Await.until("the upstream saw notifications/cancelled",
                    () -> upstream.count("notifications/cancelled") == 1);
            assertThat(upstream.answers()).singleElement().satisfies(answer ->
                    assertThat(answer.path("error").path("code").asInt()).isEqualTo(-32601));
            assertThat(gateway.server().bridge().pendingRounds()).isZero();
        }
    }

    @Test
    void withRelayableSessionsAnUndeclaredRequestBesideADeclaredOneIsDeclinedAndTheRoundGoesOn() {
        try (AskingUpstream upstream = new AskingUpstream();
             BridgeGateway gateway = gateway(upstream, relayable())) {
            ModernRequest first = call(1, "both", "{\"elicitation\":{}}");

            JsonNode asked = gateway.client("asking").send(first).result();
            ModernAnswer done = gateway.client("asking").send(retry(first, 2, asked,
                    "{\"elicitation_1\":{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}}"));

            assertThat(asked.path("resultType").asText()).as(asked.toString()).isEqualTo("input_required");
            assertThat(asked.path("inputRequests").fieldNames()).toIterable().containsExactly("elicitation_1");
            assertThat(text(done)).as(done.toString()).contains("{\"action\":\"accept\"")
                    .contains("error -32601");
        }
    }

    @Test
    void relayableSessionsDeclareEverythingRelayableAndServeRequestsOfAnyCapabilitiesFromOneSession() {
        try (AskingUpstream upstream = new AskingUpstream();
             BridgeGateway gateway = gateway(upstream, relayable())) {
            ModernRequest sampling = call(1, "sample", "{\"sampling\":{}}");

            JsonNode asked = gateway.client("asking").send(sampling).result();
            ModernAnswer done = gateway.client("asking").send(retry(sampling, 2, asked,
                    "{\"sampling_1\":{\"role\":\"assistant\",\"content\":{\"type\":\"text\","
                            + "\"text\":\"Paris\"},\"model\":\"m\"}}"));
            ModernAnswer elicited = gateway.client("asking").send(call(3, "ask", "{\"elicitation\":{}}"));

            assertThat(text(done)).as(done.toString()).contains("Paris");
            assertThat(elicited.result().path("resultType").asText()).as(elicited.toString())
                    .isEqualTo("input_required");
            assertThat(upstream.count("initialize")).as("one session for both capability sets").isEqualTo(1);
            JsonNode declared = upstream.requests().stream()
                    .filter(seen -> "initialize".equals(seen.json().path("method").asText())).findFirst()
                    .orElseThrow().json().path("params").path("capabilities");
            assertThat(declared).isEqualTo(ModernRequest.parse("{\"roots\":{},\"sampling\":{\"context\":{},"
                    + "\"tools\":{}},\"elicitation\":{\"form\":{},\"url\":{}}}"));
        }
    }

    @Test
    void anInputKeyTheServerNamesIsUsedAndAnAnswerBroughtAlongUnderItNeedsNoRound() {
        try (AskingUpstream upstream = new AskingUpstream();
             BridgeGateway gateway = gateway(upstream, mrtr("", Duration.ofSeconds(30)))) {

            JsonNode asked = gateway.client("asking").send(call(1, "named", ALL)).result();
            ModernAnswer direct = gateway.client("asking").send(call(2, "named", ALL).withParam("inputResponses",
                    ModernRequest.parse("{\"user_name\":{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}},"
                            + "\"unknown_extra_key\":{\"action\":\"accept\"}}")));

            assertThat(asked.path("inputRequests").fieldNames()).toIterable().containsExactly("user_name");
            assertThat(asked.path("inputRequests").path("user_name").path("params").has("_meta"))
                    .as("the hint is the gateway's, not the client's").isFalse();
            assertThat(text(direct)).as(direct.toString())
                    .isEqualTo("{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}");
            assertThat(gateway.server().bridge().pendingRounds()).as("only the first call waits").isEqualTo(1);
        }
    }

    @Test
    void beyondThePendingBoundTheUpstreamsRequestIsDeclined() {
        try (AskingUpstream upstream = new AskingUpstream();
             BridgeGateway gateway = gateway(upstream, new MrtrConfig("", Duration.ofSeconds(30), 1, 8,
                     Duration.ofMillis(20), MrtrConfig.SessionCapabilities.AS_DECLARED))) {

            JsonNode waiting = gateway.client("asking").send(call(1, "ask", ALL)).result();
            ModernAnswer second = gateway.client("asking").send(call(2, "ask", ALL));

            assertThat(waiting.path("resultType").asText()).isEqualTo("input_required");
            assertThat(text(second)).as(second.toString()).isEqualTo("{\"action\":\"decline\"}");
            assertThat(gateway.server().bridge().pendingRounds()).isEqualTo(1);
        }
    }

    @Test
    void beyondMaxRoundsTheUpstreamsRequestIsDeclined() {
        try (AskingUpstream upstream = new AskingUpstream();
             BridgeGateway gateway = gateway(upstream, new MrtrConfig("", Duration.ofSeconds(30), 16, 1,
                     Duration.ofMillis(20), MrtrConfig.SessionCapabilities.AS_DECLARED))) {
            ModernRequest first = call(1, "twice", ALL);
            JsonNode round1 = gateway.client("asking").send(first).result();

            ModernAnswer done = gateway.client("asking").send(retry(first, 2, round1,
                    "{\"elicitation_1\":{\"action\":\"accept\",\"content\":{\"name\":\"one\"}}}"));

            assertThat(text(done)).as(done.toString())
                    .isEqualTo("{\"action\":\"accept\",\"content\":{\"name\":\"one\"}} | {\"action\":\"decline\"}");
        }
    }

    @Test
    void methodsThatMayNotReturnInputRequiredHaveTheirServerRequestsDeclined() {
        try (AskingUpstream upstream = new AskingUpstream();
             BridgeGateway gateway = gateway(upstream, mrtr("", Duration.ofSeconds(30)))) {

            ModernAnswer answer = gateway.client("asking").send(ModernRequest.of(1, "prompts/list")
                    .withCapabilities(ALL));

            assertThat(answer.result().path("content").path(0).path("text").asText()).as(answer.toString())
                    .isEqualTo("{\"action\":\"decline\"}");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "tampered     | altered",
        "other params | different params",
        "other method | issued for tools/call"})
    void aRetryWithStateThatDoesNotMatchIsRefused(String change, String reason) {
        try (AskingUpstream upstream = new AskingUpstream();
             BridgeGateway gateway = gateway(upstream, mrtr("", Duration.ofSeconds(30)))) {
            ModernRequest first = call(1, "ask", ALL);
            JsonNode asked = gateway.client("asking").send(first).result();
            String state = asked.path("requestState").asText();
            ModernRequest bad = switch (change) {
                case "tampered" -> first.withParam("requestState", state.substring(0, 20)
                        + (state.charAt(20) == 'A' ? 'B' : 'A') + state.substring(21));
                case "other params" -> ModernRequest.toolCall(2, "ask", "{\"x\":2}").withCapabilities(ALL)
                        .withParam("requestState", state);
                default -> ModernRequest.of(2, "prompts/get").withParam("name", "ask").withCapabilities(ALL)
                        .withParam("requestState", state);
            };

            ModernAnswer refused = gateway.client("asking").send(bad.withParam("inputResponses",
                    ModernRequest.parse("{\"elicitation_1\":{\"action\":\"cancel\"}}")));

            assertThat(refused.status()).as(refused.toString()).isEqualTo(400);
            assertThat(refused.error().path("code").asInt()).isEqualTo(-32602);
            assertThat(refused.error().path("message").asText()).contains(reason);
            assertThat(gateway.server().bridge().pendingRounds()).as("the round still waits").isEqualTo(1);
        }
    }

    @Test
    void anAbandonedRoundIsCancelledUpstreamAndItsStateExpires() {
        try (AskingUpstream upstream = new AskingUpstream();
             BridgeGateway gateway = gateway(upstream, mrtr("", Duration.ofMillis(200)))) {
            ModernRequest first = call(1, "ask", ALL);
            JsonNode asked = gateway.client("asking").send(first).result();
            assertThat(asked.path("resultType").asText()).isEqualTo("input_required");

            Await.until("the upstream saw notifications/cancelled",
                    () -> upstream.count("notifications/cancelled") == 1);
            ModernAnswer late = gateway.client("asking").send(retry(first, 2, asked,
                    "{\"elicitation_1\":{\"action\":\"accept\",\"content\":{\"name\":\"late\"}}}"));

            assertThat(upstream.answers()).hasSize(1);
            assertThat(upstream.answers().get(0).path("result").path("action").asText()).isEqualTo("cancel");
            assertThat(gateway.server().bridge().pendingRounds()).isZero();
            assertThat(late.status()).isEqualTo(400);
            assertThat(late.error().path("message").asText()).contains("expired");
        }
    }

    @Test
    void anUpstreamThatFailsWhileTheCallWaitsForInputFailsTheRetry() {
        try (AskingUpstream upstream = new AskingUpstream();
             BridgeGateway gateway = gateway(upstream, mrtr("", Duration.ofSeconds(30)))) {
            ModernRequest first = call(1, "ask", ALL);
            JsonNode asked = gateway.client("asking").send(first).result();

            upstream.dropCalls();
            ModernAnswer failed = gateway.client("asking").send(retry(first, 2, asked,
                    "{\"elicitation_1\":{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}}"));

            assertThat(failed.status()).as(failed.toString()).isEqualTo(502);
            assertThat(failed.response().path("id").asInt()).isEqualTo(2);
            assertThat(failed.error().path("message").asText()).contains("upstream");
        }
    }

    @Test
    void aRetrySentToAnotherInstanceIsRefusedNamingTheOwner() {
        try (AskingUpstream upstream = new AskingUpstream();
             BridgeGateway owner = gateway(upstream, mrtr("gw-a", Duration.ofSeconds(30)));
             BridgeGateway other = gateway(upstream, mrtr("gw-b", Duration.ofSeconds(30)))) {
            ModernRequest first = call(1, "ask", ALL);
            JsonNode asked = owner.client("asking").send(first).result();
            ModernRequest again = retry(first, 2, asked,
                    "{\"elicitation_1\":{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}}");

            ModernAnswer elsewhere = other.client("asking").send(again);
            ModernAnswer home = owner.client("asking").send(again);

            assertThat(elsewhere.status()).as(elsewhere.toString()).isEqualTo(400);
            assertThat(elsewhere.error().path("code").asInt()).isEqualTo(-32602);
            assertThat(elsewhere.error().path("message").asText()).contains("gw-a");
            assertThat(text(home)).isEqualTo("{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}");
        }
    }

    @Test
    void aLegacyUrlElicitationErrorBecomesInputRequiredAndTheRetrySendsTheCallAgain() {
        try (AskingUpstream upstream = new AskingUpstream();
             BridgeGateway gateway = gateway(upstream, mrtr("", Duration.ofSeconds(30)))) {
            ModernRequest first = call(1, "url", "{\"elicitation\":{\"url\":{}}}");

            JsonNode asked = gateway.client("asking").send(first).result();
            ModernAnswer done = gateway.client("asking").send(retry(first, 2, asked,
                    "{\"elicitation_1\":{\"action\":\"accept\"}}"));

            JsonNode params = asked.path("inputRequests").path("elicitation_1").path("params");
            assertThat(params.path("mode").asText()).isEqualTo("url");
            assertThat(params.path("url").asText()).isEqualTo("https://example.com/login");
            assertThat(params.has("elicitationId")).isFalse();
            assertThat(text(done)).as(done.toString()).isEqualTo("visited");
            assertThat(upstream.count("tools/call")).isEqualTo(2);
        }
    }

    @Test
    void aLegacyUrlElicitationErrorWithoutTheUrlCapabilityIsMissingCapability() {
        try (AskingUpstream upstream = new AskingUpstream();
             BridgeGateway gateway = gateway(upstream, mrtr("", Duration.ofSeconds(30)))) {

            ModernAnswer answer = gateway.client("asking").send(call(1, "url", "{\"elicitation\":{}}"));

            assertThat(answer.status()).as(answer.toString()).isEqualTo(400);
            assertThat(answer.error().path("code").asInt()).isEqualTo(-32021);
            assertThat(answer.error().path("data").path("requiredCapabilities").path("elicitation").has("url"))
                    .isTrue();
        }
    }
}
