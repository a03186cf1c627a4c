package io.eragate.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class EstablishedConnectionsTest {
    /** Port 40000 is 9C40 in hex: two established connections to it, one closing, one from it, one elsewhere. */
    private static final List<String> TABLE = List.of(
            "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode",
            "   0: 0100007F:9C40 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1",
            "   1: 0100007F:D431 0100007F:9C40 01 00000000:00000000 00:00000000 00000000     0        0 2 1",
            "   2: 0100007F:D432 0100007F:9C40 01 00000000:00000000 00:00000000 00000000     0        0 3 1",
            "   3: 0100007F:D433 0100007F:9C40 06 00000000:00000000 00:00000000 00000000     0        0 4 1",
            "   4: 0100007F:9C40 0100007F:D431 01 00000000:00000000 00:00000000 00000000     0        0 5 1",
            "   5: 0100007F:D434 0100007F:1F90 01 00000000:00000000 00:00000000 00000000     0        0 6 1");

    @Test
    void onlyEstablishedConnectionsToThePortCount() {
        assertThat(EstablishedConnections.count(TABLE, 40_000)).isEqualTo(2);
        assertThat(EstablishedConnections.count(TABLE, 8080)).isEqualTo(1);
        assertThat(EstablishedConnections.count(TABLE, 9)).isZero();
    }

    @Test
    void aProcessThatIsNotThereHasNoConnections() {
        assertThat(EstablishedConnections.count(-1, 40_000)).isZero();
    }

    @Test
    void theSessionsHeldLeaveRoomForTheirSocketsUnderTheHardLimit() {
        assertThat(CapacityRun.sessionsTheLimitAllows(10_000, 1_048_576)).isEqualTo(10_000);
        assertThat(CapacityRun.sessionsTheLimitAllows(10_000, 20_000)).as("one socket a session: all 10,000 fit")
                .isEqualTo(10_000);
        assertThat(CapacityRun.sessionsTheLimitAllows(10_000, 10_000)).as("one socket a session")
                .isEqualTo(10_000 - CapacityRun.FILES_BESIDES_SESSIONS);
        assertThat(CapacityRun.sessionsTheLimitAllows(10_000, -1)).as("unknown limit").isEqualTo(10_000);
        assertThat(CapacityRun.sessionsTheLimitAllows(10_000, 100)).isEqualTo(1);
    }
}
