package io.eragate.core.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.mcp.MetaKeys;
import java.util.Objects;
import java.util.Optional;

/**
 * Decides which upstream {@code notifications/message} reach one modern request.
 *
 * <p>A pooled legacy session logs at the most verbose level (its {@code logging/setLevel} is session-wide), while
 * 2026-07-28 opts in per request: only a request whose {@code _meta} carries {@code io.modelcontextprotocol/logLevel}
 * gets messages, and only those at or above that level. Without the key (or with a level MCP does not define) it gets
 * none, as the spec requires.
 */
public final class LogFilter {

    private static final LogFilter NONE = new LogFilter(null);

    private final LogLevel threshold;

    private LogFilter(LogLevel threshold) {
        this.threshold = threshold;
    }

    /** The filter for a modern request, from its params' {@code _meta}. */
    public static LogFilter forRequest(ObjectNode requestParams) {
        JsonNode level = Envelope.metaValue(requestParams, MetaKeys.LOG_LEVEL);
        if (level == null || !level.isTextual()) {
            return NONE;
        }
        return LogLevel.parse(level.textValue()).map(LogFilter::new).orElse(NONE);
    }

    /** The level a pooled session is set to with {@code logging/setLevel}, so that every request can be served. */
    public static String mostVerboseLevel() {
        return LogLevel.DEBUG.wireName();
    }

    /** The request's threshold, or empty when it asked for no log messages. */
    public Optional<LogLevel> threshold() {
        return Optional.ofNullable(threshold);
    }

    /**
     * Whether an upstream {@code notifications/message} goes to this request. A message without a recognized
     * {@code level} is never delivered.
     *
     * @param messageParams the notification's params
     */
    public boolean accepts(ObjectNode messageParams) {
        Objects.requireNonNull(messageParams, "messageParams");
        if (threshold == null) {
            return false;
        }
        JsonNode level = messageParams.get("level");
        return level != null && level.isTextual()
                && LogLevel.parse(level.textValue()).map(l -> l.isAtLeast(threshold)).orElse(false);
    }
}
