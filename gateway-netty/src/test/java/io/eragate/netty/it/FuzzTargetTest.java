package io.eragate.netty.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The fuzz target's reading of answers: what it lets pass and what it reports, so that its checks can fail. */
class FuzzTargetTest {
    private static final String JSON = "content-type: application/json";

    /** A response: {@code statusLine}, the header lines, a blank line, then {@code body}. */
    private static String answer(String statusLine, String body, String... headers) {
        return statusLine + "\r\n" + String.join("", Stream.of(headers).map(h -> h + "\r\n").toList()) + "\r\n" + body;
    }

    private static List<String> problemsOf(String answer) {
        List<String> problems = new ArrayList<>();
        FuzzTarget.parseResponses(answer.getBytes(StandardCharsets.ISO_8859_1), problems);
        return problems;
    }

    static Stream<Arguments> wellFormed() {
        String accepted = answer("HTTP/1.1 202 Accepted", "", "content-length: 0");
        return Stream.of(
                Arguments.of("nothing at all (closed)", ""),
                Arguments.of("a JSON-RPC error", answer("HTTP/1.1 400 Bad Request", "{\"jsonrpc\":\"2.0\"}", JSON,
                        "content-length: 17")),
                Arguments.of("two answers", accepted + accepted),
                Arguments.of("a chunked stream", answer("HTTP/1.1 200 OK", "3\r\nabc\r\n0\r\n\r\n",
                        "transfer-encoding: chunked")),
                Arguments.of("a refused HTTP version", answer("HTTP/1.1 505 HTTP Version Not Supported", "",
                        "content-length: 0")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("wellFormed")
    void wellFormedAnswersPass(String what, String answer) {
        assertThat(problemsOf(answer)).as(what).isEmpty();
    }

    static Stream<Arguments> broken() {
        return Stream.of(
                Arguments.of("a 502 from a healthy upstream", answer("HTTP/1.1 502 Bad Gateway", "",
                        "content-length: 0"), "the gateway failed"),
                Arguments.of("a cut head", "HTTP/1.1 200 OK\r\ncontent-length: 5", "head without its end"),
                Arguments.of("a cut body", answer("HTTP/1.1 200 OK", "ab", "content-length: 5"),
                        "shorter than its Content-Length"),
                Arguments.of("an unterminated chunked body", answer("HTTP/1.1 200 OK", "3\r\nabc\r\n",
                        "transfer-encoding: chunked"), "never ends"),
                Arguments.of("a garbled status line", answer("HTTP/1.1 2xx OK", "", "content-length: 0"),
                        "malformed status line"),
                Arguments.of("JSON that is not JSON-RPC", answer("HTTP/1.1 400 Bad", "{}", JSON, "content-length: 2"),
                        "not JSON-RPC"),
                Arguments.of("no framing at all", answer("HTTP/1.1 200 OK", "abc"), "neither Content-Length"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("broken")
    void brokenAnswersAreReported(String what, String answer, String problem) {
        assertThat(problemsOf(answer)).as(what).anySatisfy(p -> assertThat(p).contains(problem));
    }
}
