package io.eragate.core.exchange;

import io.eragate.core.mcp.Era;
import java.util.Objects;

/**
 * Collects what is learned about one client request while it is served, and turns it into its one
 * {@link ExchangeOutcome}: the front learns the client's era and the bytes, the dispatch learns the route, the
 * upstream and the validated method, the exchange learns the upstream's era and (when it knows better than the
 * status) the error type.
 *
 * <p>Not thread-safe: one recorder belongs to one request on one event loop. {@link #finish} reports at most once;
 * anything set afterwards is ignored.
 */
public final class OutcomeRecorder {
    /** The principal of every request while authentication is off. */
    public static final String ANONYMOUS = "anonymous";

    private final ExchangeObserver observer;
    private final String clientAddress;
    private Era clientEra = Era.MODERN;
    private String route;
    private String upstream;
    private Era upstreamEra;
    private String method;
    private String name;
    private String principal = ANONYMOUS;
    private String traceId;
    private String errorType;
    private int httpStatus;
    private Integer jsonRpcErrorCode;
    private long bytesIn;
    private long bytesOut;
    private long startNanos;
    private boolean started;
    private boolean finished;

    /**
     * @param observer told once, when the request ends
     * @param clientAddress the client's IP address, or {@code null}
     */
    public OutcomeRecorder(ExchangeObserver observer, String clientAddress) {
        this.observer = Objects.requireNonNull(observer, "observer");
        this.clientAddress = clientAddress;
    }

    /** The request is complete (its body read) at {@code nanos}; the duration counts from here. */
    public void started(long nanos) {
        if (!started) {
            started = true;
            startNanos = nanos;
        }
    }

    /** The era the client speaks. */
    public void clientEra(Era era) {
        this.clientEra = Objects.requireNonNull(era, "era");
    }

    /** The matched route path and the upstream it names. */
    public void routed(String routePath, String upstreamName) {
        this.route = routePath;
        this.upstream = upstreamName;
    }

    /** The upstream's era, once known. */
    public void upstreamEra(Era era) {
        this.upstreamEra = era;
    }

    /** The validated method and name (never raw input). */
    public void validated(String validatedMethod, String validatedName) {
        this.method = validatedMethod;
        this.name = validatedName;
    }

    /** Who sent the request. */
    public void principal(String who) {
        this.principal = Objects.requireNonNull(who, "who");
    }

    /** The W3C trace id of the request's span. */
    public void traceId(String id) {
        this.traceId = id;
    }

    /**
     * What went wrong, when the exchange knows better than the status does (a deadline on a stream that began
     * 200, a cut stream, a shutdown). The first one set wins: it is the cause, later ones are consequences.
     */
    public void errorType(String type) {
        if (errorType == null) {
            this.errorType = type;
        }
    }

    /** The status of the head sent to the client. */
    public void status(int status) {
        this.httpStatus = status;
    }

    /** The status of the head sent to the client, 0 before one was sent. */
    public int status() {
        return httpStatus;
    }

    /** The JSON-RPC error code the client received (the last one wins: it ends the answer). */
    public void jsonRpcErrorCode(Integer code) {
        this.jsonRpcErrorCode = code;
    }

    /** Request body bytes received. */
    public void addBytesIn(long count) {
        bytesIn += count;
    }

    /** Body bytes written to the client. */
    public void addBytesOut(long count) {
        bytesOut += count;
    }

    /** Whether the outcome was already reported. */
    public boolean isFinished() {
        return finished;
    }

    /**
     * Reports the outcome, once.
     *
     * @param complete whether the client received its whole answer; an answer that ended early is
     *     {@link ErrorTypes#CANCELLED} unless a more specific cause was recorded
     * @param nowNanos {@link System#nanoTime()} now
     * @return whether this call reported (false when it had been reported already)
     */
    public boolean finish(boolean complete, long nowNanos) {
        if (finished) {
            return false;
        }
        finished = true;
        long start = started ? startNanos : nowNanos;
        String type = errorType != null ? errorType
                : complete ? ErrorTypes.of(httpStatus, jsonRpcErrorCode) : ErrorTypes.CANCELLED;
        ExchangeOutcome outcome = new ExchangeOutcome(route, upstream, clientEra, upstreamEra, method, name,
                httpStatus, jsonRpcErrorCode, type, bytesIn, bytesOut, start, Math.max(0, nowNanos - start),
                principal, traceId, clientAddress);
        try {
            observer.onOutcome(outcome);
        } catch (RuntimeException e) {
            // An observer's failure never reaches the client; the observer logs its own troubles.
            return true;
        }
        return true;
    }
}
