package io.eragate.core.sse;

import java.util.Objects;

/**
 * One server-sent event as the parser dispatches it or the encoder writes it.
 *
 * @param id the value of this event's own {@code id:} line, or {@code null} when the event had none (an {@code id:}
 *     line with an empty value gives {@code ""})
 * @param event the event type, or {@code null} for the default type {@code message}
 * @param data the data lines joined with {@code \n}; {@code ""} for a priming event ({@code data: } with nothing
 *     after it) and for an event that had only {@code id:}, {@code event:} or {@code retry:} lines
 * @param retryMs the reconnection time from a valid {@code retry:} line, or {@code null}
 */
public record SseEvent(String id, String event, String data, Long retryMs) {

    /** The type an event has when it names none. */
    public static final String DEFAULT_TYPE = "message";

    public SseEvent {
        Objects.requireNonNull(data, "data");
        if (event != null && event.isEmpty()) {
            event = null;
        }
    }

    /** A {@code message} event without id or retry. */
    public static SseEvent message(String data) {
        return new SseEvent(null, null, data, null);
    }

    /** The effective type: {@link #event()} or {@value #DEFAULT_TYPE} when it is absent. */
    public String type() {
        return event == null ? DEFAULT_TYPE : event;
    }

    /** Whether this event has the default type {@code message}, the only type MCP uses for JSON-RPC traffic. */
    public boolean isMessage() {
        return DEFAULT_TYPE.equals(type());
    }
}
