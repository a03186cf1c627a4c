package io.eragate.netty.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Proves that the leak kit sees a leaked buffer, sees nothing for a released one, and fails the scope that leaked. */
class LeakCheckExtensionTest {
    private static final Logger LOG = LoggerFactory.getLogger(LeakCheckExtensionTest.class);

    private final String marker = "deliberate-leak-" + UUID.randomUUID();

    @BeforeEach
    void keepDeliberateLeaksOutOfTheLog() {
        RecordingLeakDetector.silenceLeaksMentioning(marker);
    }

    /** These leaks are on purpose; take them so they do not fail this class. */
    @AfterEach
    void forgetDeliberateLeaks() {
        RecordingLeakDetector.takeMatching(report -> report.mentions(marker));
        RecordingLeakDetector.unsilence(marker);
    }

    @Test
    void detectorIsTheRecordingOne() {
        ByteBufAllocator.DEFAULT.buffer(1).release();

        assertThat(RecordingLeakDetector.isInstalled())
                .as("the surefire argLine must install RecordingLeakDetector")
                .isTrue();
    }

    @Test
    void recordsAnUnpooledDirectBufferCollectedWithoutRelease() {
        leakOneBuffer(() -> UnpooledByteBufAllocator.DEFAULT.directBuffer(8));

        List<LeakReport> reports = LeakSweep.forceDetection(LeakSweep.DEFAULT_ROUNDS, r -> r.mentions(marker));

        assertThat(reports).as("a report whose records carry our touch hint")
                .anySatisfy(report -> {
                    assertThat(report.mentions(marker)).isTrue();
                    assertThat(report.resourceType()).isEqualTo("ByteBuf");
                });
    }

    @Test
    void recordsAPooledBufferCollectedWithoutRelease() {
        leakOneBuffer(() -> PooledByteBufAllocator.DEFAULT.directBuffer(8));

        List<LeakReport> reports = LeakSweep.forceDetection(LeakSweep.DEFAULT_ROUNDS, r -> r.mentions(marker));

        assertThat(reports).anyMatch(report -> report.mentions(marker));
    }

    @Test
    void recordsNothingForABufferThatWasReleased() {
        ByteBuf buffer = PooledByteBufAllocator.DEFAULT.directBuffer(8);
        buffer.touch(marker).writeLong(42L);
        buffer.release();

        List<LeakReport> reports = LeakSweep.forceDetection(LeakSweep.DEFAULT_ROUNDS, r -> r.mentions(marker));

        assertThat(reports).noneMatch(report -> report.mentions(marker));
    }

    @Test
    void failsTheScopeThatLeakedWithTheReportAndThenForgetsTheLeak() {
        leakOneBuffer(() -> UnpooledByteBufAllocator.DEFAULT.directBuffer(8));

        assertThatThrownBy(() -> LeakCheckExtension.assertNoLeaks("LeakyScope"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("LeakyScope")
                .hasMessageContaining(marker);
        assertThat(RecordingLeakDetector.reports()).as("reports are taken, so they fail one scope only")
                .noneMatch(report -> report.mentions(marker));
    }

    @Test
    void passesAScopeThatReleasedEverything() {
        ByteBuf buffer = UnpooledByteBufAllocator.DEFAULT.directBuffer(8);
        buffer.touch(marker).writeInt(7);
        buffer.release();

        LeakCheckExtension.assertNoLeaks("CleanScope");
    }

    /** Allocates in its own frame so that no local slot of the test keeps the buffer reachable. */
    private void leakOneBuffer(Supplier<ByteBuf> allocate) {
        LOG.info("Leaking a buffer on purpose (hint {}); its LEAK report is recorded, not logged", marker);
        ByteBuf buffer = allocate.get();
        buffer.touch(marker).writeLong(1L);
    }
}
