package io.eragate.core.security;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UpstreamTextRedactionTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        // file paths, with line and column
        "Error: ENOENT: no such file, open '/srv/app/data/tools.json' | Error: ENOENT: no such file, open '[path]'",
        "at handler (/home/deploy/app/src/server.js:42:13) | at handler ([path])",
        "Traceback in /usr/lib/python3.12/site-packages/mcp/x.py:88 | Traceback in [path]",
        "failed reading ~/.config/mcp/secrets.yaml | failed reading [path]",
        "open C:\\Users\\svc\\AppData\\mcp\\config.json failed | open [path] failed",
        "share \\\\fileserver\\mcp\\tools unreachable | share [path] unreachable",
        "see file:///opt/mcp/logs/error.log | see [path]",
        // URLs, addresses, host:port
        "upstream http://10.0.3.7:8080/internal/mcp timed out | upstream [url] timed out",
        "connect to 192.168.1.20:5432 refused | connect to [address] refused",
        "redis at cache.internal.example:6379 is down | redis at [address] is down",
        "bound to [fd00::12]:9000 | bound to [address]",
        // credentials
        "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.abc.def rejected | Authorization: Bearer [redacted] rejected",
        "login with password=hunter2&user=bob failed | login with password=[redacted]&user=bob failed",
        "{\"api_key\": \"sk-live-123456\"} invalid | {\"api_key\": \"[redacted]\"} invalid",
        "token: abcdef123456 expired | token: [redacted] expired",
        // what must stay: plain words, one-segment paths, versions, times, ratios
        "502 Bad Gateway nginx/1.25.3 | 502 Bad Gateway nginx/1.25.3",
        "tool echo failed: input must be and/or a number | tool echo failed: input must be and/or a number",
        "POST /mcp answered 503 at 12:30:45, retry in 5s | POST /mcp answered 503 at 12:30:45, retry in 5s",
        "version 2.1.0 rejected the request | version 2.1.0 rejected the request",
    })
    void removesUpstreamInternalsAndKeepsTheRest(String upstreamText, String shown) {
        assertThat(UpstreamTextRedaction.redact(upstreamText)).isEqualTo(shown);
    }
}
