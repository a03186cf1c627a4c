package io.eragate.netty.cli;

import static io.eragate.netty.cli.AdminProbe.await;
import static io.eragate.netty.cli.AdminProbe.echo;
import static io.eragate.netty.cli.AdminProbe.get;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.config.ConfigLoader;
import io.eragate.core.config.GatewayConfig;
import io.eragate.netty.server.GatewayServer;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** {@code /readyz} follows what the routes' upstreams can do, learned without probing them per request. */
class ReadinessIT {

    @Test
    void theOnlyStdioUpstreamPausedAfterACrashLoopMakesTheGatewayUnready() throws Exception {
        GatewayConfig config = ConfigLoader.parse("""
                listen: { host: 127.0.0.1, port: 0 }
                admin: { host: 127.0.0.1, port: 0 }
                upstreams:
                  - { name: crasher, era: modern, command: [sh, -c, "exit 3"] }
                routes:
                  - { path: /mcp, upstream: crasher }
                """, "crash-loop.yaml");

        try (GatewayServer server = GatewayServer.start(config)) {
            int admin = server.adminAddress().getPort();

            AdminProbe.Answer paused = await(() -> get(admin, "/readyz"),
                    answer -> answer.body().contains("paused"), "readiness to report the paused restarts");

            assertThat(paused.status()).isEqualTo(503);
            JsonNode body = paused.json();
            assertThat(body.path("status").asText()).isEqualTo("unavailable");
            assertThat(body.path("reasons").get(0).asText())
                    .startsWith("route /mcp: no upstream can serve: crasher is paused (process crasher#0 crashed"
                            + " repeatedly; restarts are paused until ");
            assertThat(get(admin, "/healthz").status()).as("liveness stays up").isEqualTo(200);
        }
    }

    @Test
    void anHttpUpstreamIsDownFromAFailedConnectionUntilARecheckConnects() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        GatewayConfig config = ConfigLoader.parse("""
                listen: { host: 127.0.0.1, port: 0 }
                admin: { host: 127.0.0.1, port: 0 }
                upstreams:
                  - { name: away, url: "http://127.0.0.1:%d/mcp", era: modern }
                routes:
                  - { path: /mcp, upstream: away }
                health: { upstreamRecheckInterval: 100ms }
                """.formatted(port), "down.yaml");

        try (GatewayServer server = GatewayServer.start(config)) {
            int admin = server.adminAddress().getPort();
            assertThat(get(admin, "/readyz").status()).as("untried upstreams count as able to serve").isEqualTo(200);

            assertThat(echo(server.listenAddress().getPort(), "/mcp", "nobody listens").status()).isEqualTo(502);
            AdminProbe.Answer down = get(admin, "/readyz");

            assertThat(down.status()).isEqualTo(503);
            assertThat(down.json().path("reasons").get(0).asText())
                    .startsWith("route /mcp: no upstream can serve: away is down (connections fail since ");
            try (ServerSocket back = new ServerSocket(port, 50, InetAddress.getLoopbackAddress())) {
                await(() -> get(admin, "/readyz").status(), status -> status == 200,
                        "readiness once a re-check connects");
                assertThat(get(admin, "/admin/upstreams").json().path("upstreams").get(0).path("health").asText())
                        .isEqualTo("available");
            }
        }
    }
}
