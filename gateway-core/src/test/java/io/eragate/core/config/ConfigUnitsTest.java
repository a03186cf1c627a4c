package io.eragate.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class ConfigUnitsTest {

    static Stream<Arguments> durations() {
        return Stream.of(
                Arguments.of("500ms", Duration.ofMillis(500)),
                Arguments.of("30s", Duration.ofSeconds(30)),
                Arguments.of("5m", Duration.ofMinutes(5)),
                Arguments.of("1h", Duration.ofHours(1)),
                Arguments.of("250", Duration.ofMillis(250)),
                Arguments.of("0", Duration.ZERO),
                Arguments.of("0090s", Duration.ofSeconds(90)),
                Arguments.of("9999999999999999999h", Duration.ofSeconds(Long.MAX_VALUE)),
                Arguments.of("99999999999999999h", Duration.ofSeconds(Long.MAX_VALUE)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("durations")
    void parsesDurations(String text, Duration expected) {
        assertThat(ConfigUnits.parseDuration(text)).contains(expected);
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"", "s", "-5s", "1.5s", "5 s", "5S", "5sec", "1d", "5ms ", " 5ms", "PT5S", "1h30m"})
    void rejectsMalformedDurations(String text) {
        assertThat(ConfigUnits.parseDuration(text)).isEqualTo(Optional.empty());
    }

    static Stream<Arguments> sizes() {
        return Stream.of(
                Arguments.of("65536", 65_536L),
                Arguments.of("64KiB", 64L * 1024),
                Arguments.of("4MiB", 4L * 1024 * 1024),
                Arguments.of("1GiB", 1024L * 1024 * 1024),
                Arguments.of("0", 0L),
                Arguments.of("99999999999GiB", Long.MAX_VALUE),
                Arguments.of("99999999999999999999", Long.MAX_VALUE));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sizes")
    void parsesSizes(String text, long expected) {
        assertThat(ConfigUnits.parseSize(text)).hasValue(expected);
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"", "KiB", "4MB", "4mib", "4 MiB", "-1", "1.5MiB", "4M", "1TiB", "4MiB "})
    void rejectsMalformedSizes(String text) {
        assertThat(ConfigUnits.parseSize(text)).isEqualTo(OptionalLong.empty());
    }

    static Stream<Arguments> formattedDurations() {
        return Stream.of(
                Arguments.of(Duration.ofHours(24), "24h"),
                Arguments.of(Duration.ofSeconds(60), "1m"),
                Arguments.of(Duration.ofSeconds(90), "90s"),
                Arguments.of(Duration.ofMillis(1), "1ms"),
                Arguments.of(Duration.ofMillis(1500), "1500ms"),
                Arguments.of(Duration.ZERO, "0ms"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("formattedDurations")
    void formatsDurationsInTheLargestWholeUnit(Duration duration, String expected) {
        assertThat(ConfigUnits.formatDuration(duration)).isEqualTo(expected);
        assertThat(ConfigUnits.parseDuration(expected)).contains(duration);
    }

    static Stream<Arguments> formattedSizes() {
        return Stream.of(
                Arguments.of(256L * 1024 * 1024, "256MiB"),
                Arguments.of(2L * 1024 * 1024 * 1024, "2GiB"),
                Arguments.of(1536L * 1024, "1536KiB"),
                Arguments.of(1024L, "1KiB"),
                Arguments.of(100L, "100"),
                Arguments.of(0L, "0"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("formattedSizes")
    void formatsSizesInTheLargestWholeUnit(long bytes, String expected) {
        assertThat(ConfigUnits.formatSize(bytes)).isEqualTo(expected);
        assertThat(ConfigUnits.parseSize(expected)).hasValue(bytes);
    }
}
