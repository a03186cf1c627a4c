package io.eragate.bench.load;

import io.eragate.bench.McpSamples;
import java.util.List;
import java.util.Objects;

/**
 * What a scenario's connections send and what each answer must hold: one encoded request per client session (a
 * stateless scenario has one for all connections; the legacy-client front one per session the harness opened, each
 * connection taking a session of its own while it lives, see {@link RequestSlots}), and the texts every successful
 * answer contains.
 *
 * @param requests encoded HTTP/1.1 requests, at least one
 * @param expected texts every successful answer contains, at least one
 */
record RequestShape(List<byte[]> requests, List<String> expected) {

    RequestShape {
        requests = List.copyOf(requests);
        expected = List.copyOf(expected);
        if (requests.isEmpty() || expected.isEmpty()) {
            throw new IllegalArgumentException("a request shape needs a request and an expected text");
        }
    }

    /** The sample 2026-07-28 {@code tools/call}, answered with the echo text. */
    static RequestShape toolsCall(Endpoint endpoint) {
        return new RequestShape(List.of(RequestTemplate.toolsCall(endpoint)), List.of(McpSamples.ECHO_MARKER));
    }

    /** A 2026-07-28 {@code tools/list} whose answers must name every tool in {@code toolNames}. */
    static RequestShape toolsList(Endpoint endpoint, List<String> toolNames) {
        Objects.requireNonNull(toolNames, "toolNames");
        return new RequestShape(List.of(RequestTemplate.encode(endpoint, McpSamples.toolsListHeaders(),
                McpSamples.toolsListBody())), toolNames.stream().map(name -> "\"" + name + "\"").toList());
    }

    /** The legacy client's echo call, once per session in {@code sessionIds}. */
    static RequestShape legacyToolsCall(Endpoint endpoint, List<String> sessionIds) {
        return new RequestShape(sessionIds.stream().map(id -> RequestTemplate.encode(endpoint,
                McpSamples.legacyHeaders(id), McpSamples.legacyToolsCallBody())).toList(),
                List.of(McpSamples.ECHO_MARKER));
    }
}
