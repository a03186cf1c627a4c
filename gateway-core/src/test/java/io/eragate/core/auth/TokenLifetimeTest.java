package io.eragate.core.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class TokenLifetimeTest {

    @Test
    void aTokenIsRenewedAfterFourFifthsOfItsLifeAndAtLeastTenSecondsBeforeItEnds() {
        assertThat(TokenLifetime.renewAfter(Duration.ofHours(1))).isEqualTo(Duration.ofMinutes(48));
        assertThat(TokenLifetime.renewAfter(Duration.ofSeconds(30))).isEqualTo(Duration.ofSeconds(20));
        assertThat(TokenLifetime.renewAfter(Duration.ofSeconds(5))).isEqualTo(Duration.ZERO);
        assertThat(TokenLifetime.renewAfter(null)).isEqualTo(Duration.ofMinutes(48));
    }
}
