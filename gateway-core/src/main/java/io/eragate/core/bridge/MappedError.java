package io.eragate.core.bridge;

import io.eragate.core.jsonrpc.JsonRpcError;
import java.util.Objects;

/**
 * An upstream failure translated for a 2026-07-28 client.
 *
 * @param error the error to send to the client
 * @param httpStatus the HTTP status to send it with (200 for an in-band error)
 * @param urlElicitationRequired whether the upstream failed with the legacy -32042 "URL elicitation required"; a
 *     caller that can turn it into an {@code InputRequiredResult} does so, any other sends {@link #error()}
 */
public record MappedError(JsonRpcError error, int httpStatus, boolean urlElicitationRequired) {

    public MappedError {
        Objects.requireNonNull(error, "error");
    }
}
