package io.eragate.core.bridge;

import java.util.Locale;
import java.util.Optional;

/** MCP logging levels, least to most severe, as in RFC 5424 (syslog). */
public enum LogLevel {
    DEBUG,
    INFO,
    NOTICE,
    WARNING,
    ERROR,
    CRITICAL,
    ALERT,
    EMERGENCY;

    /** The level as it appears on the wire, e.g. {@code "warning"}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether this level is {@code threshold} or more severe. */
    public boolean isAtLeast(LogLevel threshold) {
        return compareTo(threshold) >= 0;
    }

    /** The level named {@code wireName} (exact, lower case as MCP writes it), or empty when there is none. */
    public static Optional<LogLevel> parse(String wireName) {
        if (wireName == null) {
            return Optional.empty();
        }
        for (LogLevel level : values()) {
            if (level.wireName().equals(wireName)) {
                return Optional.of(level);
            }
        }
        return Optional.empty();
    }
}
