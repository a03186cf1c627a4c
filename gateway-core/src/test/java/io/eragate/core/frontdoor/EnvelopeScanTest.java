package io.eragate.core.frontdoor;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The streaming scan of a request body: what it reads from the common request, and that every body it does not answer
 * for, or answers for, gets the same verdict as on the tree path (each {@code check()} asserts that).
 */
class EnvelopeScanTest {
    private static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

    @Test
    void theCommonRequestIsReadWithoutATree() {
        byte[] body = ("{\"jsonrpc\":\"2.0\",\"id\":\"a-1\",\"method\":\"tools/call\","
                + "\"params\":{\"name\":\"ec\\u0068o\","
                + "\"arguments\":{\"n\":[1,2.50,{\"x\":null}],\"s\":\"t\"}," + META + "}}")
                .getBytes(StandardCharsets.UTF_8);

        EnvelopeScan scan = EnvelopeScan.of(body);

        assertThat(scan).isEqualTo(new EnvelopeScan(JsonRpcId.of("a-1"), "tools/call", "2026-07-28", "echo"));
    }

    @Test
    void anAcceptedScannedRequestParsesItsMessageOnlyWhenAsked() {
        Verdict verdict = TestRequests.toolsCall().check();

        ValidatedRequest request = ((Verdict.Accepted) verdict).request();
        assertThat(request.method()).isEqualTo("tools/call");
        assertThat(request.name()).isEqualTo("echo");
        assertThat(((JsonRpcRequest) request.message()).params().get("name").textValue()).isEqualTo("echo");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "tools/list | | ",
        "tools/call | \"name\":\"echo\",\"arguments\":{} | echo",
        "prompts/get | \"name\":\"greet\" | greet",
        "resources/read | \"uri\":\"file:///a\" | file:///a",
        "initialize | \"protocolVersion\":\"2025-11-25\" | "})
    void requestsWithACompleteEnvelopeAreScanned(String method, String prefix, String name) {
        TestRequests.Builder request = TestRequests.call(method, prefix, name);

        assertThat(EnvelopeScan.of(request.build().body())).as(method).isNotNull();
        request.check();
    }

    /** Bodies the scan leaves to the tree path; the verdicts must still agree (and mostly reject). */
    @ParameterizedTest
    @ValueSource(strings = {
        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\",\"params\":{" + META + "}}",
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}",
        "[{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"params\":{" + META + "}}]",
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"params\":{" + META + "},\"method\":\"x\"}",
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"params\":{" + META + ",\"a\":{\"b\":1,\"b\":2}}}",
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"params\":{" + META + "}} {}",
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"params\":{" + META + ",\"n\":1e11111111111}}",
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":7," + META + "}}",
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{" + META + "}}",
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"params\":{\"_meta\":[]}}",
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"params\":{\"_meta\":{"
                + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}}",
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"params\":{\"_meta\":{"
                + "\"io.modelcontextprotocol/protocolVersion\":1,\"io.modelcontextprotocol/clientCapabilities\":{}}}}",
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"params\":[]}",
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\"}",
        "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"tools/list\",\"params\":{" + META + "}}",
        "{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"tools/list\",\"params\":{" + META + "}}",
        "{\"jsonrpc\":\"2.1\",\"id\":7,\"method\":\"tools/list\",\"params\":{" + META + "}}",
        "{\"id\":7,\"method\":\"tools/list\",\"params\":{" + META + "}}",
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":3,\"params\":{" + META + "}}",
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"error\":{},\"params\":{" + META + "}}",
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\"}}",
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"params\":{" + META,
        "\"just a string\"",
        ""})
    void bodiesTheScanDoesNotAnswerForGetTheTreeVerdict(String body) {
        TestRequests.Builder request = TestRequests.toolsList().body(body);

        assertThat(EnvelopeScan.of(request.build().body())).as(body).isNull();
        request.check();
    }

    /** Scanned bodies whose headers disagree: the rejection is the tree path's, word for word. */
    @ParameterizedTest
    @ValueSource(strings = {"MCP-Protocol-Version", "Mcp-Method", "Mcp-Name"})
    void aScannedBodyWithAWrongHeaderIsRejectedAsOnTheTreePath(String header) {
        TestRequests.Builder request = TestRequests.toolsCall().without(header).header(header, "2025-06-18");

        assertThat(EnvelopeScan.of(request.build().body())).isNotNull();
        assertThat(request.check()).isInstanceOf(Verdict.Rejected.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "-0", "1.10", "1e400", "12345678901234567890123", "\"\""})
    void idsAreTheTreesIds(String id) {
        TestRequests.Builder request = TestRequests.toolsList().body("{\"jsonrpc\":\"2.0\",\"id\":" + id
                + ",\"method\":\"tools/list\",\"params\":{" + META + "}}");

        EnvelopeScan scan = EnvelopeScan.of(request.build().body());
        assertThat(scan).isNotNull();
        assertThat(scan.id()).isEqualTo(((JsonRpcRequest) ((Verdict.Accepted) TestRequests.TREE_ONLY
                .check(request.build())).request().message()).id());
        request.check();
    }
}
