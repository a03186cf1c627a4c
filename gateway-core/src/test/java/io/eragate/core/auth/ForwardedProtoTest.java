package io.eragate.core.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ForwardedProtoTest {

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of(true, false, List.of("proto=http"), List.of("http"), "https"),
                Arguments.of(true, true, List.of("proto=http"), List.of(), "https"),
                Arguments.of(false, false, List.of("proto=https"), List.of("https"), "http"),
                Arguments.of(false, true, List.of(), List.of(), "http"),
                Arguments.of(false, true, List.of("for=192.0.2.1;proto=https;host=gw"), List.of(), "https"),
                Arguments.of(false, true, List.of("Proto=\"HTTPS\""), List.of(), "https"),
                Arguments.of(false, true, List.of("proto=https, proto=http"), List.of(), "https"),
                Arguments.of(false, true, List.of("for=192.0.2.1"), List.of("https"), "https"),
                Arguments.of(false, true, List.of("proto=http"), List.of("https"), "http"),
                Arguments.of(false, true, List.of(), List.of("https, http"), "https"),
                Arguments.of(false, true, List.of("proto=javascript"), List.of("gopher"), "http"));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void theSchemeIsTheListenersUnderTlsAndElseATrustedForwardedOne(boolean tls, boolean trusted,
            List<String> forwarded, List<String> forwardedProto, String expected) {
        assertThat(ForwardedProto.scheme(tls, trusted, forwarded, forwardedProto)).isEqualTo(expected);
    }
}
