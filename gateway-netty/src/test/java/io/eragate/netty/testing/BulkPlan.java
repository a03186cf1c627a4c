package io.eragate.netty.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * The arguments of the benchmark tools {@code blob} and {@code burst}, {@code {bytes, events}}: a result whose text
 * is {@code bytes} long, preceded (for {@code burst}) by {@code events} progress notifications on an SSE answer.
 * The request chooses the size, so one fixture serves every payload the load harness measures. Bounded so a typo
 * cannot make a fixture build a gigabyte.
 *
 * @param bytes length of the result's text content
 * @param events progress notifications before the result, possibly zero
 */
record BulkPlan(int bytes, int events) {
    static final int MAX_BYTES = 64 << 20;
    static final int MAX_EVENTS = 1_000_000;

    /** The plan, or empty when an argument is not a non-negative integer within its bound. */
    static Optional<BulkPlan> from(JsonNode arguments) {
        JsonNode bytes = arguments.path("bytes");
        JsonNode events = arguments.path("events");
        if (!isCount(bytes) || !isCount(events)) {
            return Optional.empty();
        }
        int byteCount = bytes.asInt(0);
        int eventCount = events.asInt(0);
        if (byteCount < 0 || byteCount > MAX_BYTES || eventCount < 0 || eventCount > MAX_EVENTS) {
            return Optional.empty();
        }
        return Optional.of(new BulkPlan(byteCount, eventCount));
    }

    /** The result's text: {@code bytes} ASCII letters. */
    String text() {
        return "x".repeat(bytes);
    }

    /** What the fixtures answer when the arguments are bad. */
    static String usage() {
        return "blob and burst take integer arguments bytes (0.." + MAX_BYTES + ") and events (0.." + MAX_EVENTS
                + ")";
    }

    private static boolean isCount(JsonNode node) {
        return node.isMissingNode() || (node.isIntegralNumber() && node.canConvertToInt());
    }
}
