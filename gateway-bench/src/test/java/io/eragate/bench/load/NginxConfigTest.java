package io.eragate.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class NginxConfigTest {

    private final String config = NginxConfig.render(Path.of("/tmp/run/nginx"), 18081, 33333);

    @Test
    void listensOnLoopbackOnlyAndProxiesToTheFixtureOverKeptAliveConnections() {
        assertThat(config).contains("listen 127.0.0.1:18081;", "server 127.0.0.1:33333;",
                "proxy_pass http://fixture;", "proxy_http_version 1.1;", "proxy_set_header Connection \"\";",
                "keepalive " + NginxConfig.UPSTREAM_KEEPALIVE + ";", "daemon off;", "access_log off;");
        assertThat(config).doesNotContain("listen 80", "0.0.0.0");
    }

    @Test
    void everyFileNginxWritesIsInsideTheRunDirectory() {
        Matcher paths = Pattern.compile("(?m)^\\s*(pid|error_log|client_body_temp_path|proxy_temp_path)\\s+(\\S+)")
                .matcher(config);
        int found = 0;
        while (paths.find()) {
            found++;
            assertThat(paths.group(2)).as(paths.group(1)).startsWith("/tmp/run/nginx/");
        }
        assertThat(found).isEqualTo(4);
    }

    @Test
    void braceBalanced() {
        assertThat(config.chars().filter(c -> c == '{').count())
                .isEqualTo(config.chars().filter(c -> c == '}').count());
    }
}
