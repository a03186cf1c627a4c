package io.eragate.core.exchange;

import io.eragate.core.frontdoor.Rejection;
import java.util.Objects;

/**
 * What the client is told about a failed upstream exchange.
 *
 * @param rejection the status (when the head is not yet sent), JSON-RPC error for the request id and headers
 * @param errorType the outcome's error type ({@link ErrorTypes})
 */
public record MappedFailure(Rejection rejection, String errorType) {

    public MappedFailure {
        Objects.requireNonNull(rejection, "rejection");
        Objects.requireNonNull(errorType, "errorType");
    }
}
