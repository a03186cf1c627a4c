package io.eragate.core.frontdoor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** One row per head the gateway must refuse or let through, with the exact status and what the message names. */
class HttpFramingTest {

    private static List<String> fields(String values) {
        return values == null ? List.of() : Arrays.asList(values.split("\\|"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', nullValues = "-", textBlock = """
        HTTP/1.1 plain                 ; HTTP/1.1 ; /mcp        ; -              ; -        ; 0   ; -
        HTTP/1.0 plain                 ; HTTP/1.0 ; /mcp        ; -              ; -        ; 0   ; -
        chunked                        ; HTTP/1.1 ; /mcp        ; chunked        ; -        ; 0   ; -
        chunked in capitals            ; HTTP/1.1 ; /mcp        ; Chunked        ; -        ; 0   ; -
        query string                   ; HTTP/1.1 ; /mcp?a=b    ; -              ; -        ; 0   ; -
        HTTP/9.9                       ; HTTP/9.9 ; /mcp        ; -              ; -        ; 505 ; "HTTP/9.9"
        HTTP/2.0 in a request line     ; HTTP/2.0 ; /mcp        ; -              ; -        ; 505 ; "HTTP/2.0"
        HTTP/1.2                       ; HTTP/1.2 ; /mcp        ; -              ; -        ; 505 ; "HTTP/1.2"
        not HTTP                       ; RTSP/1.0 ; /mcp        ; -              ; -        ; 400 ; "RTSP/1.0"
        fragment                       ; HTTP/1.1 ; /mcp#frag   ; -              ; -        ; 400 ; "/mcp#frag"
        fragment after a query         ; HTTP/1.1 ; /mcp?a#b    ; -              ; -        ; 400 ; #fragment
        gzip then chunked              ; HTTP/1.1 ; /mcp        ; gzip, chunked  ; -        ; 501 ; "gzip, chunked"
        gzip and chunked in two fields ; HTTP/1.1 ; /mcp        ; gzip|chunked   ; -        ; 501 ; "gzip, chunked"
        chunked then gzip ; HTTP/1.1 ; /mcp ; chunked, gzip ; - ; 400 ; does not end with "chunked"
        gzip alone ; HTTP/1.1 ; /mcp ; gzip ; - ; 400 ; does not end with "chunked"
        chunked twice                  ; HTTP/1.1 ; /mcp        ; chunked,chunked; -        ; 400 ; more than once
        empty coding ; HTTP/1.1 ; /mcp ; ' ' ; - ; 400 ; does not end with "chunked"
        chunked on HTTP/1.0            ; HTTP/1.0 ; /mcp        ; chunked        ; -        ; 400 ; HTTP/1.0
        Content-Encoding gzip          ; HTTP/1.1 ; /mcp        ; -              ; gzip     ; 415 ; "gzip"
        Content-Encoding identity      ; HTTP/1.1 ; /mcp        ; -              ; identity ; 415 ; "identity"
        """)
    void heads(String what, String protocol, String target, String transferEncodings, String contentEncodings,
            int status, String named) {
        Optional<Rejection> verdict = HttpFraming.checkHead(protocol, target, fields(transferEncodings),
                fields(contentEncodings));

        if (status == 0) {
            assertThat(verdict).as(what).isEmpty();
            return;
        }
        Rejection rejection = verdict.orElseThrow(() -> new AssertionError(what + ": accepted"));
        assertThat(rejection.httpStatus()).as(what).isEqualTo(status);
        assertThat(rejection.id()).as(what + ": no body was read, so no id").isNull();
        assertThat(rejection.error().message()).as(what).contains(named);
        assertThat(new String(rejection.body(), StandardCharsets.UTF_8)).as(what + ": a JSON-RPC error body")
                .startsWith("{\"jsonrpc\":\"2.0\"").contains("\"id\":null");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', nullValues = "-", textBlock = """
        ASCII JSON                     ; 7b2261223a317d             ; -
        UTF-8 with multibyte           ; 7b2261223a22c3a9227d       ; -
        UTF-8 byte order mark          ; efbbbf7b7d                 ; -
        empty                          ; ''                         ; -
        UTF-16BE byte order mark       ; feff007b007d               ; UTF-16BE byte order mark
        UTF-16LE byte order mark       ; fffe7b007d00               ; UTF-16LE byte order mark
        UTF-32BE byte order mark       ; 0000feff0000007b           ; UTF-32BE byte order mark
        UTF-32LE byte order mark       ; fffe00007b000000           ; UTF-32LE byte order mark
        UTF-16 without a mark          ; 007b007d                   ; NUL bytes
        lone continuation byte         ; 7b80                       ; invalid UTF-8
        overlong encoding of slash     ; 7bc0af7d                   ; invalid UTF-8
        encoded surrogate              ; 7beda080                   ; invalid UTF-8
        truncated sequence             ; 7be282                     ; invalid UTF-8
        """)
    void bodies(String what, String hex, String problem) {
        byte[] body = HexFormat.of().parseHex(hex);

        Optional<String> verdict = HttpFraming.utf8Problem(body);

        if (problem == null) {
            assertThat(verdict).as(what).isEmpty();
        } else {
            assertThat(verdict).as(what).get().asString().contains(problem);
        }
    }
}
