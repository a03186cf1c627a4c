package io.eragate.netty.upstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import org.junit.jupiter.api.Test;

class UpstreamTargetTest {

    @Test
    void httpUrlWithPortAndQuery() {
        UpstreamTarget target = UpstreamTarget.of("a", URI.create("http://127.0.0.1:3001/mcp?tenant=x"));
        assertThat(target.host()).isEqualTo("127.0.0.1");
        assertThat(target.port()).isEqualTo(3001);
        assertThat(target.pathAndQuery()).isEqualTo("/mcp?tenant=x");
        assertThat(target.hostHeader()).isEqualTo("127.0.0.1:3001");
        assertThat(target.tls()).isFalse();
    }

    @Test
    void httpsUrlDefaultsToPort443AndTls() {
        UpstreamTarget target = UpstreamTarget.of("b", URI.create("https://mcp.example.com/v1"));
        assertThat(target.port()).isEqualTo(443);
        assertThat(target.tls()).isTrue();
        assertThat(target.hostHeader()).isEqualTo("mcp.example.com");
    }

    @Test
    void ipv6LiteralIsConnectedWithoutBracketsButSentWithThem() {
        UpstreamTarget target = UpstreamTarget.of("c", URI.create("http://[::1]:8080/mcp"));
        assertThat(target.host()).isEqualTo("::1");
        assertThat(target.hostHeader()).isEqualTo("[::1]:8080");
    }

    @Test
    void emptyPathBecomesSlash() {
        assertThat(UpstreamTarget.of("d", URI.create("http://h:1")).pathAndQuery()).isEqualTo("/");
    }

    @Test
    void otherSchemesAreRefused() {
        assertThatThrownBy(() -> UpstreamTarget.of("e", URI.create("ftp://h/x")))
                .hasMessageContaining("http or https");
    }
}
