package io.eragate.core.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class OriginPolicyTest {

    private static final OriginPolicy POLICY = OriginPolicy.of(
            List.of("http://localhost", "https://app.example.com:8443", "http://[::1]", "HTTPS://Admin.Example.COM"),
            List.of("localhost", "127.0.0.1:8080", "[::1]", "Gateway.Example.com"));

    static Stream<Arguments> origins() {
        return Stream.of(
                Arguments.of(List.of(), null),
                Arguments.of(List.of("http://localhost"), null),
                Arguments.of(List.of("http://localhost:3000"), null),
                Arguments.of(List.of("HTTP://LocalHost:1"), null),
                Arguments.of(List.of(" http://localhost\t"), null),
                Arguments.of(List.of("https://app.example.com:8443"), null),
                Arguments.of(List.of("https://admin.example.com"), null),
                Arguments.of(List.of("https://admin.example.com:9999"), null),
                Arguments.of(List.of("http://[::1]:6274"), null),
                Arguments.of(List.of("https://localhost"), "Origin \"https://localhost\" is not allowed"),
                Arguments.of(List.of("http://localhost.evil.com"), "Origin \"http://localhost.evil.com\" is not allowed"),
                Arguments.of(List.of("https://app.example.com"), "Origin \"https://app.example.com\" is not allowed"),
                Arguments.of(List.of("https://app.example.com:443"),
                        "Origin \"https://app.example.com:443\" is not allowed"),
                Arguments.of(List.of("http://evil.example.com"), "Origin \"http://evil.example.com\" is not allowed"),
                Arguments.of(List.of("http://[::2]"), "Origin \"http://[::2]\" is not allowed"),
                Arguments.of(List.of("null"), "Origin \"null\" is not allowed (an opaque origin such as a sandboxed "
                        + "page or a file)"),
                Arguments.of(List.of("NULL"), "Origin \"null\" is not allowed (an opaque origin such as a sandboxed "
                        + "page or a file)"),
                Arguments.of(List.of("http://localhost", "http://localhost"), "more than one Origin header field (2)"),
                Arguments.of(List.of("http://localhost/"), "Origin \"http://localhost/\" is not scheme://host[:port]"),
                Arguments.of(List.of("http://localhost, http://evil.com"),
                        "Origin \"http://localhost, http://evil.com\" is not scheme://host[:port]"),
                Arguments.of(List.of("http://user@localhost"), "Origin \"http://user@localhost\" is not "
                        + "scheme://host[:port]"),
                Arguments.of(List.of("http://localhost:99999"), "Origin \"http://localhost:99999\" is not "
                        + "scheme://host[:port]"),
                Arguments.of(List.of("http://localhost:"), "Origin \"http://localhost:\" is not scheme://host[:port]"),
                Arguments.of(List.of("localhost"), "Origin \"localhost\" is not scheme://host[:port]"),
                Arguments.of(List.of(""), "Origin \"\" is not scheme://host[:port]"));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("origins")
    void origin(List<String> values, String reason) {
        assertThat(POLICY.checkOrigin(values)).isEqualTo(Optional.ofNullable(reason));
    }

    static Stream<Arguments> hosts() {
        return Stream.of(
                Arguments.of(List.of("localhost"), null),
                Arguments.of(List.of("localhost:3001"), null),
                Arguments.of(List.of("LOCALHOST:80"), null),
                Arguments.of(List.of("127.0.0.1:8080"), null),
                Arguments.of(List.of("[::1]"), null),
                Arguments.of(List.of("[::1]:8080"), null),
                Arguments.of(List.of("gateway.example.com:443"), null),
                Arguments.of(List.of("127.0.0.1"), "Host \"127.0.0.1\" is not allowed"),
                Arguments.of(List.of("127.0.0.1:8081"), "Host \"127.0.0.1:8081\" is not allowed"),
                Arguments.of(List.of("evil.example.com"), "Host \"evil.example.com\" is not allowed"),
                Arguments.of(List.of("localhost.evil.com"), "Host \"localhost.evil.com\" is not allowed"),
                Arguments.of(List.of("[::2]:8080"), "Host \"[::2]:8080\" is not allowed"),
                Arguments.of(List.of(), "the Host header is missing (HTTP/1.1 requires it)"),
                Arguments.of(List.of("localhost", "localhost"), "more than one Host header field (2)"),
                Arguments.of(List.of(""), "Host \"\" is not host[:port]"),
                Arguments.of(List.of("localhost:abc"), "Host \"localhost:abc\" is not host[:port]"),
                Arguments.of(List.of("::1"), "Host \"::1\" is not host[:port]"),
                Arguments.of(List.of("[::1"), "Host \"[::1\" is not host[:port]"),
                Arguments.of(List.of("localhost/mcp"), "Host \"localhost/mcp\" is not host[:port]"),
                Arguments.of(List.of("user@localhost"), "Host \"user@localhost\" is not host[:port]"));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("hosts")
    void host(List<String> values, String reason) {
        assertThat(POLICY.checkHost(values)).isEqualTo(Optional.ofNullable(reason));
    }

    @Test
    void wildcardEntriesAdmitAnyWellFormedValue() {
        OriginPolicy open = OriginPolicy.of(List.of("*"), List.of("*"));
        assertThat(open.checkOrigin(List.of("https://anything.example:1"))).isEmpty();
        assertThat(open.checkHost(List.of("anything.example"))).isEmpty();
        assertThat(open.checkOrigin(List.of("null"))).isPresent();
        assertThat(open.checkHost(List.of())).isPresent();
        assertThat(open.checkHost(List.of("a b"))).isPresent();
    }

    @Test
    void emptyEntryListsAllowNothingButAnAbsentOrigin() {
        OriginPolicy closed = OriginPolicy.of(List.of(), List.of());
        assertThat(closed.checkOrigin(List.of())).isEmpty();
        assertThat(closed.checkOrigin(List.of("http://localhost"))).isPresent();
        assertThat(closed.checkHost(List.of("localhost"))).isPresent();
    }

    @Test
    void originEntryWithDefaultPortMatchesOriginWithoutPort() {
        OriginPolicy policy = OriginPolicy.of(List.of("http://localhost:80", "https://app.example.com:443"),
                List.of("*"));
        assertThat(policy.checkOrigin(List.of("http://localhost"))).isEmpty();
        assertThat(policy.checkOrigin(List.of("https://app.example.com"))).isEmpty();
        assertThat(policy.checkOrigin(List.of("http://localhost:8080"))).isPresent();
    }

    @Test
    void loopbackPolicyAcceptsLocalClientsAndRefusesRebinding() {
        OriginPolicy loopback = OriginPolicy.loopback();
        assertThat(loopback.checkHost(List.of("127.0.0.1:8080"))).isEmpty();
        assertThat(loopback.checkHost(List.of("localhost"))).isEmpty();
        assertThat(loopback.checkHost(List.of("[::1]:9"))).isEmpty();
        assertThat(loopback.checkHost(List.of("evil.example.com"))).isPresent();
        assertThat(loopback.checkOrigin(List.of("http://localhost:6274"))).isEmpty();
        assertThat(loopback.checkOrigin(List.of("http://evil.example.com"))).isPresent();
    }

    @Test
    void malformedEntriesAreConfigurationErrors() {
        assertThatThrownBy(() -> OriginPolicy.of(List.of("localhost"), List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("allowed origin \"localhost\" is not scheme://host or scheme://host:port");
        assertThatThrownBy(() -> OriginPolicy.of(List.of(), List.of("http://localhost")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("allowed host \"http://localhost\" is not host or host:port");
    }
}
