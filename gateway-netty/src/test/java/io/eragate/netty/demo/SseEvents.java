package io.eragate.netty.demo;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/** A test-side reading of a complete {@code text/event-stream} body, strict about the lines it accepts. */
record SseEvents(List<Event> events) {

    /** One block of lines ended by a blank line; {@code data} is {@code null} when the block had no data line. */
    record Event(String id, String name, String data) {
        JsonNode json() {
            return LegacyClient.json(data);
        }
    }

    static SseEvents parse(String body) {
        if (!body.endsWith("\n\n")) {
            throw new AssertionError("SSE body does not end with a blank line:\n" + body);
        }
        List<Event> events = new ArrayList<>();
        for (String block : body.substring(0, body.length() - 2).split("\n\n", -1)) {
            String id = null;
            String name = null;
            String data = null;
            for (String line : block.split("\n", -1)) {
                if (line.startsWith("id: ")) {
                    id = line.substring(4);
                } else if (line.startsWith("event: ")) {
                    name = line.substring(7);
                } else if (line.startsWith("data:")) {
                    data = (data == null ? "" : data + "\n") + line.substring(line.startsWith("data: ") ? 6 : 5);
                } else {
                    throw new AssertionError("unexpected SSE line <" + line + "> in:\n" + body);
                }
            }
            events.add(new Event(id, name, data));
        }
        return new SseEvents(events);
    }

    /** The JSON-RPC messages of the {@code message} events, in order. */
    List<JsonNode> messages() {
        return events.stream().filter(event -> "message".equals(event.name())).map(Event::json).toList();
    }
}
