package io.eragate.core.legacysse;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.era.ProbeAnswer;
import io.eragate.core.era.ProbeClassifier;
import io.eragate.core.mcp.ProtocolVersions;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HttpSseFallbackTest {

    @ParameterizedTest(name = "{0} {1} -> {3}")
    @CsvSource(delimiter = '|', value = {
            // Express without a POST route (server-everything in sse mode): HTML 404.
            "404 | text/html | <!DOCTYPE html><pre>Cannot POST /sse</pre> | true",
            "405 | ''        | ''                                          | true",
            "400 | text/plain| bad request                                 | true",
            // TS SDK v1 Streamable HTTP: a JSON-RPC error, so JSON-RPC is spoken over POST here.
            "400 | application/json | {\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32000,\"message\":\"Bad Request\"},"
                    + "\"id\":null} | false",
            "401 | text/html | nope                                        | false",
            "500 | text/html | oops                                        | false"})
    void onlyAProbeRefusedWithoutJsonRpcLeavesRoomForHttpSse(int status, String type, String body, boolean expected) {
        String detail = ProbeClassifier.classify(ProbeAnswer.http(status, type.isEmpty() ? null : type, body),
                ProtocolVersions.MODERN).why();

        assertThat(HttpSseFallback.probeAllowsHttpSse(detail)).as(detail).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
            "404 | Cannot POST /sse | true",
            "405 | ''               | true",
            "400 | {\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32000,\"message\":\"Bad Request\"},\"id\":null} | true",
            "400 | {\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32022,\"message\":\"v\","
                    + "\"data\":{\"supported\":[\"2026-07-28\"]}}} | false",
            "404 | {\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32601,\"message\":\"Method not found\"}} | false",
            "400 | {\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32601,\"message\":\"Method not found\"}} | true",
            "200 | {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}} | false",
            "403 | forbidden        | false",
            "502 | ''               | false"})
    void anInitializeRefusedWithoutAModernErrorSendsTheClientToHttpSse(int status, String body, boolean expected) {
        assertThat(HttpSseFallback.initializeRefused(status, body.getBytes(StandardCharsets.UTF_8)))
                .isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} + {1}")
    @CsvSource(delimiter = '|', value = {
            "http://127.0.0.1:3001/sse | /message?sessionId=abc | http://127.0.0.1:3001/message?sessionId=abc",
            "http://127.0.0.1:3001/mcp/sse | messages?s=1 | http://127.0.0.1:3001/mcp/messages?s=1",
            "http://127.0.0.1:3001/sse       | ' http://127.0.0.1:3001/m?x=1 ' | http://127.0.0.1:3001/m?x=1",
            "https://mcp.example.com/sse     | https://mcp.example.com:443/m   | https://mcp.example.com:443/m",
            "http://127.0.0.1:3001/sse       | http://evil.example/message     | ''",
            "http://127.0.0.1:3001/sse       | http://127.0.0.1:3002/message   | ''",
            "http://127.0.0.1:3001/sse       | https://127.0.0.1:3001/message  | ''",
            "http://127.0.0.1:3001/sse       | //evil.example/message          | ''",
            "http://127.0.0.1:3001/sse       | http://u:p@127.0.0.1:3001/m     | ''",
            "http://127.0.0.1:3001/sse       | 'http://bad host/'              | ''",
            "http://127.0.0.1:3001/sse       | ''                              | ''"})
    void theEndpointIsResolvedAgainstTheSseUrlAndMustKeepItsOrigin(String sse, String data, String expected) {
        Optional<URI> endpoint = HttpSseFallback.endpoint(URI.create(sse), data);

        assertThat(endpoint.map(URI::toString).orElse("")).isEqualTo(expected);
    }
}
