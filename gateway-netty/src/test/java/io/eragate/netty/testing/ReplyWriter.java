package io.eragate.netty.testing;

import com.fasterxml.jackson.databind.JsonNode;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.Map;

/**
 * Answers a request the way the fixture was configured to: a JSON body, or an SSE stream that opens with the
 * fixture's preamble (a keep-alive comment for the modern fixture, a priming event for the legacy one).
 */
final class ReplyWriter {
    private final ResponseMode mode;
    private final boolean keepAliveCommentFirst;
    private final boolean primingEventFirst;
    private final boolean eventIds;

    ReplyWriter(ResponseMode mode, boolean keepAliveCommentFirst, boolean primingEventFirst, boolean eventIds) {
        this.mode = mode;
        this.keepAliveCommentFirst = keepAliveCommentFirst;
        this.primingEventFirst = primingEventFirst;
        this.eventIds = eventIds;
    }

    ResponseMode mode() {
        return mode;
    }

    /** Sends {@code message} as the whole answer: {@code 200} JSON, or an SSE stream holding just that event. */
    void reply(FixtureExchange exchange, JsonNode message, Map<String, String> headers) {
        if (mode == ResponseMode.JSON) {
            exchange.respondJson(HttpResponseStatus.OK, message, headers);
            return;
        }
        SseStream stream = stream(exchange, headers);
        stream.message(message);
        stream.end();
    }

    /** Opens an SSE answer whatever the mode, for behaviours that only exist as streams. */
    SseStream stream(FixtureExchange exchange, Map<String, String> headers) {
        SseStream stream = exchange.openSse(headers, eventIds);
        if (keepAliveCommentFirst) {
            stream.comment();
        }
        if (primingEventFirst) {
            stream.primingEvent();
        }
        return stream;
    }
}
