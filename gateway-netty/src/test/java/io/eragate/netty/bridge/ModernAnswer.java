package io.eragate.netty.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.ArrayList;
import java.util.List;

/**
 * What the gateway answered one modern request: the status, the content type and the body, read either as one JSON
 * response or as the JSON-RPC messages of an SSE stream.
 *
 * @param status the HTTP status
 * @param contentType the {@code Content-Type}, or ""
 * @param body the whole body
 */
record ModernAnswer(int status, String contentType, String body) {

    boolean isEventStream() {
        return contentType.startsWith("text/event-stream");
    }

    /** Every JSON-RPC message of the answer in order: the SSE events' data, or the one JSON body. */
    List<JsonNode> messages() {
        List<JsonNode> messages = new ArrayList<>();
        if (!isEventStream()) {
            messages.add(ModernRequest.parse(body));
            return messages;
        }
        for (String block : body.replace("\r\n", "\n").split("\n\n")) {
            StringBuilder data = new StringBuilder();
            for (String line : block.split("\n")) {
                if (line.startsWith("data:")) {
                    if (data.length() > 0) {
                        data.append('\n');
                    }
                    data.append(line.substring(line.startsWith("data: ") ? 6 : 5));
                }
            }
            if (data.length() > 0) {
                messages.add(ModernRequest.parse(data.toString()));
            }
        }
        return messages;
    }

    /** The final JSON-RPC response (the message with a result or an error), or a missing node. */
    JsonNode response() {
        return messages().stream().filter(m -> m.has("result") || m.has("error")).reduce((a, b) -> b)
                .orElse(MissingNode.getInstance());
    }

    JsonNode result() {
        return response().path("result");
    }

    JsonNode error() {
        return response().path("error");
    }

    /** The notifications before the response, of {@code method}. */
    List<JsonNode> notifications(String method) {
        return messages().stream().filter(m -> method.equals(m.path("method").asText(null))).toList();
    }

    @Override
    public String toString() {
        return "HTTP " + status + " " + contentType + "\n" + body;
    }
}
