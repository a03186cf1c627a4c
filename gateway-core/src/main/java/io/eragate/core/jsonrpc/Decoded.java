package io.eragate.core.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * The outcome of {@link JsonRpcCodec#decode(byte[])}: a classified message, a body that is not JSON, or JSON that is
 * not a valid JSON-RPC 2.0 message.
 */
public sealed interface Decoded {

    /**
     * A well-formed JSON-RPC message.
     *
     * @param message the classified message (request, notification or response)
     * @param tree the parsed body, kept so that later steps never parse twice
     */
    record Message(JsonRpcMessage message, JsonNode tree) implements Decoded {

        public Message {
            Objects.requireNonNull(message, "message");
            Objects.requireNonNull(tree, "tree");
        }
    }

    /**
     * The body is not JSON at all.
     *
     * @param error a {@link JsonRpcErrorCodes#PARSE_ERROR} error that says where parsing failed
     */
    record Malformed(JsonRpcError error) implements Decoded {

        public Malformed {
            Objects.requireNonNull(error, "error");
        }
    }

    /**
     * The body is JSON but not a valid JSON-RPC 2.0 message.
     *
     * @param idOrNull the message's id when it could be read as a valid id, else {@code null}
     * @param error a {@link JsonRpcErrorCodes#INVALID_REQUEST} error that names the offending member
     */
    record Invalid(JsonRpcId idOrNull, JsonRpcError error) implements Decoded {

        public Invalid {
            Objects.requireNonNull(error, "error");
        }
    }
}
