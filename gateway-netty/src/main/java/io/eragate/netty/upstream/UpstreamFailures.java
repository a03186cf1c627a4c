package io.eragate.netty.upstream;

import io.eragate.core.auth.TokenExchanges;
import io.eragate.core.exchange.FailureKind;
import io.eragate.core.exchange.FailureMapper;
import io.eragate.core.exchange.MappedFailure;
import io.eragate.core.exchange.UpstreamFailure;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.mcp.Era;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;

/**
 * Turns what failed in an upstream call (an exception of Netty's or the gateway's own) into the core's
 * {@link UpstreamFailure}, and through the one {@link FailureMapper} into what the client is told.
 */
public final class UpstreamFailures {
    /** The key of the response-head timeout. */
    public static final String RESPONSE_TIMEOUT_KEY = "limits.upstreamResponseTimeout";

    private UpstreamFailures() {
    }

    /**
     * What {@code cause} was, for a call whose request {@code sent} (or not) to {@code upstream}.
     *
     * @param responseTimeout the timeout a plain {@link TimeoutException} stands for
     * @param timeoutKey its configuration key
     */
    public static UpstreamFailure classify(Throwable cause, boolean sent, String upstream, Duration responseTimeout,
            String timeoutKey) {
        Throwable failure = cause instanceof CompletionException && cause.getCause() != null ? cause.getCause()
                : cause;
        if (failure instanceof UpstreamTimeoutException timeout) {
            return UpstreamFailure.timeout(FailureKind.HEAD_TIMEOUT, upstream, timeout.after(), timeoutKey);
        }
        if (failure instanceof TimeoutException) {
            return UpstreamFailure.timeout(FailureKind.HEAD_TIMEOUT, upstream, responseTimeout, timeoutKey);
        }
        if (failure instanceof TokenExchanges.Failed refused) {
            return UpstreamFailure.of(FailureKind.CREDENTIALS_UNAVAILABLE, upstream, "token exchange failed: "
                    + refused.reason());
        }
        if (failure instanceof UpstreamPoolExhaustedException || failure instanceof UpstreamPoolClosedException) {
            // Both mean the pool had no connection to give: the request never left, and another replica may take it.
            return UpstreamFailure.of(FailureKind.POOL_EXHAUSTED, upstream, failure.getMessage());
        }
        if (failure instanceof MalformedUpstreamResponseException) {
            return UpstreamFailure.of(FailureKind.MALFORMED_ANSWER, upstream, failure.getMessage());
        }
        return UpstreamFailure.of(sent ? FailureKind.CONNECTION_LOST : FailureKind.UNREACHABLE, upstream,
                describe(failure));
    }

    /** What a client of {@code clientEra} is told when a call failed before the upstream's answer began. */
    static MappedFailure beforeHead(Throwable cause, boolean sent, JsonRpcId id, UpstreamTarget target,
            Duration timeout, Era clientEra) {
        return FailureMapper.map(classify(cause, sent, target.name(), timeout, RESPONSE_TIMEOUT_KEY), false,
                clientEra, id);
    }

    /** The failure's message, or its type when it has none. */
    public static String describe(Throwable cause) {
        if (cause == null) {
            return "unknown failure";
        }
        String message = cause.getMessage();
        return message == null ? cause.getClass().getSimpleName() : message;
    }
}
