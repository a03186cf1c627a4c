package io.eragate.core.era;

import static io.eragate.core.era.RealPeerAnswers.JAVA_SDK_SESSION_REQUIRED;
import static io.eragate.core.era.RealPeerAnswers.TS_V1_IN_SESSION_DISCOVER_SSE;
import static io.eragate.core.era.RealPeerAnswers.TS_V1_NOT_ACCEPTABLE;
import static io.eragate.core.era.RealPeerAnswers.TS_V1_NOT_INITIALIZED;
import static io.eragate.core.era.RealPeerAnswers.TS_V1_NO_VALID_SESSION;
import static io.eragate.core.era.RealPeerAnswers.TS_V1_STDIO_METHOD_NOT_FOUND;
import static io.eragate.core.era.RealPeerAnswers.TS_V1_UNSUPPORTED_VERSION_HEADER;
import static io.eragate.core.era.RealPeerAnswers.TS_V2_DISCOVER_RESULT;
import static io.eragate.core.era.RealPeerAnswers.TS_V2_HEADER_MISMATCH;
import static io.eragate.core.era.RealPeerAnswers.TS_V2_METHOD_NOT_FOUND;
import static io.eragate.core.era.RealPeerAnswers.TS_V2_REJECTS_LEGACY;
import static io.eragate.core.era.RealPeerAnswers.TS_V2_UNSUPPORTED_2027;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eragate.core.era.ProbeAnswer.Failure;
import io.eragate.core.mcp.ProtocolVersions;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ProbeClassifierTest {

    private static final List<String> OURS = ProtocolVersions.MODERN;
    private static final String JSON = "application/json";
    private static final String SSE = "text/event-stream";
    private static final String DISCOVER = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":"
            + "{\"resultType\":\"complete\",\"supportedVersions\":[\"2026-07-28\"],\"capabilities\":{},"
            + "\"ttlMs\":3600000,\"cacheScope\":\"public\"}}";

    /** Every real peer answer from real-peers.md §3.4, §3.5, §4.3 and §8, with the verdict it must get. */
    static Stream<Arguments> realPeers() {
        return Stream.of(
                row("TS v1 HTTP (server-everything): 400 -32000 Server not initialized, id null",
                        ProbeAnswer.http(400, JSON, TS_V1_NOT_INITIALIZED), "legacy"),
                row("Java SDK 2.1.0: 400 with a serialized exception, not JSON-RPC",
                        ProbeAnswer.http(400, "application/json;charset=UTF-8", JAVA_SDK_SESSION_REQUIRED), "legacy"),
                row("TS v1 HTTP: 400 -32000 No valid session ID provided",
                        ProbeAnswer.http(400, JSON, TS_V1_NO_VALID_SESSION), "legacy"),
                row("TS v1 HTTP: 400 -32000 Unsupported protocol version (a legacy list in prose)",
                        ProbeAnswer.http(400, JSON, TS_V1_UNSUPPORTED_VERSION_HEADER), "legacy"),
                row("TS v1 HTTP: 406 Not Acceptable",
                        ProbeAnswer.http(406, JSON, TS_V1_NOT_ACCEPTABLE), "legacy"),
                row("TS v1 HTTP in session: 200 SSE carrying -32601",
                        ProbeAnswer.http(200, SSE, TS_V1_IN_SESSION_DISCOVER_SSE), "legacy"),
                row("TS v2 reference server: 200 DiscoverResult",
                        ProbeAnswer.http(200, JSON, TS_V2_DISCOVER_RESULT), "modern [2026-07-28] with result"),
                row("TS v2 legacy:'reject': 400 -32022 supported [2026-07-28]",
                        ProbeAnswer.http(400, JSON, TS_V2_REJECTS_LEGACY), "modern [2026-07-28] without result"),
                row("TS v2: 400 -32022 for a version it does not speak",
                        ProbeAnswer.http(400, JSON, TS_V2_UNSUPPORTED_2027), "modern [2026-07-28] without result"),
                row("TS v2: 404 -32601 (server/discover is mandatory for modern servers)",
                        ProbeAnswer.http(404, JSON, TS_V2_METHOD_NOT_FOUND), "legacy"),
                row("TS v2: 400 -32020 is deliberately not era evidence (digest §9.5)",
                        ProbeAnswer.http(400, JSON, TS_V2_HEADER_MISMATCH), "legacy"));
    }

    /** Status, transport and shape cases around the real answers. */
    static Stream<Arguments> edges() {
        return Stream.of(
                row("connect failure", ProbeAnswer.failed(Failure.CONNECT_FAILED), "inconclusive 502"),
                row("reset", ProbeAnswer.failed(Failure.RESET), "inconclusive 502"),
                row("timeout", ProbeAnswer.failed(Failure.TIMEOUT), "inconclusive 504"),
                row("401", ProbeAnswer.http(401, JSON, TS_V1_NOT_INITIALIZED), "inconclusive 502"),
                row("403", ProbeAnswer.http(403, "text/html", "<h1>Forbidden</h1>"), "inconclusive 502"),
                row("407", ProbeAnswer.http(407, null, (byte[]) null), "inconclusive 502"),
                row("408", ProbeAnswer.http(408, null, (byte[]) null), "inconclusive 504"),
                row("429", ProbeAnswer.http(429, null, (byte[]) null), "inconclusive 503"),
                row("500 even with a DiscoverResult body", ProbeAnswer.http(500, JSON, DISCOVER), "inconclusive 502"),
                row("502", ProbeAnswer.http(502, "text/html", "<html>bad gateway</html>"), "inconclusive 502"),
                row("503", ProbeAnswer.http(503, null, (byte[]) null), "inconclusive 503"),
                row("504", ProbeAnswer.http(504, null, (byte[]) null), "inconclusive 504"),
                row("redirect", ProbeAnswer.http(307, null, (byte[]) null), "inconclusive 502"),
                row("404 without body", ProbeAnswer.http(404, null, (byte[]) null), "legacy"),
                row("405 without body", ProbeAnswer.http(405, "text/plain", ""), "legacy"),
                row("404 HTML page", ProbeAnswer.http(404, "text/html", "<h1>Not Found</h1>"), "legacy"),
                row("200 JSON DiscoverResult", ProbeAnswer.http(200, JSON, DISCOVER),
                        "modern [2026-07-28] with result"),
                row("200 DiscoverResult, content type with parameters",
                        ProbeAnswer.http(200, "Application/JSON; charset=utf-8", DISCOVER),
                        "modern [2026-07-28] with result"),
                row("200 DiscoverResult, no content type", ProbeAnswer.http(200, null, DISCOVER),
                        "modern [2026-07-28] with result"),
                row("200 SSE DiscoverResult after a priming event and a notification",
                        ProbeAnswer.http(200, SSE, "id: p\ndata: \n\n"
                                + "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\","
                                + "\"params\":{\"level\":\"info\",\"data\":\"hi\"}}\n\n"
                                + "event: message\ndata: " + DISCOVER + "\n\n"),
                        "modern [2026-07-28] with result"),
                row("200 SSE, no content type", ProbeAnswer.http(200, null,
                        "event: message\ndata: " + DISCOVER + "\n\n"),
                        "modern [2026-07-28] with result"),
                row("200 SSE whose only response sits in a non-message event",
                        ProbeAnswer.http(200, SSE, "event: other\ndata: " + DISCOVER + "\n\n"), "legacy"),
                row("200 DiscoverResult with a later version too",
                        ProbeAnswer.http(200, JSON, DISCOVER.replace("[\"2026-07-28\"]",
                                "[\"2027-03-01\",\"2026-07-28\"]")),
                        "modern [2027-03-01, 2026-07-28] with result"),
                row("200 DiscoverResult sharing no version with us",
                        ProbeAnswer.http(200, JSON, DISCOVER.replace("2026-07-28", "2027-03-01")), "legacy"),
                row("200 DiscoverResult without optional caching fields",
                        ProbeAnswer.http(200, JSON, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":"
                                + "{\"supportedVersions\":[\"2026-07-28\"],\"capabilities\":{}}}"),
                        "modern [2026-07-28] with result"),
                row("200 result without capabilities", ProbeAnswer.http(200, JSON,
                        DISCOVER.replace("\"capabilities\":{},", "")), "legacy"),
                row("200 result with empty supportedVersions", ProbeAnswer.http(200, JSON,
                        DISCOVER.replace("[\"2026-07-28\"]", "[]")), "legacy"),
                row("200 result with a non-string version", ProbeAnswer.http(200, JSON,
                        DISCOVER.replace("[\"2026-07-28\"]", "[20260728]")), "legacy"),
                row("200 result with resultType input_required", ProbeAnswer.http(200, JSON,
                        DISCOVER.replace("\"complete\"", "\"input_required\"")), "legacy"),
                row("200 result with a negative ttlMs", ProbeAnswer.http(200, JSON,
                        DISCOVER.replace("3600000", "-1")), "legacy"),
                row("200 result with an unknown cacheScope", ProbeAnswer.http(200, JSON,
                        DISCOVER.replace("\"public\"", "\"shared\"")), "legacy"),
                row("200 initialize-style result", ProbeAnswer.http(200, JSON,
                        "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":"
                        + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"serverInfo\":{\"name\":\"x\","
                        + "\"version\":\"1\"}}}"), "legacy"),
                row("200 empty body", ProbeAnswer.http(200, JSON, ""), "legacy"),
                row("200 not JSON", ProbeAnswer.http(200, JSON, "OK"), "legacy"),
                row("200 plain text", ProbeAnswer.http(200, "text/plain", DISCOVER), "legacy"),
                row("200 batch array", ProbeAnswer.http(200, JSON, "[" + DISCOVER + "]"), "legacy"),
                row("202 without body", ProbeAnswer.http(202, null, (byte[]) null), "legacy"),
                row("200 in-band -32022 naming our version",
                        ProbeAnswer.http(200, JSON, TS_V2_REJECTS_LEGACY), "modern [2026-07-28] without result"),
                row("-32022 offering only modern versions we do not speak",
                        ProbeAnswer.http(400, JSON, TS_V2_REJECTS_LEGACY.replace("[\"2026-07-28\"]",
                                "[\"2027-03-01\"]")),
                        "inconclusive 502"),
                row("-32022 offering only legacy versions",
                        ProbeAnswer.http(400, JSON, TS_V2_REJECTS_LEGACY.replace("[\"2026-07-28\"]",
                                "[\"2025-11-25\",\"2024-10-07\"]")),
                        "legacy"),
                row("-32022 without data",
                        ProbeAnswer.http(400, JSON, "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32022,"
                                + "\"message\":\"Unsupported protocol version\"}}"),
                        "legacy"),
                row("-32022 with an empty supported list",
                        ProbeAnswer.http(400, JSON, TS_V2_REJECTS_LEGACY.replace("[\"2026-07-28\"]", "[]")), "legacy"),
                row("-32022 inside a 200 SSE stream",
                        ProbeAnswer.http(200, SSE, "event: message\ndata: " + TS_V2_REJECTS_LEGACY + "\n\n"),
                        "modern [2026-07-28] without result"),
                row("error whose code is not a number",
                        ProbeAnswer.http(400, JSON, "{\"error\":{\"code\":\"-32022\",\"data\":{\"supported\":"
                                + "[\"2026-07-28\"]}}}"),
                        "legacy"),
                row("-32021 is not era evidence",
                        ProbeAnswer.http(400, JSON, "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32021,"
                                + "\"message\":\"Missing required client capability\"}}"),
                        "legacy"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("realPeers")
    void classifiesRealPeerAnswers(String name, ProbeAnswer answer, String expected) {
        assertThat(describe(ProbeClassifier.classify(answer, OURS))).as(name).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("edges")
    void classifiesEdgeCases(String name, ProbeAnswer answer, String expected) {
        assertThat(describe(ProbeClassifier.classify(answer, OURS))).as(name).isEqualTo(expected);
    }

    @Test
    void theJavaSdkFixtureIsTheCompleteRecordedBody() {
        assertThat(JAVA_SDK_SESSION_REQUIRED.getBytes(StandardCharsets.UTF_8)).hasSize(4916);
        assertThat(JAVA_SDK_SESSION_REQUIRED).startsWith("{\"jsonRpcError\":{\"code\":-32601,")
                .endsWith("\"suppressed\":[]}");
    }

    @Test
    void legacyVerdictsSayWhatTheUpstreamAnswered() {
        ProbeVerdict verdict = ProbeClassifier.classify(ProbeAnswer.http(400, JSON, TS_V1_NOT_INITIALIZED), OURS);

        assertThat(verdict.why()).isEqualTo(
                "HTTP 400 with JSON-RPC error -32000 \"Bad Request: Server not initialized\"");
    }

    @Test
    void aNonJsonRpcBodyIsQuotedShortAndOnOneLine() {
        ProbeVerdict verdict = ProbeClassifier.classify(
                ProbeAnswer.http(400, "application/json;charset=UTF-8", JAVA_SDK_SESSION_REQUIRED), OURS);

        assertThat(verdict.why())
                .startsWith("HTTP 400 without a JSON-RPC error: application/json;charset=UTF-8 {\"jsonRpcError\"")
                .hasSizeLessThan(260)
                .doesNotContain("\n");
    }

    @Test
    void aModernVerdictKeepsTheDiscoverResult() {
        ProbeVerdict verdict = ProbeClassifier.classify(ProbeAnswer.http(200, JSON, TS_V2_DISCOVER_RESULT), OURS);

        assertThat(verdict).isInstanceOfSatisfying(ProbeVerdict.Modern.class, modern ->
                assertThat(modern.discoverResult().at("/_meta/io.modelcontextprotocol~1serverInfo/name").asText())
                        .isEqualTo("sdkv2-reference"));
    }

    @Test
    void versionsAreLegacyUpToTheFirstModernRevision() {
        assertThat(ProbeClassifier.isLegacyVersion("2025-11-25")).isTrue();
        assertThat(ProbeClassifier.isLegacyVersion("2024-10-07")).as("older than any we negotiate").isTrue();
        assertThat(ProbeClassifier.isLegacyVersion("2026-07-28")).isFalse();
        assertThat(ProbeClassifier.isLegacyVersion("2027-01-01")).isFalse();
        assertThat(ProbeClassifier.isLegacyVersion("v999.0.0")).isFalse();
    }

    static Stream<Arguments> stdio() {
        return Stream.of(
                Arguments.of("TS v1 stdio: -32601 Method not found", TS_V1_STDIO_METHOD_NOT_FOUND, "legacy"),
                Arguments.of("no answer or the process exited", null, "legacy"),
                Arguments.of("a notification instead of the answer",
                        "{\"method\":\"notifications/tools/list_changed\",\"jsonrpc\":\"2.0\"}", "legacy"),
                Arguments.of("a DiscoverResult", DISCOVER, "modern [2026-07-28] with result"),
                Arguments.of("-32022 naming our version", TS_V2_REJECTS_LEGACY, "modern [2026-07-28] without result"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stdio")
    void classifiesStdioAnswers(String name, String line, String expected) {
        assertThat(describe(ProbeClassifier.classifyStdio(line, OURS))).as(name).isEqualTo(expected);
    }

    @Test
    void needsOurVersions() {
        ProbeAnswer answer = ProbeAnswer.http(200, JSON, DISCOVER);

        assertThatThrownBy(() -> ProbeClassifier.classify(answer, List.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void answersAreWellFormed() {
        assertThatThrownBy(() -> ProbeAnswer.http(-1, null, (byte[]) null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ProbeAnswer(200, null, null, Failure.RESET))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(ProbeAnswer.http(200, JSON, "x")).isEqualTo(ProbeAnswer.http(200, JSON, "x"));
    }

    private static Arguments row(String name, ProbeAnswer answer, String expected) {
        return Arguments.of(name, answer, expected);
    }

    private static String describe(ProbeVerdict verdict) {
        if (verdict instanceof ProbeVerdict.Modern modern) {
            return "modern " + modern.supportedVersions()
                    + (modern.discoverResult() == null ? " without result" : " with result");
        }
        if (verdict instanceof ProbeVerdict.Inconclusive inconclusive) {
            return "inconclusive " + inconclusive.suggestedHttpStatus();
        }
        return "legacy";
    }
}
