package io.eragate.netty.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AccessLogTest {

    @Test
    void aUriNameLosesItsQueryAndFragmentWhereCredentialsHide() {
        assertThat(AccessLog.safeName("https://files.example/report.pdf?token=abc#p2"))
                .isEqualTo("https://files.example/report.pdf");
        assertThat(AccessLog.safeName("file:///notes#secret?x")).isEqualTo("file:///notes");
        assertThat(AccessLog.safeName("get-weather")).isEqualTo("get-weather");
        assertThat(AccessLog.safeName(null)).isNull();
    }

    @Test
    void aNameIsNeverLongerThan256Characters() {
        assertThat(AccessLog.safeName("x".repeat(10_000))).hasSize(256);
    }
}
