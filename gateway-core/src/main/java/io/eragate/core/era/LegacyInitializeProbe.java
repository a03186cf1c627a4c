package io.eragate.core.era;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.sse.SseLimitExceededException;
import io.eragate.core.sse.SseParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether a modern upstream's answer to a 2025-11-25 {@code initialize} (sent once, after its {@code server/discover}
 * showed it modern) shows that it serves legacy clients too: a 2xx answer, as JSON or as an event stream, whose
 * JSON-RPC result names a {@code protocolVersion}. A modern-only server answers 400/-32022 (or anything else) instead.
 */
public final class LegacyInitializeProbe {

    private LegacyInitializeProbe() {
    }

    /** Whether the answer ({@code status}, {@code contentType}, {@code body}) is an {@code InitializeResult}. */
    public static boolean answered(int status, String contentType, byte[] body) {
        if (status < 200 || status >= 300 || body == null || body.length == 0) {
            return false;
        }
        String type = contentType == null ? "" : contentType.trim().toLowerCase(Locale.ROOT);
        if (type.startsWith("text/event-stream")) {
            List<String> messages = new ArrayList<>();
            try {
                new SseParser(body.length + 1, body.length + 1).feed(body, 0, body.length, event -> {
                    if (event.isMessage() && event.data() != null) {
                        messages.add(event.data());
                    }
                });
            } catch (SseLimitExceededException e) {
                return false;
            }
            return messages.stream().anyMatch(data -> isInitializeResult(data.getBytes(StandardCharsets.UTF_8)));
        }
        return isInitializeResult(body);
    }

    private static boolean isInitializeResult(byte[] json) {
        try {
            JsonNode message = JsonRpcCodec.readTree(json);
            return message != null && message.path("result").path("protocolVersion").isTextual();
        } catch (IOException e) {
            return false;
        }
    }
}
