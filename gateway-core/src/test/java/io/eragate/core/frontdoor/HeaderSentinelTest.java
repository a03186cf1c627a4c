package io.eragate.core.frontdoor;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.frontdoor.HeaderSentinel.DecodeResult;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class HeaderSentinelTest {

    @Test
    void encodesTheSpecExample() {
        assertThat(HeaderSentinel.encode("Hello, 世界")).isEqualTo("=?base64?SGVsbG8sIOS4lueVjA==?=");
        assertThat(HeaderSentinel.decode("=?base64?SGVsbG8sIOS4lueVjA==?="))
                .isEqualTo(new DecodeResult.FromBase64("Hello, 世界"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"echo", "tools/call", "test://static-text", "a b", "get_weather.v2", "x=?base64?y"})
    void plainValuesStayPlain(String value) {
        assertThat(HeaderSentinel.needsEncoding(value)).isFalse();
        assertThat(HeaderSentinel.encode(value)).isSameAs(value);
        assertThat(HeaderSentinel.decode(value)).isEqualTo(new DecodeResult.Literal(value));
    }

    static Stream<Arguments> valuesThatNeedTheSentinel() {
        return Stream.of(
                Arguments.of("non-ASCII", "café", "=?base64?Y2Fmw6k=?="),
                Arguments.of("leading space", " x", "=?base64?IHg=?="),
                Arguments.of("trailing tab", "x\t", "=?base64?eAk=?="),
                Arguments.of("interior tab", "a\tb", "=?base64?YQli?="),
                Arguments.of("line feed", "a\nb", "=?base64?YQpi?="),
                Arguments.of("NUL", "a\u0000b", "=?base64?YQBi?="),
                Arguments.of("DEL", "a\u007Fb", "=?base64?YX9i?="),
                Arguments.of("empty", "", "=?base64??="),
                Arguments.of("looks like a sentinel", "=?base64?SGVsbG8=?=", "=?base64?PT9iYXNlNjQ/U0dWc2JHOD0/PQ==?="),
                Arguments.of("prefix and suffix overlapping", "=?base64?=", "=?base64?PT9iYXNlNjQ/PQ==?="));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("valuesThatNeedTheSentinel")
    void encodesAndRoundTrips(String description, String value, String encoded) {
        assertThat(HeaderSentinel.needsEncoding(value)).isTrue();
        assertThat(HeaderSentinel.encode(value)).isEqualTo(encoded);
        assertThat(HeaderSentinel.decode(encoded)).isEqualTo(new DecodeResult.FromBase64(value));
    }

    static Stream<Arguments> invalidSentinels() {
        return Stream.of(
                Arguments.of("=?base64?SGVsbG8?=", "the Base64 payload length 7 is not a multiple of 4 (padding is "
                        + "required)"),
                Arguments.of("=?base64?SGVsbG8==?=", "the Base64 payload length 9 is not a multiple of 4 (padding is "
                        + "required)"),
                Arguments.of("=?base64?SGVs!!!bG8=?=", "the Base64 payload has the character '!' at position 4, "
                        + "outside the standard alphabet"),
                Arguments.of("=?base64?SGVs bG8=?=", "the Base64 payload has the character ' ' at position 4, "
                        + "outside the standard alphabet"),
                Arguments.of("=?base64?SGVsbG8_?=", "the Base64 payload has the character '_' at position 7, "
                        + "outside the standard alphabet"),
                Arguments.of("=?base64?SG=sbG8=?=", "the Base64 payload has the character '=' at position 2, "
                        + "outside the standard alphabet"),
                Arguments.of("=?base64?SGVsbG9=?=", "the Base64 payload is not canonical (non-zero bits before the "
                        + "padding)"),
                Arguments.of("=?base64?SGVsbA5=?=", "the Base64 payload is not canonical (non-zero bits before the "
                        + "padding)"),
                Arguments.of("=?base64?SGVsbA==?=", null),
                Arguments.of("=?base64?SGVsbB==?=", "the Base64 payload is not canonical (non-zero bits before the "
                        + "padding)"),
                Arguments.of("=?base64?====?=", "the Base64 payload ends with 4 padding characters; at most 2 are "
                        + "allowed"),
                Arguments.of("=?base64?/w==?=", "the Base64 payload does not decode to valid UTF-8"),
                Arguments.of("=?base64?7aCA?=", "the Base64 payload does not decode to valid UTF-8"),
                Arguments.of("=?base64?wK8=?=", "the Base64 payload does not decode to valid UTF-8"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidSentinels")
    void rejectsNonCanonicalOrNonUtf8Payloads(String header, String reason) {
        DecodeResult result = HeaderSentinel.decode(header);
        if (reason == null) {
            assertThat(result).isEqualTo(new DecodeResult.FromBase64("Hell"));
            return;
        }
        assertThat(result).isEqualTo(new DecodeResult.Invalid(reason));
        assertThat(result.isValid()).isFalse();
        assertThat(result.valueOrNull()).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"=?BASE64?SGVsbG8=?=", "=?Base64?SGVsbG8=?=", "=?base64?SGVsbG8=", "?base64?SGVsbG8=?=",
        "=?base64?=", " =?base64?SGVsbG8=?="})
    void anythingButTheExactLowercaseFormIsALiteral(String header) {
        assertThat(HeaderSentinel.decode(header)).isEqualTo(new DecodeResult.Literal(header));
    }

    @Test
    void emptyPayloadIsTheEmptyString() {
        assertThat(HeaderSentinel.decode("=?base64??=")).isEqualTo(new DecodeResult.FromBase64(""));
    }
}
