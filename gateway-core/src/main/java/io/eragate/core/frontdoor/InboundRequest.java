package io.eragate.core.frontdoor;

import java.util.Objects;

/**
 * One HTTP request as the front door sees it.
 *
 * @param httpMethod the request method, case-sensitive as HTTP defines it ({@code "POST"})
 * @param path the request target's path; a query string, if present, is ignored for routing
 * @param headers the header fields
 * @param body the aggregated body (not copied; the caller must not change it afterwards); {@code null} means empty
 */
public record InboundRequest(String httpMethod, String path, HeaderView headers, byte[] body) {

    private static final byte[] NO_BODY = new byte[0];

    public InboundRequest {
        Objects.requireNonNull(httpMethod, "httpMethod");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(headers, "headers");
        if (body == null) {
            body = NO_BODY;
        }
    }

    /** The path without its query string. */
    public String pathWithoutQuery() {
        int query = path.indexOf('?');
        return query < 0 ? path : path.substring(0, query);
    }
}
