package io.eragate.core.sseclient;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.sseclient.SseClientPaths.Message;
import io.eragate.core.sseclient.SseClientPaths.Open;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SseClientPathsTest {

    private static final Predicate<String> ROUTES = Set.of("/mcp", "/team/tools", "/", "/slash/", "/odd/sse")::contains;

    @ParameterizedTest(name = "{0} {1}?{2} -> {3}")
    @CsvSource(nullValues = "null", value = {
        "GET,    /mcp/sse,            null,            open /mcp",
        "GET,    /team/tools/sse,     null,            open /team/tools",
        "GET,    /sse,                null,            open /",
        "GET,    /slash/sse,          null,            open /slash/",
        "POST,   /mcp/messages,       sessionId=abc,   message /mcp abc",
        "POST,   /mcp/messages,       x=1&sessionId=a_-b&y=2, message /mcp a_-b",
        "POST,   /mcp/messages,       null,            message /mcp null",
        "POST,   /mcp/messages,       sessionId=,      message /mcp null",
        "POST,   /mcp/messages,       sessionid=abc,   message /mcp null",
        "POST,   /messages,           sessionId=s,     message / s",
        // not this transport's: other methods, unknown routes, and a route whose own path ends in /sse
        "POST,   /mcp/sse,            null,            none",
        "GET,    /mcp/messages,       sessionId=abc,   none",
        "DELETE, /mcp/sse,            null,            none",
        "GET,    /nothing/sse,        null,            none",
        "GET,    /mcp/sse/extra,      null,            none",
        "GET,    /odd/sse,            null,            none",
        "GET,    /mcp,                null,            none",
    })
    void classifiesEveryShapeOfRequest(String method, String path, String query, String expected) {
        Optional<SseClientPaths.Target> target = SseClientPaths.classify(method, path, query, ROUTES);
        String actual = target.map(t -> t instanceof Open open ? "open " + open.routePath()
                : "message " + t.routePath() + " " + ((Message) t).sessionId()).orElse("none");
        assertThat(actual).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} -> {2}")
    @CsvSource({
        "/mcp,    id1, /mcp/messages?sessionId=id1",
        "/,       id2, /messages?sessionId=id2",
        "/slash/, id3, /slash/messages?sessionId=id3",
    })
    void theEndpointEventNamesTheMessagesPathBesideTheRoute(String route, String id, String expected) {
        assertThat(SseClientPaths.endpoint(route, id)).isEqualTo(expected);
        String path = expected.substring(0, expected.indexOf('?'));
        String query = expected.substring(expected.indexOf('?') + 1);
        assertThat(SseClientPaths.classify("POST", path, query, ROUTES))
                .contains(new Message(route, id));
    }
}
