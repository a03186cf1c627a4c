package io.eragate.netty.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The requests that wait for a stdio process: bounded, in order, and each answered once. */
class StdioWaitersTest {
    private final StdioWaiters waiters = new StdioWaiters("s", 2);

    private static StdioUnavailableException failureOf(CompletableFuture<StdioSession> waiter) {
        return (StdioUnavailableException) waiter.handle((session, failure) -> failure).join();
    }

    @Test
    void aWaiterBeyondTheBoundIsRefusedAt503NamingTheKey() {
        CompletableFuture<StdioSession> first = new CompletableFuture<>();
        CompletableFuture<StdioSession> second = new CompletableFuture<>();
        CompletableFuture<StdioSession> third = new CompletableFuture<>();

        assertThat(waiters.offer(first)).isTrue();
        assertThat(waiters.offer(second)).isTrue();
        assertThat(waiters.offer(third)).isFalse();

        assertThat(first).isNotDone();
        StdioUnavailableException refused = failureOf(third);
        assertThat(refused.status()).isEqualTo(503);
        assertThat(refused.getMessage()).contains("2 requests already wait for a process of s")
                .contains("maxPendingRequests");
    }

    @Test
    void aWaiterWhoseRequestEndedMakesRoom() {
        CompletableFuture<StdioSession> first = new CompletableFuture<>();
        waiters.offer(first);
        waiters.offer(new CompletableFuture<>());
        first.cancel(false);

        assertThat(waiters.offer(new CompletableFuture<>())).isTrue();
    }

    @Test
    void failingWithStatusAndReasonGivesEachWaiterItsOwnErrorAndEmptiesTheQueue() {
        CompletableFuture<StdioSession> first = new CompletableFuture<>();
        CompletableFuture<StdioSession> second = new CompletableFuture<>();
        waiters.offer(first);
        waiters.offer(second);

        waiters.failAll(502, "could not start x");

        assertThat(failureOf(first).status()).isEqualTo(502);
        assertThat(failureOf(first)).isNotSameAs(failureOf(second)).hasMessageContaining("could not start x");
        CompletableFuture<StdioSession> later = new CompletableFuture<>();
        assertThat(waiters.offer(later)).isTrue();
        waiters.completeAll(() -> null);
        assertThat(later).isCompletedWithValue(null);
        assertThat(first).isCompletedExceptionally();
    }

    @Test
    void failingWithOneErrorGivesEveryWaiterThatError() {
        CompletableFuture<StdioSession> first = new CompletableFuture<>();
        CompletableFuture<StdioSession> second = new CompletableFuture<>();
        waiters.offer(first);
        waiters.offer(second);
        StdioUnavailableException paused = new StdioUnavailableException(503, "restarts are paused");

        waiters.failAll(paused);

        assertThat(failureOf(first)).isSameAs(paused);
        assertThat(failureOf(second)).isSameAs(paused);
    }
}
