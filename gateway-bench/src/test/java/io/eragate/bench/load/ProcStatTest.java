package io.eragate.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.OptionalLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ProcStatTest {

    static Stream<Arguments> statLines() {
        return Stream.of(
                Arguments.of("plain command", "1234 (java) S 1 1234 1234 0 -1 4194560 100 0 0 0 250 75 0 0 20 0 30 0",
                        325L),
                Arguments.of("spaces and parentheses in the command",
                        "77 (nginx: worker (x) ) S 76 76 76 0 -1 4194624 10 0 0 0 12 8 0 0 20 0 1 0", 20L),
                Arguments.of("large counters", "9 (load-client) R 1 9 9 0 -1 0 0 0 0 0 9000000000 1 0 0 20 0 1 0",
                        9_000_000_001L));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("statLines")
    void cpuTicksAreUtimePlusStime(String why, String line, long expected) {
        assertThat(ProcStat.cpuTicks(line)).as(why).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badStatLines")
    void malformedStatLinesAreRefused(String line) {
        assertThatThrownBy(() -> ProcStat.cpuTicks(line)).isInstanceOf(IllegalArgumentException.class);
    }

    static Stream<String> badStatLines() {
        return Stream.of("no parentheses at all", "1 (java) S 1 2 3");
    }

    @Test
    void machineTicksSplitBusyStealAndIdle() {
        ProcStat.MachineTicks ticks = ProcStat.machineTicks(
                "cpu  370841 10 48114 224524 877 5 4368 5456 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\nintr 1\n");
        assertThat(ticks).isEqualTo(new ProcStat.MachineTicks(370841 + 10 + 48114 + 5 + 4368, 5456, 224524 + 877));
    }

    @Test
    void aFileWithoutTheCpuLineIsRefused() {
        assertThatThrownBy(() -> ProcStat.machineTicks("intr 1\n")).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("statusFiles")
    void residentBytesComeFromVmRss(String why, String status, OptionalLong expected) {
        assertThat(ProcStat.residentBytes(status)).as(why).isEqualTo(expected);
    }

    static Stream<Arguments> statusFiles() {
        return Stream.of(
                Arguments.of("kB to bytes", "Name:\tjava\nVmPeak:\t  999 kB\nVmRSS:\t  235520 kB\nThreads:\t30\n",
                        OptionalLong.of(235_520L * 1024)),
                Arguments.of("a kernel thread has none", "Name:\tkthreadd\nThreads:\t1\n", OptionalLong.empty()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("heapInfos")
    void heapUsedComesFromTheHeapLine(String why, String output, OptionalLong expected) {
        assertThat(ProcStat.heapUsedBytes(output)).as(why).isEqualTo(expected);
    }

    static Stream<Arguments> heapInfos() {
        return Stream.of(
                Arguments.of("G1", """
                        4242:
                         garbage-first heap   total 524288K, used 7012K [0x00000000e0000000, 0x0000000100000000)
                          region size 1024K, 2 young (2048K), 0 survivors (0K)
                         Metaspace       used 21000K, committed 21500K, reserved 1114112K
                          class space    used 2500K, committed 2700K, reserved 1048576K
                        """, OptionalLong.of(7012L * 1024)),
                Arguments.of("Parallel", """
                        4243:
                         PSYoungGen      total 152576K, used 10485K [0x00000000f5580000, 0x0000000100000000)
                          eden space 131072K, 8% used [0x00000000f5580000,0x00000000f5fbd6c0,0x00000000fd580000)
                         ParOldGen       total 348160K, used 100K [0x00000000e0000000, 0x00000000f5400000)
                         Metaspace       used 3000K, committed 3200K, reserved 1056768K
                        """, OptionalLong.of(10485L * 1024)),
                Arguments.of("nothing recognisable", "4244:\nAttach failed\n", OptionalLong.empty()));
    }

    @Test
    void maxOpenFilesIsTheSoftLimitOfItsRow() {
        String limits = """
                Limit                     Soft Limit           Hard Limit           Units
                Max processes             unlimited            unlimited            processes
                Max open files            20000                524288               files
                Max locked memory         8388608              8388608              bytes
                """;
        assertThat(ProcStat.maxOpenFiles(limits)).isEqualTo(20_000);
        assertThat(ProcStat.hardMaxOpenFiles(limits)).isEqualTo(524_288);
        assertThat(ProcStat.maxOpenFiles("Max open files            unlimited            unlimited            files"))
                .isEqualTo(Long.MAX_VALUE);
        assertThatThrownBy(() -> ProcStat.maxOpenFiles("Max processes 1 1 processes"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
