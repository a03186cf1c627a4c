package io.eragate.core.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SpanNamesTest {

    @Test
    void toolsAndPromptsAreNamedByTheirTarget() {
        assertThat(SpanNames.of("tools/call", "get-weather", "POST")).isEqualTo("tools/call get-weather");
        assertThat(SpanNames.of("prompts/get", "summarize", "POST")).isEqualTo("prompts/get summarize");
    }

    @Test
    void otherMethodsAreNamedByTheMethodAlone() {
        assertThat(SpanNames.of("resources/read", "file:///etc/hosts", "POST")).isEqualTo("resources/read");
        assertThat(SpanNames.of("tools/list", null, "POST")).isEqualTo("tools/list");
        assertThat(SpanNames.of("tools/call", null, "POST")).isEqualTo("tools/call");
    }

    @Test
    void unknownMethodsDoNotBecomeSpanNames() {
        assertThat(SpanNames.of("x/" + "made-up".repeat(10), null, "POST")).isEqualTo("other");
        assertThat(SpanNames.of(null, null, "POST")).isEqualTo("POST");
    }
}
