package io.eragate.netty.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.netty.testing.ModernFixtureUpstream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Upstream failures become JSON-RPC errors that carry the client's request id: refused (502), silent (504), and
 * error bodies that are not JSON-RPC (an HTML page, a serialized exception), which never reach the client as they are.
 */
class UpstreamFailureIT {
    private static final Duration RESPONSE_TIMEOUT = Duration.ofMillis(300);

    private static ModernFixtureUpstream upstream;
    private static TestGateway gateway;

    @BeforeAll
    static void start() {
        upstream = ModernFixtureUpstream.start();
        gateway = TestGateway.modern(upstream.uri(), TestLimits.defaults().upstreamResponseTimeout(RESPONSE_TIMEOUT));
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

    private static JsonNode assertJsonRpcError(HttpResponse<String> response, int status, String id) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        JsonNode answer = Json.parse(response.body());
        assertThat(answer.path("jsonrpc").asText()).isEqualTo("2.0");
        assertThat(answer.path("id").asText()).isEqualTo(id);
        assertThat(answer.path("error").path("code").asInt()).isEqualTo(-32603);
        return answer.path("error");
    }

    /** A loopback port that was free a moment ago; nothing listens there now. */
    private static int closedPort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aRefusedUpstreamIs502WithTheRequestId() {
        URI nowhere = URI.create("http://127.0.0.1:" + closedPort() + "/mcp");
        try (TestGateway refused = TestGateway.modern(nowhere)) {
            HttpResponse<String> response = Http.send(McpCall.toolsCall("refused", "echo", "{}")
                    .httpRequest(refused.uri()));

            JsonNode error = assertJsonRpcError(response, 502, "refused");
            assertThat(error.path("message").asText()).contains("unreachable").contains(TestGateway.UPSTREAM);
        }
    }

    @Test
    void anHttpsUpstreamIsSpokenToOverTlsSoAPlainHttpServerThereFailsTheHandshakeWith502() {
        URI plainServerAsHttps = URI.create("https://127.0.0.1:" + upstream.port() + "/mcp");
        try (TestGateway tls = TestGateway.modern(plainServerAsHttps)) {
            HttpResponse<String> response = Http.send(McpCall.toolsCall("tls", "echo", "{}").httpRequest(tls.uri()));

            JsonNode error = assertJsonRpcError(response, 502, "tls");
            assertThat(error.path("message").asText()).contains(TestGateway.UPSTREAM);
            assertThat(upstream.requests()).as("no plain HTTP request reached the upstream")
                    .noneMatch(r -> "tls".equals(r.rpcId() == null ? null : r.rpcId().asText()));
        }
    }

    @Test
    void anUpstreamThatResetsTheConnectionIs502WithTheRequestId() throws Exception {
        try (ServerSocket resetting = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                while (!resetting.isClosed()) {
                    try (Socket socket = resetting.accept()) {
                        socket.getInputStream().read();
                        socket.setSoLinger(true, 0);
                    } catch (IOException e) {
                        return;
                    }
                }
            }, "resetting-upstream");
            acceptor.setDaemon(true);
            acceptor.start();
            URI url = URI.create("http://127.0.0.1:" + resetting.getLocalPort() + "/mcp");
            try (TestGateway reset = TestGateway.modern(url)) {
                HttpResponse<String> response = Http.send(McpCall.toolsCall("reset", "echo", "{}")
                        .httpRequest(reset.uri()));

                JsonNode error = assertJsonRpcError(response, 502, "reset");
                assertThat(error.path("message").asText()).contains(TestGateway.UPSTREAM);
            }
        }
    }

    @Test
    void anUpstreamThatNeverAnswersIs504WithTheRequestIdAndItsConnectionIsClosed() throws Exception {
        HttpResponse<String> response = Http.send(McpCall.toolsCall("silent", "hang", "{}")
                .httpRequest(gateway.uri()));

        JsonNode error = assertJsonRpcError(response, 504, "silent");
        assertThat(error.path("data").path("timeoutMs").asLong()).isEqualTo(RESPONSE_TIMEOUT.toMillis());
        upstream.awaitRequest(r -> "silent".equals(r.rpcId().asText()), Duration.ofSeconds(5))
                .closedByClient().get(5, TimeUnit.SECONDS);
    }

    @Test
    void anHtmlErrorPageBecomesAJsonRpcError() {
        HttpResponse<String> response = Http.send(McpCall.toolsCall("html", "html_error", "{}")
                .httpRequest(gateway.uri()));

        JsonNode error = assertJsonRpcError(response, 502, "html");
        assertThat(response.body()).doesNotContain("<").doesNotContain(">");
        assertThat(error.path("message").asText()).contains("500");
        assertThat(error.path("data").path("status").asInt()).isEqualTo(500);
    }

    @Test
    void aSerializedExceptionBecomesAJsonRpcErrorWithoutItsStackTrace() {
        HttpResponse<String> response = Http.send(McpCall.toolsCall("exception", "exception_body", "{}")
                .httpRequest(gateway.uri()));

        JsonNode error = assertJsonRpcError(response, 502, "exception");
        assertThat(error.path("data").path("status").asInt()).isEqualTo(400);
        assertThat(response.body()).doesNotContain("ToolController").doesNotContain("\\tat ");
        assertThat(error.path("message").asText()).hasSizeLessThan(300);
    }

    @Test
    void aJsonRpcErrorWithAnErrorStatusIsRelayedWithTheClientsId() {
        HttpResponse<String> response = Http.send(McpCall.request("relayed", "prompts/get", "\"name\":\"p\"")
                .header("Mcp-Name", "p").httpRequest(gateway.uri()));

        assertThat(response.statusCode()).isEqualTo(404);
        JsonNode answer = Json.parse(response.body());
        assertThat(answer.path("id").asText()).isEqualTo("relayed");
        assertThat(answer.path("error").path("code").asInt()).isEqualTo(-32601);
    }

    @Test
    void theGatewayKeepsServingAfterEachFailure() {
        Http.send(McpCall.toolsCall("fail-1", "html_error", "{}").httpRequest(gateway.uri()));
        Http.send(McpCall.toolsCall("fail-2", "exception_body", "{}").httpRequest(gateway.uri()));

        HttpResponse<String> response = Http.send(McpCall.toolsCall("after", "echo", "{\"message\":\"ok\"}")
                .httpRequest(gateway.uri()));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(Json.parse(response.body()).path("result").path("content").get(0).path("text").asText())
                .isEqualTo("Echo: ok");
    }
}
