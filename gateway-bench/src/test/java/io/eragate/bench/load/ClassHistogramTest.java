package io.eragate.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ClassHistogramTest {
    private static final String BEFORE = """
            9863:
             num     #instances         #bytes  class name (module)
            -------------------------------------------------------
               1:         90468        7076024  [B (java.base@17.0.15)
               2:          1177          75328  io.netty.channel.DefaultChannelHandlerContext
               3:         72746        1745904  java.lang.String (java.base@17.0.15)
            Total        164391        8897256
            """;
    private static final String AFTER = """
            9863:
             num     #instances         #bytes  class name (module)
            -------------------------------------------------------
               1:        100468        9076024  [B (java.base@17.0.15)
               2:         41177        2635328  io.netty.channel.DefaultChannelHandlerContext
               3:         72000        1727904  java.lang.String (java.base@17.0.15)
               4:         10000         240000  io.eragate.netty.bridge.ListenExchange
            Total        223645       13679256
            """;

    @Test
    void readsEveryRowAndSkipsTheHeaderAndTheTotal() {
        assertThat(ClassHistogram.parse(BEFORE).size()).isEqualTo(3);
        assertThat(ClassHistogram.parse(AFTER).size()).isEqualTo(4);
    }

    @Test
    void growthIsSortedByBytesAndLeavesOutWhatShrank() {
        ClassHistogram before = ClassHistogram.parse(BEFORE);
        ClassHistogram after = ClassHistogram.parse(AFTER);

        assertThat(after.growthSince(before, 10)).containsExactly(
                new ClassHistogram.Row("io.netty.channel.DefaultChannelHandlerContext", 40_000, 2_560_000),
                new ClassHistogram.Row("[B", 10_000, 2_000_000),
                new ClassHistogram.Row("io.eragate.netty.bridge.ListenExchange", 10_000, 240_000));
        assertThat(after.growthSince(before, 1)).extracting(ClassHistogram.Row::className)
                .containsExactly("io.netty.channel.DefaultChannelHandlerContext");
    }
}
