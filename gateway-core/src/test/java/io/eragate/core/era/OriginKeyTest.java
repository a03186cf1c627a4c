package io.eragate.core.era;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class OriginKeyTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "http://127.0.0.1:3001/mcp,          http, 127.0.0.1,       3001, /mcp",
        "HTTP://MCP.Example.COM/MCP,         http, mcp.example.com, 80,   /MCP",
        "https://mcp.example.com,            https, mcp.example.com, 443, /",
        "https://mcp.example.com:8443/a%20b/, https, mcp.example.com, 8443, /a%20b/",
        "http://[::1]:9000/mcp?tenant=x#top, http, [::1],           9000, /mcp",
        "ws://localhost/mcp,                 ws,   localhost,       80,   /mcp",
        "ftp://files.example.com:21/mcp,     ftp,  files.example.com, 21, /mcp"
    })
    void normalizes(String url, String scheme, String host, int port, String path) {
        assertThat(OriginKey.of(URI.create(url))).isEqualTo(new OriginKey(scheme, host, port, path));
    }

    @Test
    void defaultPortsAndCaseDoNotMakeADifferentOrigin() {
        assertThat(OriginKey.of(URI.create("http://Example.com:80")))
                .isEqualTo(OriginKey.of(URI.create("HTTP://example.COM/")));
    }

    @Test
    void pathsStayDistinct() {
        assertThat(OriginKey.of(URI.create("http://h/mcp"))).isNotEqualTo(OriginKey.of(URI.create("http://h/mcp/")));
        assertThat(OriginKey.of(URI.create("http://h/a/mcp"))).isNotEqualTo(OriginKey.of(URI.create("http://h/b/mcp")));
    }

    @Test
    void printsWithAnExplicitPortAndNoCredentials() {
        OriginKey origin = OriginKey.of(URI.create("http://user:secret@127.0.0.1/mcp"));

        assertThat(origin).hasToString("http://127.0.0.1:80/mcp");
    }

    @Test
    void rejectsUrlsWithoutSchemeHostOrKnownPort() {
        assertThatThrownBy(() -> OriginKey.of(URI.create("/mcp"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> OriginKey.of(URI.create("mailto:a@b.c"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> OriginKey.of(URI.create("gopher://user:secret@h/mcp")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageNotContaining("secret");
        assertThatThrownBy(() -> new OriginKey("http", "h", 0, "/")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new OriginKey("http", "h", 80, "mcp")).isInstanceOf(IllegalArgumentException.class);
    }
}
