package io.eragate.core.frontdoor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
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
        UTF-16LE mark, 3 bytes         ; fffe00                     ; UTF-16LE byte order mark
        UTF-32LE mark alone            ; fffe0000                   ; UTF-32LE byte order mark
        UTF-32BE mark alone            ; 0000feff                   ; UTF-32BE byte order mark
        UTF-32BE mark cut short        ; 0000fe                     ; NUL bytes
        UTF-16 without a mark          ; 007b007d                   ; NUL bytes
        four-byte sequence             ; 7bf09f98807d               ; -
        above U+10FFFF                 ; 7bf49080807d               ; invalid UTF-8
        overlong four-byte form        ; 7bf08f80807d               ; invalid UTF-8
        truncated four-byte sequence   ; 7bf09f98                   ; invalid UTF-8
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

    /**
     * The in-place UTF-8 check agrees with the JDK's strict decoder, which it replaced: on every sequence of one and
     * two bytes, on every three-byte sequence with a non-ASCII lead, and on 200,000 random short sequences drawn
     * from the bytes where UTF-8's rules change (the boundaries of the lead and continuation ranges), each also after
     * an ASCII prefix and before an ASCII suffix.
     */
    @Test
    void theUtf8CheckAgreesWithTheJdksDecoder() {
        for (int a = 0; a < 256; a++) {
            agree(new byte[] {(byte) a});
            for (int b = 0; b < 256; b++) {
                agree(new byte[] {(byte) a, (byte) b});
            }
        }
        int[] edges = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
            0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFF};
        for (int a = 0x80; a < 256; a++) {
            for (int b : edges) {
                for (int c : edges) {
                    agree(new byte[] {(byte) a, (byte) b, (byte) c});
                }
            }
        }
        Random random = new Random(16);
        for (int round = 0; round < 200_000; round++) {
            byte[] bytes = new byte[1 + random.nextInt(6)];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = (byte) edges[random.nextInt(edges.length)];
            }
            agree(bytes);
        }
    }

    private static void agree(byte[] bytes) {
        byte[] framed = new byte[bytes.length + 2];
        framed[0] = '{';
        System.arraycopy(bytes, 0, framed, 1, bytes.length);
        framed[framed.length - 1] = '}';
        for (byte[] candidate : List.of(bytes, framed)) {
            assertThat(HttpFraming.isUtf8(candidate)).as(HexFormat.of().formatHex(candidate))
                    .isEqualTo(jdkDecodes(candidate));
        }
    }

    private static boolean jdkDecodes(byte[] bytes) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }
}
