package io.eragate.core.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.jsonrpc.Decoded;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcMessage;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.sse.SseLimitExceededException;
import io.eragate.core.sse.SseParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads the JSON-RPC messages out of a complete legacy answer, which is either one JSON object or an SSE stream of
 * {@code message} events (with empty priming events that carry only an id, as 2025-11-25 servers send).
 */
public final class LegacyReplyReader {
    private static final int MAX_LINE_BYTES = 16 * 1024 * 1024;

    private LegacyReplyReader() {
    }

    /** Every well-formed JSON-RPC message of the answer, in order; malformed events are skipped. */
    public static List<JsonRpcMessage> messages(String contentType, byte[] body) {
        List<JsonRpcMessage> messages = new ArrayList<>();
        if (contentType != null && contentType.toLowerCase(Locale.ROOT).startsWith("text/event-stream")) {
            SseParser parser = new SseParser(MAX_LINE_BYTES, MAX_LINE_BYTES);
            try {
                parser.feed(body, 0, body.length, event -> {
                    if (!event.data().isEmpty()) {
                        add(messages, event.data().getBytes(StandardCharsets.UTF_8));
                    }
                });
                parser.feed("\n\n".getBytes(StandardCharsets.US_ASCII), 0, 2, event -> {
                    if (!event.data().isEmpty()) {
                        add(messages, event.data().getBytes(StandardCharsets.UTF_8));
                    }
                });
            } catch (SseLimitExceededException e) {
                return messages;
            }
        } else {
            add(messages, body);
        }
        return messages;
    }

    /** The response to {@code id} in the answer, if there is one. */
    public static Optional<JsonRpcResponse> responseTo(JsonRpcId id, String contentType, byte[] body) {
        for (JsonRpcMessage message : messages(contentType, body)) {
            if (message instanceof JsonRpcResponse response && id.equals(response.id())) {
                return Optional.of(response);
            }
        }
        return Optional.empty();
    }

    /** The first response in the answer, if any (also one whose id is null, such as a transport error). */
    public static Optional<JsonRpcResponse> firstResponse(String contentType, byte[] body) {
        for (JsonRpcMessage message : messages(contentType, body)) {
            if (message instanceof JsonRpcResponse response) {
                return Optional.of(response);
            }
        }
        return Optional.empty();
    }

    private static void add(List<JsonRpcMessage> messages, byte[] json) {
        if (JsonRpcCodec.decode(json) instanceof Decoded.Message decoded) {
            messages.add(decoded.message());
        } else {
            Optional.ofNullable(lenientResponse(json)).ifPresent(messages::add);
        }
    }

    /**
     * Legacy servers answer transport errors with {@code "id": null}, which the strict codec refuses as a request
     * shape; as an answer it is a plain error response without an id.
     */
    private static JsonRpcResponse lenientResponse(byte[] json) {
        try {
            JsonNode tree = JsonRpcCodec.mapper().readTree(json);
            JsonNode error = tree == null ? null : tree.get("error");
            boolean hasUsableId = tree != null && tree.has("id") && !tree.get("id").isNull();
            if (error == null || !error.isObject() || hasUsableId) {
                return null;
            }
            return JsonRpcResponse.failure(null, new JsonRpcError(
                    error.path("code").asInt(JsonRpcErrorCodes.INTERNAL_ERROR), error.path("message").asText(""),
                    error.get("data")));
        } catch (IOException e) {
            return null;
        }
    }
}
