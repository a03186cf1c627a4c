package io.eragate.netty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.netty.testing.Await;
import io.eragate.netty.testing.GatewayProcess;
import io.eragate.netty.testing.ModernFixtureUpstream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged gateway started with SIGHUP ignored, as {@code nohup} starts it: the JVM then installs no SIGHUP
 * handler and every SIGHUP is lost, so the gateway says at start that SIGHUP cannot reload it (this is how
 * {@code ReloadIT}'s SIGHUP test failed in runs whose Maven inherited an ignored SIGHUP: no reload, and no trace).
 */
class HangupIgnoredIT {
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void aGatewayStartedWithSighupIgnoredWarnsThatSighupCannotReloadIt() throws Exception {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.start();
                GatewayProcess gateway = GatewayProcess.startUnder(List.of("nohup"), dir, """
                        listen: { host: 127.0.0.1, port: 0 }
                        admin: { host: 127.0.0.1, port: 0 }
                        upstreams:
                          - { name: modern, url: "%s", era: modern }
                        routes:
                          - { path: /mcp, upstream: modern }
                        reload: { watch: false }
                        """.formatted(upstream.uri()))) {
            gateway.awaitPort(WAIT);

            Await.until("the SIGHUP warning is logged", WAIT,
                    () -> gateway.stderrText().contains("SIGHUP is ignored by this process"), gateway::stderrText);
            assertThat(gateway.stderrText()).contains("set reload.watch: true");
        }
    }
}
