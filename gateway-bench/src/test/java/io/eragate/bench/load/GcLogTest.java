package io.eragate.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GcLogTest {

    @Test
    void readsTheOccupancyOfEveryPauseInTheLog() {
        String log = """
                [0.016s][info][gc] Using G1
                [1.319s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 27M->4M(512M) 26.230ms
                [2.100s][info][gc] GC(1) Pause Young (Concurrent Start) (G1 Humongous Allocation) 300M->12M(512M) 3.1ms
                [2.200s][info][gc] GC(2) Concurrent Mark Cycle
                [2.300s][info][gc] GC(2) Pause Remark 12M->12M(512M) 1.0ms
                [2.400s][info][gc] GC(3) Pause Full (System.gc()) 900K->800K(1G) 20.0ms
                """;

        assertThat(GcLog.parse(log)).containsExactly(
                new GcLog.Collection(27L << 20, 4L << 20),
                new GcLog.Collection(300L << 20, 12L << 20),
                new GcLog.Collection(12L << 20, 12L << 20),
                new GcLog.Collection(900L << 10, 800L << 10));
    }

    @Test
    void aLogWithoutPausesHasNoCollections() {
        assertThat(GcLog.parse("[0.016s][info][gc] Using G1\n")).isEmpty();
    }
}
