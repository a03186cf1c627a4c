package io.eragate.core.ratelimit;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.jsonrpc.JsonRpcId;
import java.util.Map;

/** The answer to a request over its rate limit: 429, {@code Retry-After}, and the limit that applied. */
public final class RateLimitRejections {

    private RateLimitRejections() {
    }

    /** 429 for {@code limited}, keeping the request id. */
    public static Rejection tooManyRequests(JsonRpcId id, RateLimiter.Limited limited) {
        RateLimitRule rule = limited.rule();
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("retryAfterSeconds", limited.retryAfterSeconds());
        ObjectNode limit = data.putObject("limit");
        limit.put("key", rule.key().yaml());
        limit.put("requests", rule.requests());
        limit.put("perSeconds", rule.per().toMillis() / 1000.0);
        return new Rejection(429, id, new JsonRpcError(JsonRpcErrorCodes.INVALID_REQUEST,
                "Too many requests: over the limit of " + rule.requests() + " per " + rule.per().toSeconds()
                        + "s (key " + rule.key().yaml() + "); retry after " + limited.retryAfterSeconds() + "s",
                data), Map.of("Retry-After", Long.toString(limited.retryAfterSeconds())));
    }
}
