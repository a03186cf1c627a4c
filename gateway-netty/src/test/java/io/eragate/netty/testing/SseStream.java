package io.eragate.netty.testing;

import com.fasterxml.jackson.databind.JsonNode;
import io.netty.channel.ChannelFuture;
import java.util.UUID;

/**
 * An open {@code text/event-stream} response. Every method writes one complete event (or comment) and flushes it,
 * which is what lets a test see progress arrive before the result.
 */
final class SseStream {
    private final FixtureExchange exchange;
    private final boolean eventIds;

    SseStream(FixtureExchange exchange, boolean eventIds) {
        this.exchange = exchange;
        this.eventIds = eventIds;
    }

    FixtureExchange exchange() {
        return exchange;
    }

    /** A keep-alive comment, which clients must skip. */
    ChannelFuture comment() {
        return exchange.writeChunk(":\n\n");
    }

    /** The 2025-11-25 priming event: an event id and empty data, so a client has something to resume from. */
    ChannelFuture primingEvent() {
        return exchange.writeChunk("id: " + UUID.randomUUID() + "\ndata: \n\n");
    }

    /** One JSON-RPC message as an {@code event: message} with the JSON on {@code data:} lines. */
    ChannelFuture message(JsonNode message) {
        StringBuilder event = new StringBuilder("event: message\n");
        if (eventIds) {
            event.append("id: ").append(UUID.randomUUID()).append('\n');
        }
        for (String line : JsonRpcWire.text(message).split("\n", -1)) {
            event.append("data: ").append(line).append('\n');
        }
        return exchange.writeChunk(event.append('\n').toString());
    }

    /** Ends the stream cleanly. */
    void end() {
        exchange.endChunked();
    }
}
