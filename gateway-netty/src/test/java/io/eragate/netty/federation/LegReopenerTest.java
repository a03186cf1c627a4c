package io.eragate.netty.federation;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.listen.ReopenBackoff;
import io.netty.channel.DefaultEventLoop;
import io.netty.channel.EventLoop;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The reopening of lost listen legs: attempts run on the loop until they are spent, then the leg is given up. */
class LegReopenerTest {
    private final EventLoop loop = new DefaultEventLoop();
    private final LegReopener reopener = new LegReopener(
            new ReopenBackoff(Duration.ofMillis(1), Duration.ofMillis(2), 3), loop);

    @AfterEach
    void stop() {
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    private <T> T onLoop(java.util.concurrent.Callable<T> task) throws Exception {
        return loop.submit(task).get(10, TimeUnit.SECONDS);
    }

    @Test
    void aLostLegIsReopenedOnTheLoopUntilItsAttemptsAreSpentAndThenGivenUp() throws Exception {
        AtomicInteger reopened = new AtomicInteger();
        CompletableFuture<Integer> givenUp = new CompletableFuture<>();
        Runnable[] loseAgain = new Runnable[1];
        loseAgain[0] = () -> reopener.lost("a", () -> {
            assertThat(loop.inEventLoop()).isTrue();
            reopened.incrementAndGet();
            loseAgain[0].run();
        }, givenUp::complete);

        loop.execute(loseAgain[0]);

        assertThat(givenUp.get(10, TimeUnit.SECONDS)).as("attempts made when given up").isEqualTo(3);
        assertThat(reopened.get()).isEqualTo(3);
        assertThat(onLoop(() -> reopener.of("a").isEmpty())).as("a given-up leg is forgotten").isTrue();
        assertThat(onLoop(reopener::nonePending)).isTrue();
    }

    @Test
    void aScheduledAttemptIsPendingUntilItRunsAndTheLegIsKnownMeanwhile() throws Exception {
        CountDownLatch ran = new CountDownLatch(1);
        LegReopener slow = new LegReopener(new ReopenBackoff(Duration.ofSeconds(1), Duration.ofSeconds(2), 3), loop);

        onLoop(() -> {
            slow.lost("a", ran::countDown, attempts -> { });
            return null;
        });

        assertThat(onLoop(slow::nonePending)).isFalse();
        assertThat(onLoop(() -> slow.of("a").isPresent())).isTrue();
        assertThat(ran.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(onLoop(slow::nonePending)).isTrue();
    }

    @Test
    void cancellingDropsEveryScheduledAttempt() throws Exception {
        LegReopener slow = new LegReopener(new ReopenBackoff(Duration.ofSeconds(1), Duration.ofSeconds(2), 3), loop);
        AtomicInteger reopened = new AtomicInteger();
        onLoop(() -> {
            slow.lost("a", reopened::incrementAndGet, attempts -> { });
            slow.lost("b", reopened::incrementAndGet, attempts -> { });
            slow.cancelAll();
            return null;
        });

        assertThat(onLoop(slow::nonePending)).isTrue();
        // An attempt left scheduled would have run by the time a later task, queued after its delay, runs.
        loop.schedule(() -> { }, 1500, TimeUnit.MILLISECONDS).get(10, TimeUnit.SECONDS);
        assertThat(reopened.get()).isZero();
    }
}
