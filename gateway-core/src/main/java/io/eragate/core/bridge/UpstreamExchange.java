package io.eragate.core.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.jsonrpc.JsonRpcId;
import java.util.Objects;

/**
 * One modern request in flight on a shared upstream session, with the ids and progress tokens on both sides.
 *
 * @param upstreamId the id Eragate sent upstream; unique within the session
 * @param clientId the client's own id, echoed back exactly (a number stays a number)
 * @param clientProgressToken the client's progress token, or {@code null} when it asked for no progress
 * @param upstreamProgressToken the token Eragate sent upstream in its place, or {@code null} when there is none
 */
public record UpstreamExchange(
        JsonRpcId upstreamId, JsonRpcId clientId, JsonNode clientProgressToken, JsonNode upstreamProgressToken) {

    public UpstreamExchange {
        Objects.requireNonNull(upstreamId, "upstreamId");
        Objects.requireNonNull(clientId, "clientId");
        if ((clientProgressToken == null) != (upstreamProgressToken == null)) {
            throw new IllegalArgumentException("a progress token is rewritten on both sides or on neither");
        }
    }
}
