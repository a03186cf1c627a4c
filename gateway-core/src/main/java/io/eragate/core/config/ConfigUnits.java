package io.eragate.core.config;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The duration and size syntax of the configuration file.
 *
 * <p>Durations: a whole number followed by {@code ms}, {@code s}, {@code m} or {@code h}; a bare whole number is
 * milliseconds. Sizes: a whole number of bytes, or a whole number followed by {@code KiB}, {@code MiB} or
 * {@code GiB} (powers of 1024). Numbers too large for a {@code long} saturate, so that a bound check rejects them.
 */
public final class ConfigUnits {

    /** One kibibyte. */
    public static final long KIB = 1024L;
    /** One mebibyte. */
    public static final long MIB = 1024L * KIB;
    /** One gibibyte. */
    public static final long GIB = 1024L * MIB;

    private static final Pattern DURATION = Pattern.compile("([0-9]+)(ms|s|m|h)?");
    private static final Pattern SIZE = Pattern.compile("([0-9]+)(KiB|MiB|GiB)?");
    private static final Duration SATURATED = Duration.ofSeconds(Long.MAX_VALUE);

    private ConfigUnits() {
    }

    /** Parses {@code 500ms}, {@code 30s}, {@code 5m}, {@code 1h} or {@code 250} (milliseconds); empty if malformed. */
    public static Optional<Duration> parseDuration(String text) {
        Objects.requireNonNull(text, "text");
        Matcher matcher = DURATION.matcher(text);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        long amount = parseSaturated(matcher.group(1));
        String unit = matcher.group(2) == null ? "ms" : matcher.group(2);
        ChronoUnit chronoUnit = switch (unit) {
            case "h" -> ChronoUnit.HOURS;
            case "m" -> ChronoUnit.MINUTES;
            case "s" -> ChronoUnit.SECONDS;
            default -> ChronoUnit.MILLIS;
        };
        try {
            return Optional.of(Duration.of(amount, chronoUnit));
        } catch (ArithmeticException tooLarge) {
            return Optional.of(SATURATED);
        }
    }

    /** Parses {@code 65536}, {@code 64KiB}, {@code 4MiB} or {@code 1GiB} into bytes; empty if malformed. */
    public static OptionalLong parseSize(String text) {
        Objects.requireNonNull(text, "text");
        Matcher matcher = SIZE.matcher(text);
        if (!matcher.matches()) {
            return OptionalLong.empty();
        }
        long amount = parseSaturated(matcher.group(1));
        long unit = matcher.group(2) == null ? 1 : switch (matcher.group(2)) {
            case "GiB" -> GIB;
            case "MiB" -> MIB;
            default -> KIB;
        };
        try {
            return OptionalLong.of(Math.multiplyExact(amount, unit));
        } catch (ArithmeticException tooLarge) {
            return OptionalLong.of(Long.MAX_VALUE);
        }
    }

    /**
     * Writes a duration in the largest unit that keeps it whole: {@code 24h}, {@code 90s}, {@code 1ms}. Parts below a
     * millisecond are dropped.
     */
    public static String formatDuration(Duration duration) {
        Objects.requireNonNull(duration, "duration");
        long seconds = duration.getSeconds();
        if (duration.getNano() == 0 && seconds != 0) {
            if (seconds % 3_600 == 0) {
                return seconds / 3_600 + "h";
            }
            if (seconds % 60 == 0) {
                return seconds / 60 + "m";
            }
            return seconds + "s";
        }
        return duration.toMillis() + "ms";
    }

    /** Writes a size in the largest binary unit that keeps it whole: {@code 4MiB}, {@code 1536KiB}, {@code 100}. */
    public static String formatSize(long bytes) {
        if (bytes != 0 && bytes % GIB == 0) {
            return bytes / GIB + "GiB";
        }
        if (bytes != 0 && bytes % MIB == 0) {
            return bytes / MIB + "MiB";
        }
        if (bytes != 0 && bytes % KIB == 0) {
            return bytes / KIB + "KiB";
        }
        return Long.toString(bytes);
    }

    private static long parseSaturated(String digits) {
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException tooLarge) {
            return Long.MAX_VALUE;
        }
    }
}
