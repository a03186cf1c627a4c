package io.eragate.netty.telemetry;

import io.eragate.core.exchange.ExchangeObserver;
import io.eragate.core.exchange.ExchangeOutcome;
import io.eragate.core.telemetry.MetricLabels;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.spi.LoggingEventBuilder;

/**
 * The access log: one line per client request, on the logger {@code eragate.access}, with the fields as key-value
 * pairs (separate JSON fields with {@code logging.format: json}, {@code key=value} words in text). Only what the
 * gateway decided or measured is written: never a body, a header value, a token or a secret; a name that is a URI
 * loses its query and fragment, where credentials sometimes hide.
 */
public final class AccessLog implements ExchangeObserver {
    /** The logger every access line goes to. */
    public static final String LOGGER = "eragate.access";
    private static final Logger log = LoggerFactory.getLogger(LOGGER);
    private static final int MAX_NAME_CHARS = 256;

    @Override
    public void onOutcome(ExchangeOutcome outcome) {
        if (!log.isInfoEnabled()) {
            return;
        }
        LoggingEventBuilder line = log.atInfo()
                .addKeyValue("client", dash(outcome.clientAddress()))
                .addKeyValue("route", dash(outcome.route()))
                .addKeyValue("client_era", MetricLabels.era(outcome.clientEra()))
                .addKeyValue("method", dash(outcome.method()))
                .addKeyValue("name", dash(safeName(outcome.name())))
                .addKeyValue("status", outcome.httpStatus())
                .addKeyValue("jsonrpc_code", outcome.jsonRpcErrorCode() == null ? "-"
                        : outcome.jsonRpcErrorCode().toString())
                .addKeyValue("error_type", dash(outcome.errorType()))
                .addKeyValue("upstream", dash(outcome.upstream()))
                .addKeyValue("upstream_era", MetricLabels.era(outcome.upstreamEra()))
                .addKeyValue("bytes_in", outcome.bytesIn())
                .addKeyValue("bytes_out", outcome.bytesOut())
                .addKeyValue("duration_ms", String.format(Locale.ROOT, "%.3f", outcome.durationNanos() / 1e6))
                .addKeyValue("principal", outcome.principal())
                .addKeyValue("trace_id", dash(outcome.traceId()));
        line.log("access");
    }

    /** A name as logged: a URI without its query or fragment, and never longer than 256 characters. */
    static String safeName(String name) {
        if (name == null) {
            return null;
        }
        int cut = name.length();
        for (char c : new char[] {'?', '#'}) {
            int at = name.indexOf(c);
            if (at >= 0 && at < cut) {
                cut = at;
            }
        }
        return name.substring(0, Math.min(cut, MAX_NAME_CHARS));
    }

    private static String dash(String value) {
        return value == null ? "-" : value;
    }
}
