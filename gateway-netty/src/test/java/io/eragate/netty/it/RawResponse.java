package io.eragate.netty.it;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;

/**
 * A whole response read from a raw socket.
 *
 * @param head the status line and headers
 * @param body the decoded body (chunks joined)
 */
record RawResponse(HttpHead head, byte[] body) {

    int status() {
        return head.status();
    }

    String text() {
        return new String(body, StandardCharsets.UTF_8);
    }

    JsonNode json() {
        return Json.parse(body);
    }
}
