package io.eragate.netty.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.netty.testing.ModernFixtureUpstream;
import io.eragate.netty.testing.RecordedRequest;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The 2026-07-28 front door over real sockets: every rejection with its status, JSON-RPC code and the request id it
 * keeps, and the near misses that must pass through to the upstream.
 */
class FrontDoorIT {
    private static final int MAX_BODY_BYTES = 2048;
    private static final int MAX_HEADER_BYTES = 4096;
    private static final String ECHO_ARGS = "{\"message\":\"hi\"}";
    private static final AtomicInteger IDS = new AtomicInteger();

    private static ModernFixtureUpstream upstream;
    private static TestGateway gateway;

    @BeforeAll
    static void start() {
        upstream = ModernFixtureUpstream.start();
        gateway = TestGateway.modern(upstream.uri(),
                TestLimits.defaults().maxBodyBytes(MAX_BODY_BYTES).maxHeaderBytes(MAX_HEADER_BYTES));
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (upstream != null) {
            upstream.close();
        }
    }

    /**
     * One request that the front door must refuse.
     *
     * @param call the request, given the id it carries
     * @param status the HTTP status
     * @param code the JSON-RPC error code
     * @param keepsId whether the answer carries the request's id (else it has none, or null)
     * @param messagePart what the error message must say
     */
    record Refusal(Function<String, McpCall> call, int status, int code, boolean keepsId, String messagePart) {
    }

    private static McpCall echo(String id) {
        return McpCall.toolsCall(id, "echo", ECHO_ARGS);
    }

    private static Named<Refusal> refusal(String name, Function<String, McpCall> call, int status, int code,
            boolean keepsId, String messagePart) {
        return Named.of(name, new Refusal(call, status, code, keepsId, messagePart));
    }

    private static String metaWithout(String key) {
        return McpCall.ENVELOPE.replace("\"io.modelcontextprotocol/" + key + "\":" + (key.equals("protocolVersion")
                ? "\"2026-07-28\"," : "{}"), "").replace(",}", "}");
    }

