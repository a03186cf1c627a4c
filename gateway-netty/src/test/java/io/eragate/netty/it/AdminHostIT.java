package io.eragate.netty.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.netty.testing.ModernFixtureUpstream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The admin port's DNS-rebinding defence on real sockets: {@code /admin/*} and the dashboard answer only to an
 * allowed {@code Host} (and {@code Origin}, when present); the probes and the scrape answer to any.
 */
class AdminHostIT {
    private static ModernFixtureUpstream upstream;
    private static TestGateway gateway;

    @BeforeAll
    static void start() {
        upstream = ModernFixtureUpstream.start();
        gateway = TestGateway.modern(upstream.uri());
    }

    @AfterAll
    static void stop() {
        gateway.close();
        upstream.close();
    }

    private static RawResponse get(String path, String host, String... extraLines) {
        StringBuilder request = new StringBuilder("GET ").append(path).append(" HTTP/1.1\r\nHost: ").append(host)
                .append("\r\nConnection: close\r\n");
        for (String line : extraLines) {
            request.append(line).append("\r\n");
        }
        try (RawConnection connection = RawConnection.open(gateway.server().adminAddress())) {
            connection.send(request.append("\r\n").toString());
            return connection.readResponse();
        }
    }

    private static String localHost() {
        return "127.0.0.1:" + gateway.server().adminAddress().getPort();
    }

    @Test
    void theEraReportAnswersALocalHost() {
        RawResponse response = get("/admin/eras", localHost());

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().isObject()).isTrue();
    }

    @Test
    void theEraReportRefusesARebindingHostWithAJson403() {
        RawResponse response = get("/admin/eras", "evil.example.com:" + gateway.server().adminAddress().getPort());

        assertThat(response.status()).isEqualTo(403);
        assertThat(response.head().first("Content-Type")).hasValue("application/json");
        assertThat(response.json().path("error").asText()).contains("Host \"evil.example.com:");
        assertThat(response.text()).doesNotContain(TestGateway.UPSTREAM).doesNotContain(upstream.uri().toString());
    }

    @Test
    void theEraReportRefusesAForeignOrigin() {
        RawResponse response = get("/admin/eras", localHost(), "Origin: http://evil.example.com");

        assertThat(response.status()).isEqualTo(403);
        assertThat(response.json().path("error").asText()).contains("Origin \"http://evil.example.com\"");
    }

    @Test
    void theDashboardPathIsCheckedToo() {
        assertThat(get("/", "evil.example.com").status()).isEqualTo(403);
    }

    @Test
    void probesAndTheScrapeAnswerAnyHost() {
        assertThat(get("/healthz", "10.1.2.3:9090").status()).isEqualTo(200);
        assertThat(get("/readyz", "10.1.2.3:9090").status()).isEqualTo(200);
        assertThat(get("/metrics", "10.1.2.3:9090").status()).as("not refused for its Host").isNotEqualTo(403);
    }
}
