package io.eragate.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import org.junit.jupiter.api.Test;

class NativeMemoryTest {
    /** The head of what {@code jcmd PID VM.native_memory summary} printed for an Eragate JVM (JDK 17). */
    private static final String SUMMARY = """
            9863:

            Native Memory Tracking:

            (Omitting categories weighting less than 1KB)

            Total: reserved=2015564KB, committed=663516KB
                   malloc: 33104KB #158051
                   mmap:   reserved=1982460KB, committed=630412KB

            -                 Java Heap (reserved=524288KB, committed=524288KB)
                                        (mmap: reserved=524288KB, committed=524288KB)\s
            \s
            -                     Class (reserved=1049129KB, committed=3689KB)
                                        (classes #5021)
            -                    Thread (reserved=25765KB, committed=1797KB)
                                        (thread #25)
            -                     Other (reserved=16392KB, committed=16392KB)
                                        (malloc=16392KB #61)
            -    Native Memory Tracking (reserved=2405KB, committed=2405KB)
            """;

    @Test
    void readsTheCommittedTotalAndEachCategory() {
        NativeMemory memory = NativeMemory.parse(SUMMARY);

        assertThat(memory.committedBytes()).isEqualTo(663_516L * 1024);
        assertThat(memory.committedByCategory()).containsExactly(
                entry("Java Heap", 524_288L * 1024),
                entry("Class", 3_689L * 1024),
                entry("Thread", 1_797L * 1024),
                entry("Other", 16_392L * 1024),
                entry("Native Memory Tracking", 2_405L * 1024));
        assertThat(memory.committedOutsideHeapBytes()).isEqualTo((663_516L - 524_288L) * 1024);
    }

    @Test
    void aJvmWithoutTrackingIsAnError() {
        assertThatThrownBy(() -> NativeMemory.parse("9863:\nNative memory tracking is not enabled\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not enabled");
    }
}