    static Stream<Named<Refusal>> refusals() {
        return Stream.of(
                refusal("POST to a path no route serves → 404", id -> echo(id), 404, -32600, true, "/nope"),
                refusal("Origin of another site → 403 with the id", id -> echo(id).header("Origin",
                        "http://evil.example.com"), 403, -32600, true, "evil.example.com"),
                refusal("Origin on the own host but another scheme → 403", id -> echo(id).header("Origin",
                        "ftp://127.0.0.1"), 403, -32600, true, "ftp://127.0.0.1"),
                refusal("Origin that only starts like an allowed one → 403", id -> echo(id).header("Origin",
                        "http://localhost.evil.example.com"), 403, -32600, true, "localhost.evil.example.com"),
                refusal("Origin \"null\" → 403", id -> echo(id).header("Origin", "null"), 403, -32600, true,
                        "null"),
                refusal("Accept lists only JSON → 406", id -> echo(id).with("Accept", "application/json"), 406,
                        -32600, true, "Accept"),
                refusal("Accept lists only SSE → 406", id -> echo(id).with("Accept", "text/event-stream"), 406,
                        -32600, true, "Accept"),
                refusal("no Accept → 406", id -> echo(id).without("Accept"), 406, -32600, true, "no Accept header"),
                refusal("Content-Type text/plain → 415", id -> echo(id).with("Content-Type", "text/plain"), 415,
                        -32600, true, "text/plain"),
                refusal("no Content-Type → 415", id -> echo(id).without("Content-Type"), 415, -32600, true,
                        "no Content-Type header"),
                refusal("malformed JSON → -32700", id -> echo(id).body("{\"jsonrpc\":\"2.0\",\"id\":"), 400, -32700,
                        false, "Parse error"),
                refusal("batch array → -32600", id -> echo(id).body("[" + echo(id).body() + "]"), 400, -32600,
                        false, "batch"),
                refusal("a JSON-RPC response → -32600", id -> echo(id).body("{\"jsonrpc\":\"2.0\",\"id\":"
                        + McpCall.quote(id) + ",\"result\":{}}"), 400, -32600, true, "response"),
                refusal("id null → -32600", id -> echo(id).body(echo(id).body().replace("\"id\":" + McpCall.quote(id),
                        "\"id\":null")), 400, -32600, false, "null"),
                refusal("jsonrpc missing → -32600", id -> echo(id).body(echo(id).body().replace(
                        "\"jsonrpc\":\"2.0\",", "")), 400, -32600, true, "jsonrpc"),
                refusal("MCP-Protocol-Version missing → -32020", id -> echo(id).without("MCP-Protocol-Version"), 400,
                        -32020, true, "MCP-Protocol-Version"),
                refusal("_meta missing → -32602", id -> echo(id).body(echo(id).body().replace(
                        "," + McpCall.ENVELOPE, "")), 400, -32602, true, "_meta is missing"),
                refusal("_meta lacks protocolVersion → -32602", id -> echo(id).body(echo(id).body().replace(
                        McpCall.ENVELOPE, metaWithout("protocolVersion"))), 400, -32602, true, "protocolVersion"),
                refusal("_meta lacks clientCapabilities → -32602", id -> echo(id).body(echo(id).body().replace(
                        McpCall.ENVELOPE, metaWithout("clientCapabilities"))), 400, -32602, true,
                        "clientCapabilities"),
                refusal("header version ≠ body version → -32020", id -> echo(id).body(echo(id).body().replace(
                        "\"2026-07-28\"", "\"v999.0.0\"")), 400, -32020, true, "v999.0.0"),
                refusal("unsupported version → -32022", id -> echo(id).with("MCP-Protocol-Version", "v999.0.0")
                        .body(echo(id).body().replace("\"2026-07-28\"", "\"v999.0.0\"")), 400, -32022, true,
                        "v999.0.0"),
                refusal("Mcp-Method missing → -32020", id -> echo(id).without("Mcp-Method"), 400, -32020, true,
                        "Mcp-Method"),
                refusal("Mcp-Method in upper case → -32020", id -> echo(id).with("Mcp-Method", "TOOLS/CALL"), 400,
                        -32020, true, "TOOLS/CALL"),
                refusal("Mcp-Method names another method → -32020", id -> echo(id).with("Mcp-Method", "tools/list"),
                        400, -32020, true, "tools/list"),
                refusal("Mcp-Name missing on tools/call → -32020", id -> echo(id).without("Mcp-Name"), 400, -32020,
                        true, "Mcp-Name"),
                refusal("Mcp-Name names another tool → -32020", id -> echo(id).with("Mcp-Name", "add"), 400, -32020,
                        true, "\"add\""),
                refusal("Mcp-Name sentinel of another tool → -32020", id -> echo(id).with("Mcp-Name",
                        "=?base64?YWRk?="), 400, -32020, true, "decoded \"add\""),
                refusal("Mcp-Name sentinel with invalid Base64 → -32020", id -> echo(id).with("Mcp-Name",
                        "=?base64?ZW*obw==?="), 400, -32020, true, "Base64"),
                refusal("Mcp-Name sentinel without padding → -32020", id -> echo(id).with("Mcp-Name",
                        "=?base64?ZWNobw?="), 400, -32020, true, "Base64"),
                refusal("Mcp-Name sentinel of invalid UTF-8 → -32020", id -> echo(id).with("Mcp-Name",
                        "=?base64?/w==?="), 400, -32020, true, "Base64"),
                refusal("upper-case sentinel is a literal, not \"echo\" → -32020", id -> echo(id).with("Mcp-Name",
                        "=?BASE64?ZWNobw==?="), 400, -32020, true, "=?BASE64?ZWNobw==?="),
                refusal("prompts/get without Mcp-Name → -32020", id -> McpCall.request(id, "prompts/get",
                        "\"name\":\"greeting\""), 400, -32020, true, "Mcp-Name"),
                refusal("prompts/get with another Mcp-Name → -32020", id -> McpCall.request(id, "prompts/get",
                        "\"name\":\"greeting\"").header("Mcp-Name", "farewell"), 400, -32020, true, "farewell"),
                refusal("resources/read without Mcp-Name → -32020", id -> McpCall.request(id, "resources/read",
                        "\"uri\":\"file:///a.txt\""), 400, -32020, true, "Mcp-Name"),
                refusal("resources/read with another Mcp-Name → -32020", id -> McpCall.request(id, "resources/read",
                        "\"uri\":\"file:///a.txt\"").header("Mcp-Name", "file:///b.txt"), 400, -32020, true,
                        "file:///b.txt"),
                refusal("two Mcp-Method fields that disagree → -32020", id -> echo(id).header("Mcp-Method",
                        "tools/list"), 400, -32020, true, "disagree"),
                refusal("two MCP-Protocol-Version fields that disagree → -32020", id -> echo(id).header(
                        "mcp-protocol-version", "2025-11-25"), 400, -32020, true, "disagree"),
                refusal("two Mcp-Name fields that disagree → -32020", id -> echo(id).header("Mcp-Name", "add"), 400,
                        -32020, true, "disagree"),
                refusal("two Mcp-Param fields that disagree → -32020", id -> echo(id).header("Mcp-Param-Region",
                        "eu").header("mcp-param-region", "us"), 400, -32020, true, "disagree"),
                refusal("initialize (removed) → 404/-32601", id -> McpCall.request(id, "initialize",
                        "\"protocolVersion\":\"2026-07-28\",\"capabilities\":{}"), 404, -32601, true, "initialize"),
                refusal("ping (removed) → 404/-32601", id -> McpCall.request(id, "ping", ""), 404, -32601, true,
                        "ping"),
                refusal("logging/setLevel (removed) → 404/-32601", id -> McpCall.request(id, "logging/setLevel",
                        "\"level\":\"info\""), 404, -32601, true, "logging/setLevel"),
                refusal("resources/subscribe (removed) → 404/-32601", id -> McpCall.request(id,
                        "resources/subscribe", "\"uri\":\"file:///a.txt\""), 404, -32601, true, "resources/subscribe"),
                refusal("resources/unsubscribe (removed) → 404/-32601", id -> McpCall.request(id,
                        "resources/unsubscribe", "\"uri\":\"file:///a.txt\""), 404, -32601, true,
                        "resources/unsubscribe"),
                refusal("unknown method → 404/-32601", id -> McpCall.request(id, "tools/frobnicate", ""), 404, -32601,
                        true, "tools/frobnicate"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusals")
    void refusesWithStatusCodeAndTheRequestId(Refusal refusal) {
        String id = "refused-" + IDS.incrementAndGet();
        McpCall call = refusal.call().apply(id);
        String path = refusal.status() == 404 && refusal.code() == -32600 ? "/nope" : TestGateway.PATH;
        int before = upstream.requests().size();

        HttpResponse<String> response = Http.send(call.httpRequest(gateway.uri(path)));

        assertThat(response.statusCode()).as(response.body()).isEqualTo(refusal.status());
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        JsonNode error = Json.parse(response.body());
        assertThat(error.path("jsonrpc").asText()).isEqualTo("2.0");
        assertThat(error.path("error").path("code").asInt()).isEqualTo(refusal.code());
        assertThat(error.path("error").path("message").asText()).contains(refusal.messagePart());
        if (refusal.keepsId()) {
            assertThat(error.path("id").asText()).isEqualTo(id);
        } else {
            assertThat(error.path("id").isMissingNode() || error.path("id").isNull()).as(response.body()).isTrue();
        }
        assertThat(response.headers().firstValue("Mcp-Session-Id")).isEmpty();
        assertThat(upstream.requests()).as("nothing refused reaches the upstream").hasSize(before);
    }

    @Test
    void aNumericIdIsKeptAsANumber() {
        McpCall call = echo("x").without("Mcp-Method");
        call = call.body(call.body().replace("\"id\":\"x\"", "\"id\":42"));

        HttpResponse<String> response = Http.send(call.httpRequest(gateway.uri()));

        assertThat(response.statusCode()).isEqualTo(400);
        JsonNode id = Json.parse(response.body()).path("id");
        assertThat(id.isInt()).as(response.body()).isTrue();
        assertThat(id.asInt()).isEqualTo(42);
    }

    @Test
    void anUnsupportedVersionNamesTheSupportedOnesAndTheRequestedOne() {
        McpCall call = echo("v999").with("MCP-Protocol-Version", "v999.0.0");
        call = call.body(call.body().replace("\"2026-07-28\"", "\"v999.0.0\""));

        HttpResponse<String> response = Http.send(call.httpRequest(gateway.uri()));

        assertThat(response.statusCode()).isEqualTo(400);
        JsonNode data = Json.parse(response.body()).path("error").path("data");
        assertThat(data.path("supported").isArray()).as(response.body()).isTrue();
        assertThat(data.path("supported").toString()).isEqualTo("[\"2026-07-28\"]");
        assertThat(data.path("requested").asText()).isEqualTo("v999.0.0");
    }

    @ParameterizedTest
    @ValueSource(strings = {"GET", "DELETE"})
    void aRoutePathAnswersOtherMethodsWith405AllowPost(String method) {
        HttpRequest request = HttpRequest.newBuilder(gateway.uri()).timeout(McpCall.TIMEOUT)
                .header("Accept", "application/json, text/event-stream")
                .method(method, HttpRequest.BodyPublishers.noBody()).build();

        HttpResponse<String> response = Http.send(request);

        assertThat(response.statusCode()).isEqualTo(405);
        assertThat(response.headers().allValues("Allow")).containsExactly("POST");
        JsonNode error = Json.parse(response.body()).path("error");
        assertThat(error.path("message").asText()).contains(method);
    }

    @Test
    void anUnknownPathIs404EvenForGet() {
        HttpResponse<String> response = Http.send(HttpRequest.newBuilder(gateway.uri("/other")).GET()
                .timeout(McpCall.TIMEOUT).build());

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(response.headers().firstValue("Allow")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"evil.example.com", "evil.example.com:8080", "localhost.evil.example.com",
        "127.0.0.1.nip.io", "127.0.0.2"})
    void aRebindingHostIsRefusedWith403(String host) {
        try (RawConnection connection = gateway.connect()) {
            RawResponse response = connection.send(echo("rebind").raw(TestGateway.PATH, host)).readResponse();

            assertThat(response.status()).isEqualTo(403);
            assertThat(response.text()).contains(host);
        }
    }

    @Test
    void aQueryStringOnTheRoutePathIsServed() {
        HttpResponse<String> response = Http.send(echo("query").httpRequest(gateway.uri("/mcp?tenant=a")));

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(Json.parse(response.body()).path("id").asText()).isEqualTo("query");
    }

    @Test
    void aRebindingHostWithAMatchingOriginIsRefusedToo() {
        try (RawConnection connection = gateway.connect()) {
            RawResponse response = connection.send(echo("rebind2").header("Origin", "http://evil.example.com:"
                    + gateway.port()).raw(TestGateway.PATH, "evil.example.com:" + gateway.port())).readResponse();

            assertThat(response.status()).isEqualTo(403);
        }
    }

    @Test
    void aRequestWithoutHostIsRefused() {
        try (RawConnection connection = gateway.connect()) {
            RawResponse response = connection.send(echo("nohost").raw(TestGateway.PATH, null)).readResponse();

            assertThat(response.status()).isEqualTo(403);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"localhost", "127.0.0.1"})
    void theOwnHostAndOriginAreServed(String host) {
        String authority = host + ":" + gateway.port();
        try (RawConnection connection = gateway.connect()) {
            RawResponse response = connection.send(echo("own-" + host).header("Origin", "http://" + authority)
                    .raw(TestGateway.PATH, authority)).readResponse();

            assertThat(response.status()).as(response.text()).isEqualTo(200);
            assertThat(response.json().path("result").path("content").get(0).path("text").asText())
                    .isEqualTo("Echo: hi");
        }
    }

    /** Near misses: each is a valid 2026-07-28 request, so the upstream answers it. */
    static Stream<Named<Function<String, McpCall>>> accepted() {
        return Stream.of(
                Named.of("Content-Type with parameters", id -> echo(id).with("Content-Type",
                        "application/json; charset=utf-8")),
                Named.of("Accept in another order with q-values", id -> echo(id).with("Accept",
                        "text/event-stream;q=0.9, application/json")),
                Named.of("header names in lower case", id -> {
                    McpCall call = echo(id).without("Mcp-Method").without("Mcp-Name")
                            .without("MCP-Protocol-Version");
                    return call.header("mcp-protocol-version", McpCall.VERSION).header("mcp-method", "tools/call")
                            .header("mcp-name", "echo");
                }),
                Named.of("Mcp-Name as the Base64 sentinel", id -> echo(id).with("Mcp-Name", "=?base64?ZWNobw==?=")),
                Named.of("repeated identical Mcp-Method fields", id -> echo(id).header("Mcp-Method", "tools/call")),
                Named.of("clientInfo in the envelope", id -> {
                    McpCall call = echo(id);
                    return call.body(call.body().replace("\"_meta\":{", "\"_meta\":{\"io.modelcontextprotocol/"
                            + "clientInfo\":{\"name\":\"it\",\"version\":\"1\"},"));
                }),
                Named.of("Origin of the own address", id -> echo(id).header("Origin", "http://127.0.0.1:"
                        + gateway.port())),
                Named.of("Origin localhost", id -> echo(id).header("Origin", "http://localhost:" + gateway.port())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("accepted")
    void passesNearMissesThrough(Function<String, McpCall> call) {
        String id = "accepted-" + IDS.incrementAndGet();

        HttpResponse<String> response = Http.send(call.apply(id).httpRequest(gateway.uri()));

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonNode answer = Json.parse(response.body());
        assertThat(answer.path("id").asText()).isEqualTo(id);
        assertThat(answer.path("result").path("content").get(0).path("text").asText()).isEqualTo("Echo: hi");
    }

    @Test
    void mcpHeaderValuesAreTrimmedOfSurroundingWhitespace() {
        McpCall call = echo("trimmed").without("Mcp-Name").without("Mcp-Method");
        try (RawConnection connection = gateway.connect()) {
            RawResponse response = connection.send(call.raw(TestGateway.PATH, gateway.hostHeader(),
                    "Mcp-Method: \t tools/call \t", "Mcp-Name:   echo  ")).readResponse();

            assertThat(response.status()).as(response.text()).isEqualTo(200);
        }
    }

    @Test
    void anUpperCaseSentinelIsComparedAsALiteral() {
        String literal = "=?BASE64?ZWNobw==?=";

        HttpResponse<String> response = Http.send(McpCall.toolsCall("literal", literal, "{}")
                .httpRequest(gateway.uri()));

        assertThat(response.statusCode()).isEqualTo(200);
        RecordedRequest received = upstream.awaitRequest(r -> "literal".equals(r.rpcId().asText()),
                Duration.ofSeconds(5));
        assertThat(received.toolName()).isEqualTo(literal);
    }

    @Test
    void promptsGetAndResourcesReadWithMatchingNamesReachTheUpstream() {
        Http.send(McpCall.request("prompt-ok", "prompts/get", "\"name\":\"greeting\"")
                .header("Mcp-Name", "greeting").httpRequest(gateway.uri()));
        Http.send(McpCall.request("resource-ok", "resources/read", "\"uri\":\"file:///a b.txt\"")
                .header("Mcp-Name", "=?base64?ZmlsZTovLy9hIGIudHh0?=").httpRequest(gateway.uri()));

        RecordedRequest prompt = upstream.awaitRequest(r -> "prompt-ok".equals(r.rpcId().asText()),
                Duration.ofSeconds(5));
        RecordedRequest resource = upstream.awaitRequest(r -> "resource-ok".equals(r.rpcId().asText()),
                Duration.ofSeconds(5));
        assertThat(prompt.headers().all("Mcp-Name")).containsExactly("greeting");
        assertThat(resource.headers().all("Mcp-Name")).containsExactly("file:///a b.txt");
    }

    @Test
    void aWellFormedNotificationIs202WithNoBodyAndNeedsNoHeaders() {
        String notification = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
                + "\"params\":{\"requestId\":\"x\"}}";
        McpCall call = echo("unused").body(notification).without("MCP-Protocol-Version").without("Mcp-Method")
                .without("Mcp-Name");

        HttpResponse<String> response = Http.send(call.httpRequest(gateway.uri()));

        assertThat(response.statusCode()).isEqualTo(202);
        assertThat(response.body()).isEmpty();
        assertThat(response.headers().firstValue("Content-Type")).isEmpty();
    }

    @Test
    void sessionIdAndLastEventIdAreIgnoredNotForwardedAndNeverEchoed() {
        McpCall call = echo("sessionless").header("Mcp-Session-Id", "session-from-client")
                .header("Last-Event-ID", "event-7");

        HttpResponse<String> response = Http.send(call.httpRequest(gateway.uri()));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().map().keySet()).noneMatch(name -> name.equalsIgnoreCase("Mcp-Session-Id"));
        RecordedRequest received = upstream.awaitRequest(r -> "sessionless".equals(r.rpcId().asText()),
                Duration.ofSeconds(5));
        assertThat(received.headers().contains("Mcp-Session-Id")).isFalse();
        assertThat(received.headers().contains("Last-Event-ID")).isFalse();
    }

    @Test
    void aBodyOverTheLimitIs413NamingTheLimitBeforeTheBodyIsRead() {
        try (RawConnection connection = gateway.connect()) {
            connection.send("POST /mcp HTTP/1.1\r\nHost: " + gateway.hostHeader() + "\r\nContent-Type: "
                    + "application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: "
                    + (MAX_BODY_BYTES + 1) + "\r\n\r\n");

            RawResponse response = connection.readResponse();

            assertThat(response.status()).isEqualTo(413);
            JsonNode error = response.json().path("error");
            assertThat(error.path("code").asInt()).isEqualTo(-32600);
            assertThat(error.path("message").asText()).contains(String.valueOf(MAX_BODY_BYTES));
            assertThat(error.path("data").path("limitBytes").asLong()).isEqualTo(MAX_BODY_BYTES);
            assertThat(connection.closedByPeer()).isTrue();
        }
    }

    @Test
    void aBodyOverTheLimitAnnouncedWithExpectContinueIs413NamingTheLimit() {
        try (RawConnection connection = gateway.connect()) {
            connection.send("POST /mcp HTTP/1.1\r\nHost: " + gateway.hostHeader() + "\r\nContent-Type: "
                    + "application/json\r\nAccept: application/json, text/event-stream\r\nExpect: 100-continue\r\n"
                    + "Content-Length: " + (MAX_BODY_BYTES + 1) + "\r\n\r\n");

            RawResponse response = connection.readResponse();

            assertThat(response.status()).isEqualTo(413);
            assertThat(response.head().first("Content-Type")).hasValue("application/json");
            JsonNode error = response.json().path("error");
            assertThat(error.path("code").asInt()).isEqualTo(-32600);
            assertThat(error.path("message").asText()).contains(String.valueOf(MAX_BODY_BYTES));
            assertThat(connection.closedByPeer()).isTrue();
        }
    }

    @Test
    void aBodyWithinTheLimitAnnouncedWithExpectContinueIsInvitedAndServed() {
        McpCall call = echo("expect");
        byte[] raw = call.raw(TestGateway.PATH, gateway.hostHeader(), "Expect: 100-continue");
        int headEnd = new String(raw, StandardCharsets.ISO_8859_1).indexOf("\r\n\r\n") + 4;
        try (RawConnection connection = gateway.connect()) {
            connection.send(Arrays.copyOfRange(raw, 0, headEnd));
            HttpHead invitation = connection.readHead();
            assertThat(invitation.status()).isEqualTo(100);

            RawResponse response = connection.send(Arrays.copyOfRange(raw, headEnd, raw.length))
                    .readResponse();

            assertThat(response.status()).as(response.text()).isEqualTo(200);
            assertThat(response.json().path("id").asText()).isEqualTo("expect");
        }
    }

    @Test
    void headIs405AndTheConnectionStaysUsable() {
        try (RawConnection connection = gateway.connect()) {
            HttpHead head = connection.send("HEAD /mcp HTTP/1.1\r\nHost: " + gateway.hostHeader() + "\r\n\r\n")
                    .readHead();
            assertThat(head.status()).isEqualTo(405);
            assertThat(head.all("Allow")).containsExactly("POST");

            RawResponse next = connection.send(echo("after-head").raw(TestGateway.PATH, gateway.hostHeader()))
                    .readResponse();

            assertThat(next.status()).isEqualTo(200);
            assertThat(next.json().path("id").asText()).isEqualTo("after-head");
        }
    }

    @Test
    void aChunkedBodyThatGrowsOverTheLimitIs413() {
        String chunk = "x".repeat(1000);
        StringBuilder request = new StringBuilder("POST /mcp HTTP/1.1\r\nHost: " + gateway.hostHeader()
                + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n");
        for (int i = 0; i < 3; i++) {
            request.append(Integer.toHexString(chunk.length())).append("\r\n").append(chunk).append("\r\n");
        }
        try (RawConnection connection = gateway.connect()) {
            RawResponse response = connection.send(request.toString()).readResponse();

            assertThat(response.status()).isEqualTo(413);
            assertThat(response.json().path("error").path("data").path("limitBytes").asLong())
                    .isEqualTo(MAX_BODY_BYTES);
            assertThat(connection.closedByPeer()).isTrue();
        }
    }

    @Test
    void aHeaderBlockOverTheLimitIs431() {
        McpCall call = echo("big-headers").header("X-Padding", "p".repeat(MAX_HEADER_BYTES));
        try (RawConnection connection = gateway.connect()) {
            RawResponse response = connection.send(call.raw(TestGateway.PATH, gateway.hostHeader())).readResponse();

            assertThat(response.status()).isEqualTo(431);
            JsonNode error = response.json().path("error");
            assertThat(error.path("message").asText()).contains(String.valueOf(MAX_HEADER_BYTES));
            assertThat(connection.closedByPeer()).isTrue();
        }
    }

    static Stream<Named<String>> garbage() {
        return Stream.of(
                Named.of("not HTTP at all", "HELLO THERE\r\n\r\n"),
                Named.of("control bytes and binary", "\u0001\u0002\u0003\u00ff\u00fe GET\r\n\r\n"),
                Named.of("header line without a colon", "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nNoColonHere\r\n\r\n"),
                Named.of("request line without a version", "POST /mcp\r\nHost: 127.0.0.1\r\n\r\n"),
                Named.of("space before a header colon", "POST /mcp HTTP/1.1\r\nHost : 127.0.0.1\r\n\r\n"),
                Named.of("Content-Length that is not a number", "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        + "Content-Length: twelve\r\n\r\n"),
                Named.of("two different Content-Lengths", "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        + "Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}"),
                Named.of("broken chunk size", "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("garbage")
    void garbageIs400AndTheConnectionClosesNeverAHang(String bytes) {
        try (RawConnection connection = gateway.connect()) {
            RawResponse response = connection.send(bytes.getBytes(StandardCharsets.ISO_8859_1)).readResponse();

            assertThat(response.status()).isEqualTo(400);
            assertThat(response.text()).doesNotContain("Exception").doesNotContain("\tat ");
            assertThat(response.json().path("error").path("code").asInt()).isEqualTo(-32600);
            assertThat(connection.closedByPeer()).isTrue();
        }
    }
}
