package io.eragate.core.jsonrpc;

import java.util.Objects;

/**
 * Thrown by {@link JsonRpcCodec#classify(com.fasterxml.jackson.databind.JsonNode)} when a JSON value is not a valid
 * JSON-RPC 2.0 message. Carries the error to answer with and the id, when one could be read.
 */
public final class JsonRpcShapeException extends Exception {

    private static final long serialVersionUID = 1L;

    private final transient JsonRpcId idOrNull;
    private final transient JsonRpcError error;

    /**
     * @param idOrNull the message id when it is a valid id, else {@code null}
     * @param error the {@link JsonRpcErrorCodes#INVALID_REQUEST} error describing the problem
     */
    public JsonRpcShapeException(JsonRpcId idOrNull, JsonRpcError error) {
        super(Objects.requireNonNull(error, "error").message(), null, false, false);
        this.idOrNull = idOrNull;
        this.error = error;
    }

    /** The id of the offending message, or {@code null} when it had none or an invalid one. */
    public JsonRpcId idOrNull() {
        return idOrNull;
    }

    /** The error to answer with. */
    public JsonRpcError error() {
        return error;
    }
}
