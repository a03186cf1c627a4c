package io.eragate.netty.legacyfront;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.legacyfront.LegacyAnswer;
import io.eragate.core.legacyfront.ModernAnswers;
import java.util.Objects;

/**
 * How the answer to one forwarded request goes back to its legacy client: which request it answers (for error
 * mapping), whether it is the {@code server/discover} that answers an {@code initialize} (then it becomes the
 * {@code InitializeResult} and the response carries the new {@code Mcp-Session-Id}), and where an
 * {@code input_required} answer goes.
 *
 * @param method the legacy client's method
 * @param id the legacy client's request id
 * @param negotiatedVersion for an {@code initialize}: the version answered; null otherwise
 * @param newSessionId for an {@code initialize}: the session id issued; null otherwise
 * @param inputRequired where an {@code input_required} answer goes
 */
public record AnswerTranslation(String method, JsonRpcId id, String negotiatedVersion, String newSessionId,
        InputRequiredSeam inputRequired) {

    public AnswerTranslation {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(inputRequired, "inputRequired");
    }

    /** The answer to an ordinary forwarded request. */
    public static AnswerTranslation of(String method, JsonRpcId id, InputRequiredSeam inputRequired) {
        return new AnswerTranslation(method, id, null, null, inputRequired);
    }

    /** The answer to the {@code server/discover} that answers {@code initialize}. */
    public static AnswerTranslation initialize(JsonRpcId id, String negotiatedVersion, String newSessionId) {
        return new AnswerTranslation("initialize", id, negotiatedVersion, newSessionId, InputRequiredSeam.NOT_RELAYED);
    }

    /** Whether this answers an {@code initialize}. */
    public boolean isInitialize() {
        return newSessionId != null;
    }

    /**
     * The legacy form of one modern message: its bytes, or null when the client gets nothing of it.
     *
     * @throws java.io.IOException when {@code modern} is not JSON
     */
    byte[] translate(byte[] modern) throws java.io.IOException {
        JsonNode message = JsonRpcCodec.readTree(modern);
        if (message == null) {
            throw new java.io.IOException("an empty answer");
        }
        if (isInitialize() && message.get("result") instanceof ObjectNode discover && message instanceof ObjectNode
                object) {
            ObjectNode answered = object.deepCopy();
            answered.set("result", ModernAnswers.initializeResult(discover, negotiatedVersion));
            return JsonRpcCodec.mapper().writeValueAsBytes(answered);
        }
        // The tree was parsed here for this translation alone: it is changed in place, not copied.
        LegacyAnswer answer = ModernAnswers.toLegacyInPlace(message, method);
        if (answer instanceof LegacyAnswer.Send send) {
            return JsonRpcCodec.mapper().writeValueAsBytes(send.message());
        }
        if (answer instanceof LegacyAnswer.InputRequired input) {
            return inputRequired.answer(input, this);
        }
        return null;
    }
}
