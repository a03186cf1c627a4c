package io.eragate.core.frontdoor;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Coverage-guided fuzzing of the pure ladder (Jazzer; fuzzing mode through {@code JAZZER_FUZZ=1} in surefire's
 * environment): any method, path, header fields and body. Whatever comes in, every decision returns without throwing,
 * a rejection is a 4xx (the client's fault, never the gateway's) or a 501/505 for a framing the gateway refuses, and
 * its body is a JSON-RPC error with an integer code and a message; and the streaming scan of the body decides exactly
 * like the tree path.
 */
class FrontDoorLadderFuzzTest {
    /** Header names the ladder reads, so that the fuzzer reaches past the first rungs. */
    private static final String[] NAMES = {"Host", "Origin", "Accept", "Content-Type", "MCP-Protocol-Version",
        "Mcp-Method", "Mcp-Name", "Mcp-Param-Region", "Transfer-Encoding", "Content-Encoding", "X-Other"};

    @FuzzTest(maxDuration = "20s")
    void theLadderAnswersEveryInput(FuzzedDataProvider data) {
        String method = data.pickValue(new String[] {"POST", "GET", "DELETE", "PUT", data.consumeString(8)});
        String path = data.pickValue(new String[] {"/mcp", "/mcp?x=1", "/other", data.consumeString(40)});
        Map<String, List<String>> fields = new LinkedHashMap<>();
        int count = data.consumeInt(0, 12);
        for (int i = 0; i < count; i++) {
            String name = data.consumeBoolean() ? data.pickValue(NAMES) : data.consumeString(20);
            fields.computeIfAbsent(name.isEmpty() ? "X" : name, key -> new ArrayList<>()).add(data.consumeString(80));
        }
        String protocol = data.pickValue(new String[] {"HTTP/1.1", "HTTP/1.0", data.consumeString(10)});
        byte[] body = data.consumeRemainingAsBytes();
        HeaderView headers = HeaderView.of(fields);
        InboundRequest request = new InboundRequest(method, path, headers, body);

        Verdict verdict = TestRequests.FRONT_DOOR.check(request);
        TestRequests.assertSameVerdict(verdict, TestRequests.TREE_ONLY.check(request));
        if (verdict instanceof Verdict.Rejected rejected) {
            assertWellFormed(rejected.rejection());
        }
        TestRequests.FRONT_DOOR.checkLegacy(request).ifPresent(FrontDoorLadderFuzzTest::assertWellFormed);
        LegacyTraffic.isLegacyEra(request);
        Optional<Rejection> head = HttpFraming.checkHead(protocol, path, headers.all("Transfer-Encoding"),
                headers.all("Content-Encoding"));
        head.ifPresent(FrontDoorLadderFuzzTest::assertWellFormed);
        HttpFraming.utf8Problem(body);
    }

    private static void assertWellFormed(Rejection rejection) {
        int status = rejection.httpStatus();
        assertThat(status >= 400 && status < 500 || status == 501 || status == 505).as("status %s", status).isTrue();
        JsonNode body;
        try {
            body = JsonRpcCodec.mapper().readTree(rejection.body());
        } catch (IOException e) {
            throw new AssertionError("a rejection body that is not JSON", e);
        }
        assertThat(body.path("jsonrpc").asText()).isEqualTo("2.0");
        assertThat(body.path("error").path("code").isInt()).isTrue();
        assertThat(body.path("error").path("message").asText()).isNotEmpty();
        assertThat(body.has("id")).isTrue();
    }
}
