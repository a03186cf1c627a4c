package io.eragate.core.legacyrelay;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.mrtr.RoundLimits;
import io.eragate.core.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class AwaitedAnswersTest {

    private static final Instant START = Instant.parse("2026-08-01T10:00:00Z");

    private final MutableClock clock = new MutableClock(START);
    private final AwaitedAnswers<String> answers = new AwaitedAnswers<>(clock, Duration.ofSeconds(60),
            new RoundLimits(2, 3, 8));

    @Test
    void requestIdsAreUniqueAcrossSessions() {
        JsonRpcId first = answers.nextRequestId();
        JsonRpcId second = answers.nextRequestId();

        assertThat(first).isNotEqualTo(second);
        assertThat(first.node().isTextual()).isTrue();
    }

    @Test
    void anAnswerIsRoutedToItsRoundOnlyInItsOwnSession() {
        JsonRpcId a = answers.nextRequestId();
        JsonRpcId b = answers.nextRequestId();
        AwaitedAnswers.Registration registration = answers.register("s1", "alice", List.of(a, b), "round-1");

        assertThat(registration.registered()).isTrue();
        assertThat(answers.route("s1", a)).contains("round-1");
        assertThat(answers.route("s1", b)).as("the round stays until finished").contains("round-1");
        assertThat(answers.route("s2", a)).as("another session's answer").isEmpty();

        answers.finish(registration.roundId());
        assertThat(answers.route("s1", a)).isEmpty();
        assertThat(answers.size()).isZero();
    }

    @Test
    void aRoundExpiresAfterTheRoundTimeout() {
        JsonRpcId a = answers.nextRequestId();
        answers.register("s1", "alice", List.of(a), "round-1");

        clock.advance(Duration.ofSeconds(59));
        assertThat(answers.expired()).isEmpty();
        assertThat(answers.nextDeadline()).contains(START.plusSeconds(60));
        clock.advance(Duration.ofSeconds(1));

        assertThat(answers.route("s1", a)).as("late answers are not routed").isEmpty();
        assertThat(answers.expired()).containsExactly("round-1");
        assertThat(answers.size()).isZero();
    }

    @Test
    void roundsAreBoundedPerPrincipalAndInAll() {
        assertThat(answers.register("s1", "alice", List.of(answers.nextRequestId()), "1").registered()).isTrue();
        assertThat(answers.register("s2", "alice", List.of(answers.nextRequestId()), "2").registered()).isTrue();

        AwaitedAnswers.Registration third = answers.register("s3", "alice", List.of(answers.nextRequestId()), "3");
        assertThat(third.registered()).isFalse();
        assertThat(third.refusal()).contains("too many");

        assertThat(answers.register("s4", "bob", List.of(answers.nextRequestId()), "4").registered()).isTrue();
        assertThat(answers.register("s5", "carol", List.of(answers.nextRequestId()), "5").registered()).isFalse();
    }

    @Test
    void anEndedSessionGivesBackItsRounds() {
        JsonRpcId a = answers.nextRequestId();
        JsonRpcId b = answers.nextRequestId();
        answers.register("s1", "alice", List.of(a), "mine");
        answers.register("s2", "bob", List.of(b), "theirs");

        assertThat(answers.endSession("s1")).containsExactly("mine");
        assertThat(answers.route("s1", a)).isEmpty();
        assertThat(answers.route("s2", b)).contains("theirs");
        assertThat(answers.size()).isEqualTo(1);
    }
}
