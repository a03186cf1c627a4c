package io.eragate.core.mrtr;

import static io.eragate.core.mrtr.TestJson.obj;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.security.StateSealer;
import io.eragate.core.testing.MutableClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RetryCheckTest {

    private static final Instant ISSUED = Instant.parse("2026-08-01T10:00:00Z");
    private static final Duration ROUND_TIMEOUT = Duration.ofMinutes(5);
    private static final ObjectNode ORIGINAL = obj("{'name':'deploy','arguments':{'env':'prod'}}");

    private final RequestStateVerifier verifier = new RequestStateVerifier(StateSealer.fromSecret(
            "a secret of thirty-two bytes!!!!".getBytes(StandardCharsets.US_ASCII)));
    private final MutableClock clock = new MutableClock(ISSUED);

    private ObjectNode retryOf(String pendingCallId, String instanceId) {
        String token = verifier.issue(new RequestState(instanceId, pendingCallId, "alice",
                ISSUED.plus(ROUND_TIMEOUT), "tools/call", ParamsDigest.of(ORIGINAL),
                Map.of("elicitation_1", JsonRpcId.of(5)), Map.of(), 2));
        ObjectNode retry = ORIGINAL.deepCopy();
        retry.set("inputResponses", obj("{'elicitation_1':{'action':'accept'}}"));
        retry.put("requestState", token);
        return retry;
    }

    @Test
    void aRetryWithinTheRoundTimeoutResumesItsParkedCallAndOneAfterItIsRefused() {
        ObjectNode retry = retryOf("call-1", "gw-1");

        clock.advance(ROUND_TIMEOUT.minusMillis(1));
        RetryCheck.Outcome inTime = RetryCheck.check(retry, verifier, "alice", "tools/call", clock.instant(), "gw-1");
        clock.advance(Duration.ofMillis(1));
        RetryCheck.Outcome late = RetryCheck.check(retry, verifier, "alice", "tools/call", clock.instant(), "gw-1");

        assertThat(inTime).isInstanceOfSatisfying(RetryCheck.Outcome.Resume.class,
                resume -> assertThat(resume.state().pendingCallId()).isEqualTo("call-1"));
        assertThat(late).isEqualTo(new RetryCheck.Outcome.Refused(
                "requestState has expired; send the request again without it"));
    }

    @Test
    void aRetryAfterAUrlElicitationRoundSendsTheRequestAgainWithoutTheRoundsState() {
        ObjectNode retry = retryOf(RetryCheck.reissueCallId("abc"), "gw-1");

        RetryCheck.Outcome outcome = RetryCheck.check(retry, verifier, "alice", "tools/call", clock.instant(), "gw-1");

        assertThat(outcome).isEqualTo(new RetryCheck.Outcome.SendAgain(ORIGINAL, 2));
    }

    @Test
    void aRetryForAnotherInstanceNamesBoth() {
        RetryCheck.Outcome outcome = RetryCheck.check(retryOf("call-1", "gw-2"), verifier, "alice", "tools/call",
                clock.instant(), "gw-1");

        assertThat(outcome).isEqualTo(new RetryCheck.Outcome.Refused("requestState belongs to gateway instance "
                + "gw-2, which holds the waiting call; this is gw-1 (retries must be routed to the instance that "
                + "answered input_required)"));
    }

    @Test
    void aStateThatIsNotAStringIsRefused() {
        ObjectNode retry = ORIGINAL.deepCopy();
        retry.put("requestState", 42);

        assertThat(RetryCheck.check(retry, verifier, "alice", "tools/call", clock.instant(), "gw-1"))
                .isEqualTo(new RetryCheck.Outcome.Refused("requestState must be the string a result gave"));
    }

    @Test
    void answersSentAlongAreTakenOnlyFromAFirstRequest() {
        ObjectNode first = obj("{'name':'t','inputResponses':{'name':{'action':'decline'}}}");
        ObjectNode retry = obj("{'name':'t','inputResponses':{'name':{'action':'decline'}},'requestState':'x'}");

        assertThat(RetryCheck.presuppliedAnswers(first)).isEqualTo(obj("{'name':{'action':'decline'}}"));
        assertThat(RetryCheck.presuppliedAnswers(retry)).isNull();
        assertThat(RetryCheck.presuppliedAnswers(null)).isNull();
    }
}
