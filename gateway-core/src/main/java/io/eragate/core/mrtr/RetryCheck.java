package io.eragate.core.mrtr;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.Objects;

/**
 * What a retry that carries {@code requestState} resumes: a call parked for input on this gateway instance, the
 * request sent again after a url-mode elicitation round (no call waited), or nothing (the client is told why).
 */
public final class RetryCheck {
    /** The params key of the sealed round state a retry echoes. */
    public static final String REQUEST_STATE = "requestState";
    /** The params key of the client's answers to the round's input requests. */
    public static final String INPUT_RESPONSES = "inputResponses";
    /** Marks the {@code pendingCallId} of a round after which no call waits: the retry sends the request again. */
    private static final String REISSUE = "reissue-";

    private RetryCheck() {
    }

    /** The pending-call id of a round after which the retry sends the request again; {@code fresh} is random. */
    public static String reissueCallId(String fresh) {
        return REISSUE + fresh;
    }

    /**
     * Checks a retry.
     *
     * @param params the retry's params (holding {@code requestState})
     * @param verifier opens and checks the sealed state
     * @param principal who sends the retry
     * @param method the retry's method
     * @param now the time, from the gateway's clock
     * @param instanceId this gateway instance
     */
    public static Outcome check(ObjectNode params, RequestStateVerifier verifier, String principal, String method,
            Instant now, String instanceId) {
        JsonNode token = params.get(REQUEST_STATE);
        if (token == null || !token.isTextual()) {
            return new Outcome.Refused("requestState must be the string a result gave");
        }
        Verification verification = verifier.verify(token.textValue(), principal, method, params, now);
        if (verification instanceof Verification.Rejected rejected) {
            return new Outcome.Refused(rejected.reason());
        }
        RequestState state = ((Verification.Valid) verification).state();
        if (!state.instanceId().equals(instanceId)) {
            return new Outcome.Refused("requestState belongs to gateway instance " + state.instanceId()
                    + ", which holds the waiting call; this is " + instanceId
                    + " (retries must be routed to the instance that answered input_required)");
        }
        if (state.pendingCallId().startsWith(REISSUE)) {
            ObjectNode again = params.deepCopy();
            again.remove(REQUEST_STATE);
            again.remove(INPUT_RESPONSES);
            return new Outcome.SendAgain(again, state.round());
        }
        return new Outcome.Resume(state);
    }

    /** The first request's answers sent along without {@code requestState}, by input key; null when none. */
    public static ObjectNode presuppliedAnswers(ObjectNode params) {
        if (params == null || params.has(REQUEST_STATE) || !(params.get(INPUT_RESPONSES) instanceof ObjectNode given)) {
            return null;
        }
        return given.deepCopy();
    }

    /** What the retry does. */
    public sealed interface Outcome permits Outcome.Refused, Outcome.SendAgain, Outcome.Resume {

        /**
         * The retry is answered -32602 with {@code reason}.
         *
         * @param reason what was wrong, for the client
         */
        record Refused(String reason) implements Outcome {
            public Refused {
                Objects.requireNonNull(reason, "reason");
            }
        }

        /**
         * No call waits: the request goes upstream again, without the round's state and answers.
         *
         * @param params the request's params to send
         * @param round the rounds the call has had
         */
        record SendAgain(ObjectNode params, int round) implements Outcome {
        }

        /**
         * The retry resumes the call parked under {@code state.pendingCallId()}.
         *
         * @param state the verified round state
         */
        record Resume(RequestState state) implements Outcome {
        }
    }
}
