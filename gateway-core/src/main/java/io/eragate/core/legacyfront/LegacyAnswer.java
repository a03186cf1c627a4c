package io.eragate.core.legacyfront;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcId;

/** One message of a modern answer, as the legacy client front passes it on ({@link ModernAnswers#toLegacy}). */
public sealed interface LegacyAnswer {

    /** The message in the form a legacy client understands. */
    record Send(JsonNode message) implements LegacyAnswer {
    }

    /** A message a legacy client has no use for (an acknowledgement of a modern stream): dropped. */
    record Drop() implements LegacyAnswer {
    }

    /**
     * The upstream answered {@code input_required} (a multi round-trip request): it needs answers from the client
     * before it can finish. The front relays such rounds to the legacy client, or answers {@code id} with an error.
     *
     * @param id the request's id
     * @param result the modern {@code input_required} result, unchanged
     */
    record InputRequired(JsonRpcId id, ObjectNode result) implements LegacyAnswer {
    }
}
