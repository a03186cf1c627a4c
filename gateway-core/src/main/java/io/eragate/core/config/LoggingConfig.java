package io.eragate.core.config;

import java.util.Objects;

/**
 * The {@code logging} section. Defaults are set in {@code ObservabilityReader#logging} and listed in
 * {@code docs/configuration.md}.
 *
 * @param format how every log line is written (default {@code text})
 * @param access whether one access-log line is written per client request (default {@code false})
 */
public record LoggingConfig(Format format, boolean access) {

    /** How log lines are written. */
    public enum Format {
        /** One human-readable line per event. */
        TEXT,
        /** One JSON object per line. */
        JSON
    }

    public LoggingConfig {
        Objects.requireNonNull(format, "format");
    }

    /** Text lines, no access log. */
    public static LoggingConfig defaults() {
        return ObservabilityReader.DEFAULT_LOGGING;
    }
}
