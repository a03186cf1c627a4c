package io.eragate.netty.legacyfront;

import io.eragate.core.legacyfront.LegacyAnswer;
import io.eragate.core.legacyfront.ModernAnswers;

/**
 * Where an upstream's {@code input_required} answer (a multi round-trip request) arrives on the legacy client front,
 * on its way to a legacy client. The relay of its input requests to the client (as {@code elicitation/create},
 * {@code sampling/createMessage} and {@code roots/list} on the POST's SSE stream) plugs in here; until then the client
 * gets a JSON-RPC error for its request that names the limitation.
 */
public interface InputRequiredSeam {

    /** Answers the client's request with an error naming the limitation. */
    InputRequiredSeam NOT_RELAYED = (input, translation) -> ModernAnswers.inputNotRelayed(input.id(), input.result());

    /**
     * The JSON-RPC message the client gets in place of {@code input} (its request's final answer).
     *
     * @param translation the answer being translated: the request's method, id and session
     */
    byte[] answer(LegacyAnswer.InputRequired input, AnswerTranslation translation);

    /**
     * Whether the last {@link #answer} took the request over: the translator then leaves the client's answer open as
     * an SSE stream (its head written, no end) and calls {@link #streamOpen()}; the seam writes the rest.
     */
    default boolean holdsStreamOpen() {
        return false;
    }

    /** The client's answer is an open SSE stream that the seam now owns (after {@link #holdsStreamOpen()}). */
    default void streamOpen() {
    }

    /** The translator wrote the request's whole answer (the request is over for the client). */
    default void answered() {
    }
}
