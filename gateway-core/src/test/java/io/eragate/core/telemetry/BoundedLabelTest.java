package io.eragate.core.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.mcp.Era;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BoundedLabelTest {

    @Test
    void admitsUpToTheBoundThenCountsEverythingElseAsOther() {
        BoundedLabel label = new BoundedLabel(3);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            seen.add(label.valueOf("tool-" + (i % 500)));
        }
        assertThat(seen).containsExactlyInAnyOrder("tool-0", "tool-1", "tool-2", BoundedLabel.OTHER);
        assertThat(label.size()).isEqualTo(3);
        assertThat(label.valueOf("tool-1")).isEqualTo("tool-1");
        assertThat(label.valueOf(null)).isEqualTo(BoundedLabel.NONE);
    }

    @Test
    void methodsComeOnlyFromTheInventory() {
        assertThat(MetricLabels.method("tools/call")).isEqualTo("tools/call");
        assertThat(MetricLabels.method("tools/call\u0000;DROP")).isEqualTo(BoundedLabel.OTHER);
        assertThat(MetricLabels.method("x/" + "y".repeat(100))).isEqualTo(BoundedLabel.OTHER);
        assertThat(MetricLabels.method(null)).isEqualTo(BoundedLabel.NONE);
    }

    @Test
    void erasAndErrorTypesAreBoundedWords() {
        assertThat(MetricLabels.era(Era.MODERN)).isEqualTo("modern");
        assertThat(MetricLabels.era(Era.LEGACY)).isEqualTo("legacy");
        assertThat(MetricLabels.era(null)).isEqualTo(BoundedLabel.NONE);
        assertThat(MetricLabels.errorType("upstream_unavailable")).isEqualTo("upstream_unavailable");
        assertThat(MetricLabels.errorType("java.io.IOException: boom")).isEqualTo(BoundedLabel.OTHER);
        assertThat(MetricLabels.errorType(null)).isEqualTo(BoundedLabel.NONE);
    }
}
