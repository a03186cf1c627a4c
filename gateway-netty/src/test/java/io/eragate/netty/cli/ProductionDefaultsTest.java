package io.eragate.netty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the jar's {@code main} sets before Netty loads: leak detection off unless the user chose a level. This test
 * JVM runs at paranoid (the build's argLine), which the first case proves untouched; the property is restored after
 * each case.
 */
class ProductionDefaultsTest {
    private static final String LEGACY = "io.netty.leakDetectionLevel";
    private String level;
    private String legacyLevel;

    @BeforeEach
    void remember() {
        level = System.getProperty(Main.LEAK_DETECTION_LEVEL);
        legacyLevel = System.getProperty(LEGACY);
    }

    @AfterEach
    void restore() {
        put(Main.LEAK_DETECTION_LEVEL, level);
        put(LEGACY, legacyLevel);
    }

    @Test
    void aLevelTheUserSetIsKept() {
        assertThat(level).as("the build runs every test JVM at paranoid").isEqualTo("paranoid");

        Main.productionDefaults();

        assertThat(System.getProperty(Main.LEAK_DETECTION_LEVEL)).isEqualTo("paranoid");
    }

    @Test
    void withoutAUserLevelLeakDetectionIsOff() {
        put(Main.LEAK_DETECTION_LEVEL, null);
        put(LEGACY, null);

        Main.productionDefaults();

        assertThat(System.getProperty(Main.LEAK_DETECTION_LEVEL)).isEqualTo("disabled");
    }

    @Test
    void theOlderPropertyNameCountsAsAUserLevel() {
        put(Main.LEAK_DETECTION_LEVEL, null);
        put(LEGACY, "advanced");

        Main.productionDefaults();

        assertThat(System.getProperty(Main.LEAK_DETECTION_LEVEL)).isNull();
    }

    private static void put(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }
}
