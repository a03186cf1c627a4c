package io.eragate.core.mrtr;

import io.eragate.core.jsonrpc.JsonRpcId;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * What a sealed {@code requestState} token carries: enough to bind a client's retry to the upstream call that is still
 * waiting for answers, and to refuse it when it comes from someone else or for something else.
 *
 * @param instanceId the gateway instance that holds the pending upstream call
 * @param pendingCallId the gateway's id of this round of the pending call (see {@link PendingRounds})
 * @param principal the authenticated principal the state was issued to
 * @param expiresAt the instant from which the state is refused
 * @param method the original request's method
 * @param paramsDigest {@link ParamsDigest#of} of the original request's params
 * @param keys input request key to the id of the upstream server-to-client request it answers
 * @param elicitationIds input request key to the upstream {@code elicitationId} of a url-mode elicitation, which
 *     2026-07-28 no longer sends to the client
 * @param round 1 for the first {@code input_required} of a call, then counting up
 */
public record RequestState(String instanceId, String pendingCallId, String principal, Instant expiresAt,
        String method, String paramsDigest, Map<String, JsonRpcId> keys, Map<String, String> elicitationIds,
        int round) {

    public RequestState {
        Objects.requireNonNull(instanceId, "instanceId");
        Objects.requireNonNull(pendingCallId, "pendingCallId");
        Objects.requireNonNull(principal, "principal");
        Objects.requireNonNull(expiresAt, "expiresAt");
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(paramsDigest, "paramsDigest");
        keys = Map.copyOf(keys);
        elicitationIds = Map.copyOf(elicitationIds);
        if (round < 1) {
            throw new IllegalArgumentException("round starts at 1, not " + round);
        }
    }
}
