package io.eragate.core.mrtr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eragate.core.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class PendingRoundsTest {

    private static final Instant START = Instant.parse("2026-08-01T10:00:00Z");

    private final MutableClock clock = new MutableClock(START);
    private final PendingRounds<String> rounds = new PendingRounds<>(clock, new RoundLimits(2, 3, 8));

    @Test
    void aRoundIsClaimedOnce() {
        rounds.register("alice", "r1", START.plusSeconds(60), "call-1");

        assertThat(rounds.claim("r1", "alice")).contains("call-1");
        assertThat(rounds.claim("r1", "alice")).as("single use").isEmpty();
        assertThat(rounds.size()).isZero();
    }

    @Test
    void aPeekLeavesTheRoundClaimableUntilItsDeadline() {
        rounds.register("alice", "r1", START.plusSeconds(60), "call-1");

        assertThat(rounds.peek("r1")).contains("call-1");
        assertThat(rounds.peek("r1")).contains("call-1");
        assertThat(rounds.size()).isEqualTo(1);
        clock.advance(Duration.ofSeconds(60));
        assertThat(rounds.peek("r1")).isEmpty();
        assertThat(rounds.peek("unknown")).isEmpty();
    }

    @Test
    void anotherPrincipalCannotClaimOrConsumeARound() {
        rounds.register("alice", "r1", START.plusSeconds(60), "call-1");

        assertThat(rounds.claim("r1", "mallory")).isEmpty();
        assertThat(rounds.claim("r1", "alice")).contains("call-1");
    }

    @Test
    void removeAllEmptiesTheTableEarliestFirst() {
        rounds.register("alice", "late", START.plusSeconds(90), "c1");
        rounds.register("bob", "early", START.plusSeconds(30), "c2");

        List<PendingRounds.Round<String>> all = rounds.removeAll();

        assertThat(all).extracting(PendingRounds.Round::pendingCallId).containsExactly("early", "late");
        assertThat(rounds.size()).isZero();
        assertThat(rounds.pendingFor("alice")).isZero();
        assertThat(rounds.claim("late", "alice")).isEmpty();
    }

    @Test
    void unknownRoundsAreNotClaimable() {
        assertThat(rounds.claim("nope", "alice")).isEmpty();
    }

    @Test
    void boundsRoundsPerPrincipal() {
        assertThat(rounds.register("alice", "r1", START.plusSeconds(60), "c1")).isEmpty();
        assertThat(rounds.register("alice", "r2", START.plusSeconds(60), "c2")).isEmpty();

        Optional<String> refused = rounds.register("alice", "r3", START.plusSeconds(60), "c3");

        assertThat(refused).hasValueSatisfying(reason -> assertThat(reason).contains("principal").contains("2"));
        assertThat(rounds.register("bob", "r4", START.plusSeconds(60), "c4")).as("others are not affected").isEmpty();
        assertThat(rounds.pendingFor("alice")).isEqualTo(2);

        rounds.claim("r1", "alice");
        assertThat(rounds.register("alice", "r3", START.plusSeconds(60), "c3")).as("a claim frees a slot").isEmpty();
    }

    @Test
    void boundsRoundsInAll() {
        rounds.register("a", "r1", START.plusSeconds(60), "c1");
        rounds.register("b", "r2", START.plusSeconds(60), "c2");
        rounds.register("c", "r3", START.plusSeconds(60), "c3");

        assertThat(rounds.register("d", "r4", START.plusSeconds(60), "c4"))
                .hasValueSatisfying(reason -> assertThat(reason).contains("gateway").contains("3"));
    }

    @Test
    void refusesADuplicateRoundId() {
        rounds.register("alice", "r1", START.plusSeconds(60), "c1");

        assertThatThrownBy(() -> rounds.register("alice", "r1", START.plusSeconds(60), "c2"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(rounds.pendingFor("alice")).isEqualTo(1);
    }

    @Test
    void expiresRoundsByTheClock() {
        rounds.register("alice", "late", START.plusSeconds(90), "c-late");
        rounds.register("bob", "early", START.plusSeconds(30), "c-early");

        assertThat(rounds.expired()).isEmpty();
        assertThat(rounds.nextDeadline()).contains(START.plusSeconds(30));

        clock.advance(Duration.ofSeconds(30));
        assertThat(rounds.claim("early", "bob")).as("not claimable at its deadline").isEmpty();
        List<PendingRounds.Round<String>> expired = rounds.expired();

        assertThat(expired).extracting(PendingRounds.Round::pendingCallId).containsExactly("early");
        assertThat(expired.get(0).call()).isEqualTo("c-early");
        assertThat(rounds.expired()).as("handed out once").isEmpty();
        assertThat(rounds.pendingFor("bob")).isZero();
        assertThat(rounds.claim("late", "alice")).contains("c-late");
        assertThat(rounds.nextDeadline()).isEmpty();
    }

    @Test
    void expiresInDeadlineOrder() {
        rounds.register("a", "r2", START.plusSeconds(20), "c2");
        rounds.register("b", "r1", START.plusSeconds(10), "c1");
        rounds.register("c", "r3", START.plusSeconds(20), "c3");

        clock.advance(Duration.ofMinutes(1));

        assertThat(rounds.expired()).extracting(PendingRounds.Round::pendingCallId).containsExactly("r1", "r2", "r3");
        assertThat(rounds.size()).isZero();
    }

    @Test
    void removesARoundWhoseCallEnded() {
        rounds.register("alice", "r1", START.plusSeconds(60), "c1");

        assertThat(rounds.remove("r1")).contains("c1");
        assertThat(rounds.remove("r1")).isEmpty();
        assertThat(rounds.claim("r1", "alice")).isEmpty();
        clock.advance(Duration.ofMinutes(5));
        assertThat(rounds.expired()).isEmpty();
        assertThat(rounds.pendingFor("alice")).isZero();
    }

    @Test
    void limitsRoundsPerCall() {
        assertThat(rounds.checkRound(1)).isEmpty();
        assertThat(rounds.checkRound(8)).isEmpty();
        assertThat(rounds.checkRound(9)).hasValueSatisfying(reason -> assertThat(reason).contains("8"));
    }

    @Test
    void concurrentClaimsOfOneRoundHaveOneWinner() throws Exception {
        PendingRounds<String> shared = new PendingRounds<>(clock, new RoundLimits(1000, 1000, 8));
        int rounds = 200;
        int claimers = 4;
        for (int i = 0; i < rounds; i++) {
            assertThat(shared.register("p" + (i % 10), "r" + i, START.plusSeconds(60), "c" + i)).isEmpty();
        }
        ExecutorService pool = Executors.newFixedThreadPool(claimers);
        CountDownLatch go = new CountDownLatch(1);
        try {
            List<Future<Integer>> wins = new ArrayList<>();
            for (int t = 0; t < claimers; t++) {
                wins.add(pool.submit(() -> {
                    go.await();
                    int won = 0;
                    for (int i = 0; i < rounds; i++) {
                        if (shared.claim("r" + i, "p" + (i % 10)).isPresent()) {
                            won++;
                        }
                    }
                    return won;
                }));
            }
            go.countDown();
            int total = 0;
            for (Future<Integer> win : wins) {
                total += win.get(30, TimeUnit.SECONDS);
            }

            assertThat(total).isEqualTo(rounds);
            assertThat(shared.size()).isZero();
        } finally {
            pool.shutdownNow();
        }
    }
}
