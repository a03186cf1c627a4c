package io.eragate.netty.telemetry;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.OutputStreamAppender;
import io.eragate.core.config.LoggingConfig;
import java.util.Iterator;
import org.slf4j.ILoggerFactory;
import org.slf4j.LoggerFactory;

/**
 * Applies {@code logging.format} to the process's log output. {@code json} swaps the encoder of every console
 * appender of the root logger for logback's own {@link JsonEncoder}: one JSON object per line, with
 * {@code timestamp}, {@code level}, {@code loggerName}, {@code message} (the template) and
 * {@code formattedMessage} (the text), the MDC (where {@code trace_id} and
 * {@code span_id} of the current request live) and the event's key-value pairs (the access log's fields).
 */
public final class LogFormat {

    private LogFormat() {
    }

    /** Makes every later log line follow {@code config}; the default text format needs nothing. */
    public static void apply(LoggingConfig config) {
        if (config.format() != LoggingConfig.Format.JSON) {
            return;
        }
        ILoggerFactory factory = LoggerFactory.getILoggerFactory();
        if (!(factory instanceof LoggerContext context)) {
            return;
        }
        ch.qos.logback.classic.Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        for (Iterator<Appender<ILoggingEvent>> it = root.iteratorForAppenders(); it.hasNext(); ) {
            if (it.next() instanceof OutputStreamAppender<ILoggingEvent> appender) {
                JsonEncoder encoder = new JsonEncoder();
                encoder.setContext(context);
                encoder.setWithContext(false);
                encoder.setWithSequenceNumber(false);
                encoder.setWithNanoseconds(false);
                encoder.setWithArguments(false);
                // "message" stays the template (good for grouping); "formattedMessage" is the line as text.
                encoder.setWithFormattedMessage(true);
                encoder.start();
                appender.stop();
                appender.setEncoder(encoder);
                appender.start();
            }
        }
    }
}
