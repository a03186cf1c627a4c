package io.eragate.core.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;

/** Reads the top-level {@code telemetry} and {@code logging} sections. */
final class ObservabilityReader {
    static final String ENDPOINT_RULE = "must be an http or https URL with a host and no query, like"
            + " \"http://collector:4318\"";
    static final TelemetryConfig DEFAULT_TELEMETRY = ConfigMapping.defaults(ObservabilityReader::telemetry);
    static final LoggingConfig DEFAULT_LOGGING = ConfigMapping.defaults(ObservabilityReader::logging);

    private ObservabilityReader() {
    }

    static TelemetryConfig telemetry(ConfigMapping section) {
        return new TelemetryConfig(section.mapping("otlp", ObservabilityReader::otlp),
                section.text("serviceName", "eragate", name -> !name.isBlank() && name.length() <= 256,
                        "must be a non-blank name of at most 256 characters"),
                section.integer("maxToolNameLabels", 100, 0, 10_000));
    }

    static OtlpConfig otlp(ConfigMapping section) {
        String endpoint = section.text("endpoint", "", ObservabilityReader::isEndpoint, ENDPOINT_RULE);
        return new OtlpConfig(endpoint.endsWith("/") ? endpoint.substring(0, endpoint.length() - 1) : endpoint,
                section.choice("compression", OtlpConfig.Compression.class, OtlpConfig.Compression.NONE),
                section.duration("timeout", Duration.ofSeconds(10), Duration.ofMillis(1), Duration.ofHours(24)),
                section.integer("maxQueuedSpans", 2048, 1, 1_000_000));
    }

    static LoggingConfig logging(ConfigMapping section) {
        return new LoggingConfig(section.choice("format", LoggingConfig.Format.class, LoggingConfig.Format.TEXT),
                section.bool("access", false));
    }

    private static boolean isEndpoint(String text) {
        if (text.isEmpty()) {
            return true;
        }
        try {
            URI uri = new URI(text);
            return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null
                    && uri.getRawQuery() == null && uri.getRawFragment() == null;
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
