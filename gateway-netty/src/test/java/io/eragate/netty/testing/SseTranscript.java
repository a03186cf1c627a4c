package io.eragate.netty.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A test-side reading of a complete {@code text/event-stream} body: the events in order (comments kept as their own
 * entries), so a test can assert the exact shape the fixture wrote.
 */
record SseTranscript(List<Event> events) {

    /**
     * One block of lines ended by a blank line.
     *
     * @param comment whether the block held only comment lines
     * @param name the {@code event:} field, or {@code null}
     * @param id the {@code id:} field, or {@code null}
     * @param data the {@code data:} lines joined with newlines, or {@code null} when there were none
     */
    record Event(boolean comment, String name, String id, String data) {
        JsonNode json() {
            return JsonRpcWire.parse(data.getBytes(StandardCharsets.UTF_8));
        }
    }

    static SseTranscript parse(String body) {
        List<Event> events = new ArrayList<>();
        for (String block : body.split("\n\n", -1)) {
            if (block.isEmpty()) {
                continue;
            }
            String name = null;
            String id = null;
            List<String> data = new ArrayList<>();
            boolean onlyComments = true;
            for (String line : block.split("\n", -1)) {
                if (line.startsWith(":")) {
                    continue;
                }
                onlyComments = false;
                if (line.startsWith("event: ")) {
                    name = line.substring("event: ".length());
                } else if (line.startsWith("id: ")) {
                    id = line.substring("id: ".length());
                } else if (line.startsWith("data:")) {
                    data.add(line.startsWith("data: ") ? line.substring(6) : line.substring(5));
                } else {
                    throw new AssertionError("Unexpected SSE line <" + line + "> in:\n" + body);
                }
            }
            events.add(new Event(onlyComments, name, id, data.isEmpty() ? null : String.join("\n", data)));
        }
        return new SseTranscript(events);
    }

    /** The JSON-RPC messages carried by {@code event: message} events, in order. */
    List<JsonNode> messages() {
        return events.stream().filter(e -> "message".equals(e.name())).map(Event::json).collect(Collectors.toList());
    }
}
