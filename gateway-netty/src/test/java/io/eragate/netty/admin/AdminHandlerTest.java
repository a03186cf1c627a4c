package io.eragate.netty.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.health.ReadinessVerdict;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class AdminHandlerTest {
    private final AtomicReference<ReadinessVerdict> verdict =
            new AtomicReference<>(new ReadinessVerdict(true, "ready", List.of()));
    private final AdminPages pages = new AdminPages();

    @Test
    void readyzAnswersTheVerdictWithItsReasons() {
        assertThat(get("/readyz")).isEqualTo("200 {\"status\":\"ready\",\"reasons\":[]}");

        verdict.set(new ReadinessVerdict(false, "unavailable", List.of("route /mcp: x is down")));

        assertThat(get("/readyz"))
                .isEqualTo("503 {\"status\":\"unavailable\",\"reasons\":[\"route /mcp: x is down\"]}");
    }

    @Test
    void healthzStaysUpWhileNotReady() {
        verdict.set(new ReadinessVerdict(false, "draining", List.of("the gateway is shutting down")));

        assertThat(get("/healthz")).isEqualTo("200 {\"status\":\"ok\"}");
    }

    @Test
    void theRootIsTheSelfContainedDashboardPage() {
        FullHttpResponse response = exchange("/");
        try {
            String body = response.content().toString(StandardCharsets.UTF_8);
            assertThat(response.status().code()).isEqualTo(200);
            assertThat(response.headers().get(HttpHeaderNames.CONTENT_TYPE)).isEqualTo("text/html; charset=utf-8");
            assertThat(response.headers().get("Content-Security-Policy")).contains("default-src 'none'")
                    .contains("connect-src 'self'");
            assertThat(body).contains("<title>Eragate — migration dashboard</title>")
                    .contains("fetch(path").contains("/admin/upstreams").contains("/admin/traffic")
                    .doesNotContain("<script src").doesNotContain("<link");
        } finally {
            response.release();
        }
    }

    private String get(String path) {
        FullHttpResponse response = exchange(path);
        try {
            return response.status().code() + " " + response.content().toString(StandardCharsets.UTF_8);
        } finally {
            response.release();
        }
    }

    private FullHttpResponse exchange(String path) {
        EmbeddedChannel channel = new EmbeddedChannel(new AdminHandler(verdict::get, pages));
        channel.writeInbound(new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, path));
        FullHttpResponse response = channel.readOutbound();
        channel.finishAndReleaseAll();
        return response;
    }
}
