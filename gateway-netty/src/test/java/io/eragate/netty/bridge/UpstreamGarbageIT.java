package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.config.EraSetting;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Upstreams that answer a running {@code tools/call} with something other than MCP, over real sockets, for both a
 * modern upstream (relayed) and a legacy one (bridged): a connection reset mid-answer, bytes that are not HTTP, and
 * an HTML error page from a proxy naming its file paths and addresses. The client gets 502 / -32603 for its own id,
 * {@code data.outcome: "unknown"} (the tool may have run), nothing of the upstream's insides, and the call is never
 * sent twice.
 */
class UpstreamGarbageIT {
    private static final String PROXY_PAGE = "<html><head><title>502 Bad Gateway</title></head><body>"
            + "<h1>502 Bad Gateway</h1><p>upstream 10.20.30.40:8080 failed: connect() to "
            + "unix:/var/run/mcp/tools.sock failed (see /etc/nginx/conf.d/mcp.conf:12)</p>"
            + "<hr><center>nginx</center></body></html>";

    /** How the upstream answers the call it started running. */
    enum Fault {
        RESET_MID_ANSWER(exchange -> {
            byte[] head = ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n"
                    + "{\"jsonrpc\":\"2.0\",\"id\":").getBytes(StandardCharsets.US_ASCII);
            exchange.raw(head);
            exchange.reset();
        }),
        GARBAGE_BYTES(exchange -> {
            exchange.raw(new byte[] {0x16, 0x03, 0x01, 0x00, (byte) 0xff, 'g', 'a', 'r', 'b', 'a', 'g', 'e', '\r',
                '\n', '\r', '\n'});
            exchange.die();
        }),
        HTML_ERROR_PAGE_FROM_A_PROXY(exchange -> {
            byte[] page = PROXY_PAGE.getBytes(StandardCharsets.UTF_8);
            exchange.raw(("HTTP/1.1 502 Bad Gateway\r\nServer: nginx\r\nContent-Type: text/html\r\n"
                    + "Content-Length: " + page.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            exchange.raw(page);
        });

        private final ScriptedUpstream.Script script;

        Fault(ScriptedUpstream.Script script) {
            this.script = script;
        }
    }

    private static ModernAnswer send(BridgeGateway gateway, ModernRequest request) {
        try {
            return gateway.client("up").sendAsync(request).get(30, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("the answer did not end within 30 s", e);
        } catch (ExecutionException e) {
            throw new AssertionError("the answer failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    @ParameterizedTest
    @EnumSource(Fault.class)
    void aModernUpstreamsFaultReachesTheClientAsAnErrorForItsIdWithNoInternals(Fault fault) {
        AtomicInteger ran = new AtomicInteger();
        try (ScriptedUpstream upstream = ScriptedUpstream.start(exchange -> {
                ran.incrementAndGet();
                fault.script.answer(exchange);
            });
             BridgeGateway gateway = BridgeGateway.builder().upstream("up", upstream.uri(), EraSetting.MODERN)
                     .start()) {
            assertFaultAnswer(send(gateway, ModernRequest.toolCall(71, "side_effect", "{}")), 71);
            assertThat(ran).as("sent once, never again").hasValue(1);
        }
    }

    @ParameterizedTest
    @EnumSource(Fault.class)
    void aLegacyUpstreamsFaultReachesTheClientAsAnErrorForItsIdWithNoInternals(Fault fault) {
        AtomicInteger ran = new AtomicInteger();
        try (ScriptedUpstream upstream = ScriptedUpstream.start(new LegacyScript(exchange -> {
                ran.incrementAndGet();
                fault.script.answer(exchange);
            }));
             BridgeGateway gateway = BridgeGateway.builder().upstream("up", upstream.uri(), EraSetting.LEGACY)
                     .start()) {
            assertFaultAnswer(send(gateway, ModernRequest.toolCall(72, "side_effect", "{}")), 72);
            assertThat(ran).as("sent once, never replayed").hasValue(1);
            assertThat(upstream.count("initialize")).isEqualTo(1);
        }
    }

    private static void assertFaultAnswer(ModernAnswer answer, int id) {
        assertThat(answer.status()).as(answer.toString()).isEqualTo(502);
        JsonNode response = answer.response();
        assertThat(response.path("id").asInt()).as(answer.toString()).isEqualTo(id);
        assertThat(answer.error().path("code").asInt()).isEqualTo(-32603);
        assertThat(answer.error().path("data").path("outcome").asText()).as(answer.toString()).isEqualTo("unknown");
        assertThat(answer.body()).as("no upstream internals").doesNotContain("10.20.30.40", "/var/run", "/etc/nginx",
                "tools.sock", "<html", "<h1>");
    }
}
