package io.eragate.netty.upstream;

import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.frontdoor.Rejections;
import io.eragate.core.jsonrpc.JsonRpcId;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

/** What a client is told when an upstream call failed before the upstream's answer began. */
final class UpstreamFailures {

    private UpstreamFailures() {
    }

    /**
     * 504 for no answer within {@code timeout}, 503 for an exhausted connection pool, 502 for a malformed answer or an
     * unreachable upstream; each keeps {@code id} (which may be {@code null}).
     */
    static Rejection beforeHead(Throwable cause, JsonRpcId id, UpstreamTarget target, Duration timeout) {
        if (cause instanceof TimeoutException) {
            return Rejections.upstreamTimeout(id, target.name(), timeout);
        }
        if (cause instanceof UpstreamPoolExhaustedException) {
            return Rejections.upstreamBusy(id, cause.getMessage());
        }
        if (cause instanceof MalformedUpstreamResponseException) {
            return Rejections.upstreamInvalidResponse(id, target.name(), 502, cause.getMessage());
        }
        return Rejections.upstreamUnreachable(id, target.name(), describe(cause));
    }

    /** The failure's message, or its type when it has none. */
    static String describe(Throwable cause) {
        if (cause == null) {
            return "unknown failure";
        }
        String message = cause.getMessage();
        return message == null ? cause.getClass().getSimpleName() : message;
    }
}
