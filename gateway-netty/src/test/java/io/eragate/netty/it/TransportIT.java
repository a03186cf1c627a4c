package io.eragate.netty.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.eragate.core.config.AdminConfig;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.GatewayConfig;
import io.eragate.core.config.ListenConfig;
import io.eragate.core.config.RouteConfig;
import io.eragate.core.config.TransportSetting;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.netty.server.GatewayServer;
import io.eragate.netty.testing.ModernFixtureUpstream;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.uring.IoUring;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code listen.transport}: each native transport, where this kernel allows it, serves a pass-through call end to end
 * (client leg and upstream leg), and the default stays epoll.
 */
class TransportIT {

    @ParameterizedTest
    @CsvSource({"AUTO, epoll", "EPOLL, epoll", "IO_URING, io_uring", "NIO, nio"})
    void theChosenTransportCarriesAPassThroughCall(TransportSetting setting, String expected) throws Exception {
        assumeTrue(!expected.equals("epoll") || Epoll.isAvailable(), "epoll is not available here");
        assumeTrue(!expected.equals("io_uring") || IoUring.isAvailable(), () -> "io_uring is not available here: "
                + IoUring.unavailabilityCause());
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start();
                GatewayServer gateway = GatewayServer.start(config(upstream.uri(), setting))) {
            assertThat(gateway.transport()).isEqualTo(expected);

            McpCall call = McpCall.toolsCall("t-1", "echo", "{\"message\":\"over " + expected + "\"}");
            HttpResponse<String> answer = Http.send(call.httpRequest(
                    URI.create("http://127.0.0.1:" + gateway.listenAddress().getPort() + TestGateway.PATH)));

            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
            assertThat(answer.body()).contains("over " + expected).contains("\"t-1\"");
        }
    }

    private static GatewayConfig config(URI upstream, TransportSetting setting) {
        return GatewayConfig.defaults()
                .withListen(new ListenConfig("127.0.0.1", 0, 0, null, setting))
                .withAdmin(new AdminConfig("127.0.0.1", 0))
                .withUpstreams(List.of(new UpstreamConfig(TestGateway.UPSTREAM, upstream, EraSetting.MODERN)))
                .withRoutes(List.of(new RouteConfig(TestGateway.PATH, TestGateway.UPSTREAM)));
    }
}
