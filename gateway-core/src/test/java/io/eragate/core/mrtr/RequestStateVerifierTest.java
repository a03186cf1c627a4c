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

class RequestStateVerifierTest {

    private static final Instant ISSUED = Instant.parse("2026-08-01T10:00:00Z");
    private static final Duration LIFETIME = Duration.ofMinutes(5);
    private static final ObjectNode ORIGINAL = obj("{'name':'deploy','arguments':{'env':'prod'},"
            + "'_meta':{'io.modelcontextprotocol/protocolVersion':'2026-07-28'}}");
    private static final ObjectNode RETRY = obj("{'name':'deploy','arguments':{'env':'prod'},"
            + "'_meta':{'io.modelcontextprotocol/protocolVersion':'2026-07-28','progressToken':'p2'},"
            + "'inputResponses':{'elicitation_1':{'action':'accept','content':{'ok':true}}},"
            + "'requestState':'echoed'}");

    private final StateSealer sealer = StateSealer.fromSecret(
            "a secret of thirty-two bytes!!!!".getBytes(StandardCharsets.US_ASCII));
    private final RequestStateVerifier verifier = new RequestStateVerifier(sealer);
    private final RequestState state = new RequestState("gw-1", "call-1/1", "alice", ISSUED.plus(LIFETIME),
            "tools/call", ParamsDigest.of(ORIGINAL), Map.of("elicitation_1", JsonRpcId.of(5)), Map.of(), 1);

    @Test
    void acceptsTheRetryItWasIssuedFor() {
        String token = verifier.issue(state);

        Verification verification = verifier.verify(token, "alice", "tools/call", RETRY, ISSUED.plusSeconds(30));

        assertThat(verification).isEqualTo(new Verification.Valid(state));
    }

    @Test
    void refusesAnExpiredState() {
        String token = verifier.issue(state);
        MutableClock clock = new MutableClock(ISSUED);

        clock.advance(LIFETIME.minusMillis(1));
        assertThat(verifier.verify(token, "alice", "tools/call", RETRY, clock.instant()))
                .isInstanceOf(Verification.Valid.class);
        clock.advance(Duration.ofMillis(1));
        assertThat(verifier.verify(token, "alice", "tools/call", RETRY, clock.instant()))
                .isEqualTo(new Verification.Rejected("requestState has expired; send the request again without it"));
    }

    @Test
    void refusesAnotherPrincipal() {
        String token = verifier.issue(state);

        assertThat(verifier.verify(token, "mallory", "tools/call", RETRY, ISSUED))
                .isEqualTo(new Verification.Rejected("requestState was issued to another principal"));
    }

    @Test
    void refusesAnotherMethod() {
        String token = verifier.issue(state);

        assertThat(verifier.verify(token, "alice", "prompts/get", RETRY, ISSUED))
                .isEqualTo(new Verification.Rejected("requestState was issued for tools/call, not for prompts/get"));
    }

    @Test
    void refusesOtherParams() {
        String token = verifier.issue(state);
        ObjectNode otherArguments = RETRY.deepCopy();
        otherArguments.with("arguments").put("env", "dev");

        assertThat(verifier.verify(token, "alice", "tools/call", otherArguments, ISSUED))
                .isInstanceOfSatisfying(Verification.Rejected.class,
                        rejected -> assertThat(rejected.reason()).contains("different params"));
    }

    @Test
    void refusesATamperedOrForeignToken() {
        String token = verifier.issue(state);
        char last = token.charAt(token.length() / 2);
        String tampered = token.substring(0, token.length() / 2) + (last == 'A' ? 'B' : 'A')
                + token.substring(token.length() / 2 + 1);
        String foreign = new RequestStateVerifier(StateSealer.random()).issue(state);

        for (String bad : new String[] {tampered, foreign, "", "garbage"}) {
            assertThat(verifier.verify(bad, "alice", "tools/call", RETRY, ISSUED))
                    .isInstanceOfSatisfying(Verification.Rejected.class,
                            rejected -> assertThat(rejected.reason()).startsWith("requestState is not valid"));
        }
    }

    @Test
    void refusesASealedPayloadThatIsNotAState() {
        String token = sealer.seal("{\"v\":1}".getBytes(StandardCharsets.UTF_8));

        assertThat(verifier.verify(token, "alice", "tools/call", RETRY, ISSUED))
                .isInstanceOf(Verification.Rejected.class);
    }

    @Test
    void aSecondInstanceWithTheSameSecretVerifiesAndSeesTheOwner() {
        String token = verifier.issue(state);
        RequestStateVerifier other = new RequestStateVerifier(StateSealer.fromSecret(
                "a secret of thirty-two bytes!!!!".getBytes(StandardCharsets.US_ASCII)));

        Verification verification = other.verify(token, "alice", "tools/call", RETRY, ISSUED);

        assertThat(verification).isInstanceOfSatisfying(Verification.Valid.class,
                valid -> assertThat(valid.state().instanceId()).isEqualTo("gw-1"));
    }
}
