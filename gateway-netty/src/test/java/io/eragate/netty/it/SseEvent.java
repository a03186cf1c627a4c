package io.eragate.netty.it;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One block of an event stream up to its blank line.
 *
 * @param comment whether the block held only comment lines (a keep-alive)
 * @param event the {@code event:} field, or {@code null}
 * @param data the {@code data:} lines joined with newlines, or {@code null}
 */
record SseEvent(boolean comment, String event, String data) {

    JsonNode json() {
        return Json.parse(data);
    }

    /** Whether the event carries a JSON-RPC response (a result or an error), the end of a request's stream. */
    boolean isResponse() {
        return data != null && (json().has("result") || json().has("error"));
    }
}
