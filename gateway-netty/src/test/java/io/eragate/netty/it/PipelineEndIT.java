package io.eragate.netty.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.netty.testing.ModernFixtureUpstream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A request whose connection ends badly behind it, on real sockets: followed by garbage, by a half-close
 * ({@code shutdown(SHUT_WR)}), or by a body over the limit. Each still gets its answer, in order, before whatever
 * comes after it is answered and the connection is closed.
 */
class PipelineEndIT {

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            all.writeBytes(part);
        }
        return all.toByteArray();
    }

    private static byte[] slowCall(String id, TestGateway gateway) {
        return McpCall.toolsCall(id, "slow", "{\"ms\":300}").raw(TestGateway.PATH, gateway.hostHeader());
    }

    @Test
    void aValidRequestFollowedByGarbageGetsItsAnswerBeforeThe400() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start();
                TestGateway gateway = TestGateway.modern(upstream.uri());
                RawConnection connection = gateway.connect()) {
            connection.send(concat(slowCall("g1", gateway),
                    "GARBAGE GARBAGE GARBAGE\r\n\r\n".getBytes(StandardCharsets.US_ASCII)));

            RawResponse first = connection.readResponse();
            RawResponse second = connection.readResponse();

            assertThat(first.status()).isEqualTo(200);
            assertThat(first.json().path("id").asText()).isEqualTo("g1");
            assertThat(second.status()).isEqualTo(400);
            assertThat(second.json().path("error").path("code").asInt()).isEqualTo(-32600);
            assertThat(second.head().first("Connection")).hasValue("close");
            assertThat(connection.closedByPeer()).isTrue();
        }
    }

    @Test
    void theEndOfInputWhileARequestRunsClosesTheConnection() {
        // A FIN mid-request is taken as the client leaving (see McpRequestHandler): the request is cancelled
        // upstream, which SseRelayIT checks, and the connection closes rather than waiting for an answer.
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start();
                TestGateway gateway = TestGateway.modern(upstream.uri());
                RawConnection connection = gateway.connect()) {
            connection.send(slowCall("h1", gateway)).halfClose();

            assertThat(connection.closedByPeer()).isTrue();
        }
    }

    @Test
    void aBodyOverTheLimitBehindARequestInFlightIsAnswered413AfterIt() {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start();
                TestGateway gateway = TestGateway.modern(upstream.uri(), TestLimits.defaults().maxBodyBytes(1024));
                RawConnection connection = gateway.connect()) {
            String big = "x".repeat(2048);
            connection.send(concat(slowCall("b1", gateway),
                    McpCall.toolsCall("b2", "echo", "{\"message\":\"" + big + "\"}")
                            .raw(TestGateway.PATH, gateway.hostHeader())));

            RawResponse first = connection.readResponse();
            RawResponse second = connection.readResponse();

            assertThat(first.status()).isEqualTo(200);
            assertThat(first.json().path("id").asText()).isEqualTo("b1");
            assertThat(second.status()).isEqualTo(413);
            assertThat(second.json().path("error").path("data").path("limitBytes").asInt()).isEqualTo(1024);
            assertThat(connection.closedByPeer()).isTrue();
        }
    }
}
