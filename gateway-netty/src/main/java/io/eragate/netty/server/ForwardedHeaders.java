package io.eragate.netty.server;

import io.eragate.core.mcp.McpHeaders;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The client's header fields that the gateway forwards upstream with a request it has already checked: the few every
 * upstream gets, and the 2025-11-25 transport's own for a legacy-era client going to a legacy upstream.
 */
final class ForwardedHeaders {
    /** Client headers that travel upstream unchanged; credentials never do (no token passthrough). */
    private static final Set<String> PASSED_HEADERS = Set.of("user-agent", "traceparent", "tracestate", "baggage");
    /** Headers of the 2025-11-25 transport that a legacy upstream needs from a legacy-era client. */
    private static final List<CharSequence> LEGACY_TRANSPORT_HEADERS = List.of(HttpHeaderNames.CONTENT_TYPE,
            HttpHeaderNames.ACCEPT, McpHeaders.SESSION_ID, McpHeaders.PROTOCOL_VERSION, McpHeaders.LAST_EVENT_ID);

    private ForwardedHeaders() {
    }

    /** What a legacy upstream gets of a legacy-era client's headers: its transport's own, and the usual ones. */
    static HttpHeaders legacy(HttpHeaders headers) {
        HttpHeaders passed = passed(headers);
        for (CharSequence name : LEGACY_TRANSPORT_HEADERS) {
            for (String value : headers.getAll(name)) {
                passed.add(name, value);
            }
        }
        return passed;
    }

    /** What every upstream gets of a client's headers: the user agent, the trace context and {@code Mcp-Param-*}. */
    static HttpHeaders passed(HttpHeaders headers) {
        HttpHeaders passed = new DefaultHttpHeaders(false);
        for (Map.Entry<String, String> header : headers) {
            if (isPassed(header.getKey())) {
                passed.add(header.getKey(), header.getValue());
            }
        }
        return passed;
    }

    /** Compared ignoring case without a lower-cased copy of every name: this runs for each field of each request. */
    private static boolean isPassed(String name) {
        for (String passed : PASSED_HEADERS) {
            if (passed.equalsIgnoreCase(name)) {
                return true;
            }
        }
        return name.regionMatches(true, 0, McpHeaders.PARAM_PREFIX, 0, McpHeaders.PARAM_PREFIX.length());
    }
}
